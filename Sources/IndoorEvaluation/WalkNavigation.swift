import Foundation
import IndoorConfiguration
import IndoorJSON
import IndoorNavigation
import IndoorPositioning
import IndoorRecordings
import IndoorRouting
import IndoorVenue

/// `eval --navigate`: each walk navigated along a route through its own ground-truth points.
///
/// The route starts at the first truth point, passes through the later ones as pass-through waypoints
/// (at most the router's limit of five, spread evenly) and ends at the last; navigation then follows the
/// fused track of the same run that is scored (``NavigationReplay/Follower``). The walker went exactly
/// where the route goes, so every off-route verdict is a false one. A recording ends the moment its
/// walker reaches the last point, so the walker then stands still there for at most
/// ``standingSeconds`` (as a user who has arrived does) before navigation is judged.
public struct WalkNavigation {
    /// Longest the walker stands still at the end of a walk, seconds. 3.
    public static let standingSeconds = 3.0

    /// What navigating one walk (or, pooled, many) gave.
    public struct Outcome {
        /// Walks navigated.
        public var walks = 1
        /// Off-route verdicts (all false: the walker followed the route).
        public var falseOffRouteEvents = 0
        /// Reroutes made.
        public var reroutes = 0
        /// Walks that announced arrival.
        public var arrived = 0
        /// Arrivals announced while the walker (the truth, interpolated) was still beyond the arrival
        /// radius of the destination.
        public var earlyArrivals = 0
        /// Each early arrival: the walk and the walker's true distance to the destination then, metres.
        public var earlyArrivalWalks: [(file: String, distanceMeters: Double)] = []
        /// Walks whose walker stood still at the end before navigation ended, and arrivals during it.
        public var stood = 0
        /// Arrivals while standing at the end.
        public var arrivedStanding = 0
        /// Walks whose route could not be planned (with the reason of the first).
        public var notPlanned = 0
        /// The first unplanned walk's reason.
        public var firstFailure: String?
        /// Seconds of each off-route verdict and its description (per walk).
        public var offRouteEvents: [(timeSeconds: Double, text: String)] = []
        /// For a walk that did not arrive: why it did not, as far as the run shows (pooled: every such walk).
        public var notArrived: [NotArrived] = []

        /// What a walk that never announced arrival looked like at its end.
        public struct NotArrived {
            var file: String
            /// Route distance still to go by the last progress, metres.
            var distanceRemainingMeters: Double?
            /// The last fused position's distance to the walk's last truth point, which is the destination,
            /// metres, and its reported accuracy.
            var endErrorMeters: Double?
            var endAccuracyMeters: Double?
            /// Seconds the recording runs on after the last truth point.
            var secondsAfterLastTruth: Double?
            /// The last navigation event and when it came (seconds before the end).
            var lastEvent: String?

            /// The JSON object of the walk.
            public var json: JSONValue {
                func number(_ value: Double?) -> JSONValue { value.map { .finite(($0 * 100).rounded() / 100) } ?? .null }
                return [
                    "file": .string(file), "distanceRemainingMeters": number(distanceRemainingMeters),
                    "endErrorMeters": number(endErrorMeters),
                    "endAccuracyMeters": number(endAccuracyMeters), "secondsAfterLastTruth": number(secondsAfterLastTruth),
                    "lastEvent": .optional(lastEvent),
                ]
            }

            /// One line about the walk.
            public var text: String {
                func f(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "-" }
                return
                    "\((file as NSString).lastPathComponent): \(f(distanceRemainingMeters)) m to go, fused \(f(endErrorMeters)) m from the destination (accuracy \(f(endAccuracyMeters)) m), recording ends \(f(secondsAfterLastTruth)) s after the last truth point, last event: \(lastEvent ?? "-")"
            }
        }

        /// The outcomes of many walks added up.
        public static func pooled(_ list: [Outcome]) -> Outcome {
            var total = Outcome(walks: 0)
            for o in list {
                total.walks += o.walks
                total.falseOffRouteEvents += o.falseOffRouteEvents
                total.reroutes += o.reroutes
                total.arrived += o.arrived
                total.earlyArrivals += o.earlyArrivals
                total.earlyArrivalWalks += o.earlyArrivalWalks
                total.stood += o.stood
                total.arrivedStanding += o.arrivedStanding
                total.notPlanned += o.notPlanned
                total.firstFailure = total.firstFailure ?? o.firstFailure
                total.notArrived += o.notArrived
            }
            return total
        }

        /// The `navigation` JSON object.
        public var json: JSONValue {
            [
                "walks": .number(Double(walks)), "falseOffRouteEvents": .number(Double(falseOffRouteEvents)),
                "reroutes": .number(Double(reroutes)), "arrived": .number(Double(arrived)),
                "earlyArrivals": .number(Double(earlyArrivals)),
                "earlyArrivalWalks": .array(
                    earlyArrivalWalks.map {
                        ["file": .string($0.file), "trueDistanceMeters": .finite(($0.distanceMeters * 100).rounded() / 100)]
                    }),
                "stoodAtEnd": .number(Double(stood)), "arrivedWhileStanding": .number(Double(arrivedStanding)),
                "standingSecondsAtMost": .finite(WalkNavigation.standingSeconds), "notPlanned": .number(Double(notPlanned)),
                "firstFailure": .optional(firstFailure),
                "offRoute": .array(offRouteEvents.map { ["t": .finite(($0.timeSeconds * 10).rounded() / 10), "event": .string($0.text)] }),
                "notArrived": .array(notArrived.map(\.json)),
            ]
        }

        /// The `navigation:` text.
        public var text: String {
            "\(walks) walk(s): \(falseOffRouteEvents) false off-route event(s), \(reroutes) reroute(s), \(arrived) arrived"
                + " (\(arrivedStanding) of them while standing still at the end; \(stood) walker(s) stood up to "
                + String(format: "%.0f s)", WalkNavigation.standingSeconds)
                + ", \(earlyArrivals) early (announced beyond the arrival radius)"
                + (notPlanned > 0 ? ", \(notPlanned) not planned (\(firstFailure ?? "?"))" : "")
                + notArrived.map { "\n  not arrived: " + $0.text }.joined()
                + earlyArrivalWalks.map {
                    "\n  early arrival: \(($0.file as NSString).lastPathComponent) "
                        + String(format: "%.1f m from the destination", $0.distanceMeters)
                }.joined()
        }
    }

    /// The follower that navigates along the fused track of an `eval` run (pass it as the run's observer).
    public let follower: NavigationReplay.Follower?
    /// Why the route could not be planned, when it could not.
    public let notPlannedReason: String?
    private let venue: Venue
    private let truth: GroundTruthTrack
    /// The navigation thresholds the walk is followed with.
    private let configuration: NavigationConfiguration

    /// Plans the walk's navigation from its ground truth: the route starts at the truth's start, passes
    /// through later points and ends at the last one (on a venue level).
    public init(truth: GroundTruthTrack, venue: Venue, configuration: NavigationConfiguration = NavigationConfiguration.standard) throws {
        self.venue = venue
        self.configuration = configuration
        self.truth = truth
        let candidates = LevelCandidate.levels(of: venue)
        func levelID(_ point: TruthPoint) -> String? {
            point.level.flatMap { LevelCandidate.index(of: $0, in: candidates, venue: venue) }.map { candidates[$0].levelID }
        }
        guard truth.count >= 2, let lastLevel = levelID(truth.end) else {
            follower = nil
            notPlannedReason = "no ground truth with a venue level"
            return
        }
        // At most the router's limit of via points, spread evenly over the walk's inner truth points.
        let inner = Array(truth.points.dropFirst().dropLast())
        let limit = RouteOptions.maxWaypoints
        let chosen = inner.count <= limit ? inner : (0..<limit).map { inner[($0 * 2 + 1) * inner.count / (2 * limit)] }
        let waypoints = chosen.compactMap { point in
            levelID(point).map { Waypoint(.local(point.point, level: $0), passThrough: true) }
        }
        follower = try NavigationReplay.Follower(
            venue: venue,
            options: .init(
                destination: .point(truth.end.point, levelID: lastLevel),
                waypoints: waypoints, followMode: .follow, updateIntervalSeconds: 1, navigation: configuration))
        notPlannedReason = nil
    }

    /// The outcome once the run is over (`file` names the walk in the not-arrived list).
    public func outcome(lastSampleSeconds: Double?, file: String = "") -> Outcome {
        guard let follower else { return Outcome(notPlanned: 1, firstFailure: notPlannedReason) }
        let walked = follower.result(lastSampleSeconds: lastSampleSeconds)
        let stood = walked.arrived ? 0 : follower.standStill(forSeconds: Self.standingSeconds, fromSeconds: lastSampleSeconds ?? 0)
        let run = follower.result(lastSampleSeconds: lastSampleSeconds)
        var outcome = Outcome(falseOffRouteEvents: run.offRouteEvents, reroutes: run.reroutes, arrived: run.arrived ? 1 : 0)
        outcome.stood = stood > 0 ? 1 : 0
        outcome.arrivedStanding = run.arrived && !walked.arrived ? 1 : 0
        for (time, event) in run.events {
            if case .navigation(let navigation) = event, case .offRoute = navigation {
                outcome.offRouteEvents.append((time, ReplayReport.describe(navigation, venue: venue)))
            }
            if case .navigation(let navigation) = event, case .arrived(let info) = navigation, info.isFinal,
                let walker = truth.position(atSeconds: time, extrapolation: .holdEnds),
                case let away = walker.distance(to: truth.end.point), away > configuration.arrivalRadiusMeters + 1e-9
            {
                outcome.earlyArrivals += 1
                outcome.earlyArrivalWalks.append((file, away))
            }
            if case .navigationFailed(let error) = event {
                outcome.notPlanned = 1
                outcome.firstFailure = "\(error)"
            }
        }
        if !run.arrived, outcome.notPlanned == 0 {
            let last = run.finalProgress?.fusedLocation
            let lastNavigation = run.events.last { if case .navigation = $0.event { true } else { false } }
            var lastEvent: String?
            if let lastNavigation, case .navigation(let event) = lastNavigation.event {
                lastEvent = Self.lastEventText(
                    ReplayReport.describe(event, venue: venue),
                    secondsBeforeEnd: (lastSampleSeconds ?? lastNavigation.timeSeconds) - lastNavigation.timeSeconds)
            }
            outcome.notArrived = [
                Outcome.NotArrived(
                    file: file, distanceRemainingMeters: run.finalProgress?.distanceRemainingMeters,
                    endErrorMeters: run.fused.last.map { $0.point.distance(to: truth.end.point) },
                    endAccuracyMeters: last?.horizontalAccuracyMeters,
                    secondsAfterLastTruth: lastSampleSeconds.map { $0 - truth.end.timeSeconds }, lastEvent: lastEvent)
            ]
        }
        return outcome
    }

    /// A walk's last navigation event with when it came: before the recording's end, or after it while the
    /// walker stood still at the end (the scorer's standing time).
    static func lastEventText(_ description: String, secondsBeforeEnd: Double) -> String {
        secondsBeforeEnd >= 0
            ? description + String(format: " (%.1f s before the end)", secondsBeforeEnd)
            : description + String(format: " (%.1f s after the recording's end, the walker standing)", -secondsBeforeEnd)
    }
}

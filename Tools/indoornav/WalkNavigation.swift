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
/// where the route goes, so every off-route verdict is a false one.
struct WalkNavigation {
    struct Outcome {
        var walks = 1
        var falseOffRouteEvents = 0
        var reroutes = 0
        var arrived = 0
        /// Walks whose route could not be planned (with the reason of the first).
        var notPlanned = 0
        var firstFailure: String?
        /// Seconds of each off-route verdict and its description (per walk).
        var offRouteEvents: [(timeSeconds: Double, text: String)] = []

        static func pooled(_ list: [Outcome]) -> Outcome {
            var total = Outcome(walks: 0)
            for o in list {
                total.walks += o.walks
                total.falseOffRouteEvents += o.falseOffRouteEvents
                total.reroutes += o.reroutes
                total.arrived += o.arrived
                total.notPlanned += o.notPlanned
                total.firstFailure = total.firstFailure ?? o.firstFailure
            }
            return total
        }

        var json: JSONValue {
            [
                "walks": .number(Double(walks)), "falseOffRouteEvents": .number(Double(falseOffRouteEvents)),
                "reroutes": .number(Double(reroutes)), "arrived": .number(Double(arrived)), "notPlanned": .number(Double(notPlanned)),
                "firstFailure": .optional(firstFailure),
                "offRoute": .array(offRouteEvents.map { ["t": .finite(($0.timeSeconds * 10).rounded() / 10), "event": .string($0.text)] }),
            ]
        }

        var text: String {
            "\(walks) walk(s): \(falseOffRouteEvents) false off-route event(s), \(reroutes) reroute(s), \(arrived) arrived"
                + (notPlanned > 0 ? ", \(notPlanned) not planned (\(firstFailure ?? "?"))" : "")
        }
    }

    /// The follower that navigates along the fused track of an `eval` run (pass it as the run's observer).
    let follower: NavigationReplay.Follower?
    /// Why the route could not be planned, when it could not.
    let notPlannedReason: String?
    private let venue: Venue

    /// Plans the walk's navigation from its ground truth: the route starts at the truth's start, passes
    /// through later points and ends at the last one (on a venue level).
    init(truth: GroundTruthTrack, venue: Venue) throws {
        self.venue = venue
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
                waypoints: waypoints, followMode: .follow, updateIntervalSeconds: 1))
        notPlannedReason = nil
    }

    /// The outcome once the run is over.
    func outcome(lastSampleSeconds: Double?) -> Outcome {
        guard let follower else { return Outcome(notPlanned: 1, firstFailure: notPlannedReason) }
        let run = follower.result(lastSampleSeconds: lastSampleSeconds)
        var outcome = Outcome(falseOffRouteEvents: run.offRouteEvents, reroutes: run.reroutes, arrived: run.arrived ? 1 : 0)
        for (time, event) in run.events {
            if case .navigation(let navigation) = event, case .offRoute = navigation {
                outcome.offRouteEvents.append((time, ReplayReport.describe(navigation, venue: venue)))
            }
            if case .navigationFailed(let error) = event {
                outcome.notPlanned = 1
                outcome.firstFailure = "\(error)"
            }
        }
        return outcome
    }
}

import IndoorConfiguration
import IndoorGeometry
import IndoorNavigation
import IndoorPositioning
import IndoorRouting
import IndoorVenue

/// Runs simulated walks through navigation sessions and counts what happened: on-route walks with
/// positioning noise, deviation walks that leave the route, and stranded users far from any path.
///
/// Deterministic for a venue, configuration and seed. The user walks as ``WalkComposer`` composes
/// walks (the walk model of ``WalkPlanner``: turns, stairs, elevators) with the settings of `walker`;
/// fixes come from ``FixGenerator``.
public final class ScenarioRunner {
    /// The venue walks are run in.
    public let venue: Venue
    /// The navigation settings under test.
    public let configuration: NavigationConfiguration
    /// How fixes are drawn around the true path: position and heading noise, reported accuracies, fix interval.
    public let fixes: FixGenerator.Configuration
    /// How the user walks and rides connectors (``WalkerConfiguration``'s defaults: 1.3 m/s). Its
    /// pauses before and after a walk are not used: a scenario walk starts at once and dwells for
    /// `dwellSeconds`.
    public let walker: WalkerConfiguration
    /// Seconds the user stays at the destination after reaching it. Default 15 s.
    public var dwellSeconds = 15.0
    /// Called with every fix and the events it caused (for tracing a walk); `nil` by default.
    public var observer: ((_ fix: IndoorLocation, _ truth: RoutePoint, _ events: [NavigationEvent]) -> Void)?
    let router: IndoorRouter

    /// A runner for `venue`.
    /// - Throws: ``NavigationError/invalidConfiguration(field:reason:)`` for a navigation setting out of
    ///   range, ``SimulationError/invalidConfiguration(field:message:)`` for a walker setting out of range.
    public init(
        venue: Venue, configuration: NavigationConfiguration = NavigationConfiguration.standard,
        fixes: FixGenerator.Configuration = FixGenerator.Configuration(), walker: WalkerConfiguration = WalkerConfiguration.standard
    ) throws {
        self.venue = venue
        do { try configuration.validate() } catch { throw NavigationError(error) }
        self.configuration = configuration
        try walker.checked()
        self.walker = walker
        self.fixes = fixes
        self.router = IndoorRouter(venue: venue)
    }

    /// One on-route, one deviation and one stranded walk per seed, summed into a report.
    public func run(seeds: Range<UInt64>) -> ScenarioReport {
        var report = ScenarioReport()
        var reroutesPerDeviation: [Int] = []
        for seed in seeds {
            if let walk = onRouteWalk(seed: seed) {
                report.onRouteWalks += 1
                report.falseOffRouteEvents += walk.offRouteEvents
                report.falseReroutes += walk.reroutes
                add(walk.arrival, to: &report)
            }
            if let walk = deviationWalk(seed: seed) {
                report.deviationWalks += 1
                if let delay = walk.detectionDelaySeconds {
                    report.deviationsDetected += 1
                    report.maxOffRouteDetectionDelaySeconds = max(report.maxOffRouteDetectionDelaySeconds, delay)
                }
                reroutesPerDeviation.append(walk.reroutes)
                report.maxRerouteStartDistanceMeters = max(report.maxRerouteStartDistanceMeters, walk.maxRouteStartDistanceMeters)
                add(walk.arrival, to: &report)
            }
            if let walk = strandedWalk(seed: seed) {
                report.strandedWalks += 1
                report.strandedRerouteAttemptsMax = max(report.strandedRerouteAttemptsMax, walk.attempts)
                if walk.gaveUp { report.strandedGiveUps += 1 }
            }
        }
        report.maxReroutesPerDeviation = reroutesPerDeviation.max() ?? 0
        report.minReroutesPerDeviation = reroutesPerDeviation.min() ?? 0
        return report
    }

    private func add(_ arrival: ArrivalOutcome, to report: inout ScenarioReport) {
        guard let delay = arrival.delaySeconds else { report.missedArrivals += 1; return }
        report.arrivals += 1
        report.maxArrivalDelaySeconds = report.arrivals == 1 ? delay : max(report.maxArrivalDelaySeconds, delay)
        if arrival.trueDistanceMeters > configuration.arrivalRadiusMeters + 1e-9 { report.earlyArrivals += 1 }
    }

    // MARK: - Outcomes

    /// When the final arrival was reported relative to reaching the destination.
    public struct ArrivalOutcome: Hashable, Sendable {
        /// Arrival time minus the time the user reached the destination; `nil` when never reported.
        public var delaySeconds: Double?
        /// The user's true distance to the destination when arrival was reported.
        public var trueDistanceMeters: Double
    }

    /// What happened on one on-route walk.
    public struct OnRouteOutcome: Hashable, Sendable {
        /// `.offRoute` events on a walk that never left the route (false verdicts).
        public var offRouteEvents: Int
        /// `.rerouted` events on that walk.
        public var reroutes: Int
        /// Whether and how well arrival was reported.
        public var arrival: ArrivalOutcome
        /// Fixes fed to the session.
        public var fixes: Int
    }

    /// What happened on one deviation walk.
    public struct DeviationOutcome: Hashable, Sendable {
        /// Seconds from crossing 8 m off the route to `.offRoute`; `nil` when not detected.
        public var detectionDelaySeconds: Double?
        /// `.rerouted` events after leaving the route.
        public var reroutes: Int
        /// Largest distance from a new route's first point to the true position at that time.
        public var maxRouteStartDistanceMeters: Double
        /// Whether and how well arrival was reported after the detour.
        public var arrival: ArrivalOutcome
        /// How far off the route the user went, metres.
        public var deviationMeters: Double
    }

    /// What happened to one stranded user.
    public struct StrandedOutcome: Hashable, Sendable {
        /// `.rerouteRequested` events while stranded.
        public var attempts: Int
        /// Whether a `.rerouteGaveUp` event came.
        public var gaveUp: Bool
    }

    // MARK: - Routes

    /// A route between two random graph nodes with a length in `lengthRange`, and the path along it.
    func randomRoute(random: inout SplitMix64, lengthRange: ClosedRange<Double>, allowTransitions: Bool = true) -> Route? {
        let nodes = venue.graph.nodes
        guard nodes.count > 1 else { return nil }
        for _ in 0..<60 {
            let a = nodes[Int.random(in: 0..<nodes.count, using: &random)]
            let b = nodes[Int.random(in: 0..<nodes.count, using: &random)]
            let request = RouteRequest(
                from: .local(a.point, level: venue.levels[Int(a.levelIndex)].id),
                to: .local(b.point, level: venue.levels[Int(b.levelIndex)].id))
            guard let response = try? router.route(request), let route = response.route,
                lengthRange.contains(route.lengthMeters),
                allowTransitions || route.sections.allSatisfy({ $0.transition == nil })
            else { continue }
            return route
        }
        return nil
    }

    /// Distance from a point to a route's segments on a level (infinity when it has none there).
    static func distance(from p: RoutePoint, to route: Route) -> Double {
        var best = Double.infinity
        let line = route.polyline
        for (a, b) in zip(line, line.dropFirst()) where a.levelID == p.levelID && b.levelID == p.levelID {
            best = min(best, Segment(a.point, b.point).distance(to: p.point))
        }
        if line.count == 1, let only = line.first, only.levelID == p.levelID { best = only.point.distance(to: p.point) }
        return best
    }

    func makeSession() -> NavigationSession? {
        try? NavigationSession(venue: venue, router: router, configuration: configuration)
    }
}

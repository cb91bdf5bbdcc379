/// The counts and worst cases of a batch of simulated walks (``ScenarioRunner``).
///
/// Delays are seconds; `nil`-free: a figure with no samples is 0 (and its sample count says so).
public struct ScenarioReport: Hashable, Sendable {
    /// Walks along the route with positioning noise, start to destination.
    public var onRouteWalks = 0
    /// `.offRoute` events during on-route walks (every one is false).
    public var falseOffRouteEvents = 0
    /// `.rerouted` events during on-route walks.
    public var falseReroutes = 0
    /// Walks whose final arrival was reported (on-route and deviation walks).
    public var arrivals = 0
    /// Walks that reached the destination without an arrival being reported in time.
    public var missedArrivals = 0
    /// Largest time from reaching the destination to the arrival event (negative when reported while
    /// still approaching inside the radius).
    public var maxArrivalDelaySeconds = 0.0
    /// Arrivals reported while the true position was outside the arrival radius.
    public var earlyArrivals = 0
    /// Walks that left the route by more than 8 m.
    public var deviationWalks = 0
    /// Deviation walks with an `.offRoute` event after leaving.
    public var deviationsDetected = 0
    /// Largest time from the true position crossing 8 m off the route to the `.offRoute` event.
    public var maxOffRouteDetectionDelaySeconds = 0.0
    /// Largest and smallest number of `.rerouted` events per deviation walk.
    public var maxReroutesPerDeviation = 0
    /// Smallest number of `.rerouted` events per deviation walk.
    public var minReroutesPerDeviation = 0
    /// Largest distance from a new route's start to the user's true position, metres.
    public var maxRerouteStartDistanceMeters = 0.0
    /// Walks standing still far (> 50 m) from any path.
    public var strandedWalks = 0
    /// Largest number of reroute attempts (`.rerouteRequested`) in one stranded walk.
    public var strandedRerouteAttemptsMax = 0
    /// Stranded walks that ended with `.rerouteGaveUp`.
    public var strandedGiveUps = 0

    /// An empty report: every count and maximum 0.
    public init() {}

    /// Named figures in a stable order (for text and JSON output).
    public var figures: [(name: String, value: Double)] {
        [
            ("onRouteWalks", Double(onRouteWalks)), ("falseOffRouteEvents", Double(falseOffRouteEvents)),
            ("falseReroutes", Double(falseReroutes)), ("arrivals", Double(arrivals)), ("missedArrivals", Double(missedArrivals)),
            ("maxArrivalDelaySeconds", maxArrivalDelaySeconds), ("earlyArrivals", Double(earlyArrivals)),
            ("deviationWalks", Double(deviationWalks)), ("deviationsDetected", Double(deviationsDetected)),
            ("maxOffRouteDetectionDelaySeconds", maxOffRouteDetectionDelaySeconds),
            ("maxReroutesPerDeviation", Double(maxReroutesPerDeviation)), ("minReroutesPerDeviation", Double(minReroutesPerDeviation)),
            ("maxRerouteStartDistanceMeters", maxRerouteStartDistanceMeters), ("strandedWalks", Double(strandedWalks)),
            ("strandedRerouteAttemptsMax", Double(strandedRerouteAttemptsMax)), ("strandedGiveUps", Double(strandedGiveUps)),
        ]
    }
}

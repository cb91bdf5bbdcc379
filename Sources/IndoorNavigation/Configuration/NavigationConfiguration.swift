import IndoorConfiguration

/// Every tunable of a navigation session: defaults, units and ranges are in ``tunables`` (the table in
/// the module README is generated from it), checked by ``validate()`` and by ``NavigationSession``'s
/// initializer. Defaults are chosen for walking indoors with fused positions of 1–10 m accuracy (one sigma).
public struct NavigationConfiguration: Hashable, Sendable, Codable {
    // MARK: Snapping and off-route

    /// Smallest distance from the route, in metres, at which a location can count as off the route (and the
    /// smallest snapping corridor half-width).
    public var minimumCorridorMeters = 5.0
    /// The corridor half-width is this many times the location's horizontal accuracy (one sigma), when that is
    /// larger than the minimum.
    public var corridorAccuracyFactor = 2.5
    /// Largest corridor half-width in metres, however poor the accuracy.
    public var maximumCorridorMeters = 30.0
    /// How far behind the last progress the local snapping search looks, in metres.
    public var searchBehindMeters = 10.0
    /// How far ahead of the last progress the local snapping search looks, in metres, before adding the
    /// distance the user could have walked since the last fix.
    public var searchAheadMeters = 15.0
    /// Fastest plausible walking speed in m/s, widening the local search ahead with elapsed time.
    public var maximumSpeedMetersPerSecond = 3.0
    /// A heading counts as reliable when its one-sigma accuracy is at most this, in radians.
    public var reliableHeadingAccuracyRadians = 0.52
    /// A route segment disagrees with a reliable heading when their directions differ by more than this, in
    /// radians.
    public var headingMismatchRadians = 1.57
    /// Penalty in metres added to a segment's distance when it disagrees with a reliable heading, so
    /// overlapping parts of a route that doubles back snap by direction.
    public var headingMismatchPenaltyMeters = 4.0
    /// Penalty in metres per metre a candidate projection lies behind the previous progress, among the
    /// projections near it: where a route doubles back, a walker turning before the turning point continues on
    /// the way back instead of sliding back along the way out.
    public var snapBackwardPenaltyPerMeter = 0.1
    /// Consecutive off-route fixes needed before declaring off-route.
    public var offRouteMinimumFixes = 3
    /// Seconds the off-route evidence must span (first to latest off-route fix) before declaring off-route.
    public var offRouteMinimumSeconds = 1.0
    /// A fix is clear evidence of being on the route when within this fraction of the corridor; between it and
    /// the corridor edge a fix neither adds nor clears off-route evidence.
    public var onRouteEvidenceFraction = 0.6
    /// A location between the on-route fraction of the corridor and its edge counts as off-route evidence when
    /// its reliable heading points away from the route: within this angle, in radians, of the direction from
    /// the nearest point of the route (beside a segment, not at a corner) to the location. 0 turns this off.
    public var offRouteAwayHeadingRadians = 1.05
    /// Within this distance along the route of a level change (stairs, escalator, elevator, ramp), a heading
    /// away from the route is no evidence of leaving it: on a stairwell's flights and landings the walked path
    /// turns away from the route's line. 0: only on the connector itself.
    public var levelChangeZoneMeters = 5.0
    /// Consecutive clearly on-route fixes that clear off-route evidence, and that end an off-route state.
    public var onRouteRecoveryFixes = 3
    /// Locations less accurate than this (metres, one sigma) are ignored for every decision.
    public var maximumUsableAccuracyMeters = 50.0
    /// A location's level is trusted (for level changes and wrong-level detection) only when its level
    /// probability is at least this.
    public var minimumLevelProbability = 0.6

    // MARK: Arrival and guidance

    /// Radius around a stop (destination, stopover, transition point) within which the user has arrived, in
    /// metres.
    public var arrivalRadiusMeters = 5.0
    /// An arrival ends (the user left again) only beyond the radius plus this margin, in metres.
    public var arrivalExitMarginMeters = 3.0
    /// Consecutive fixes needed to report arrival (and to report leaving).
    public var arrivalMinimumFixes = 1
    /// Seconds of fixes averaged for the arrival distance. Averaging cancels noise on single fixes, and while
    /// the user approaches, the mean lags behind them, which guards against early arrival.
    public var arrivalAveragingSeconds = 5.0
    /// Width of the confidence bound around the averaged arrival distance, in standard errors of the mean (from
    /// the fixes' accuracy): arrival needs the upper bound inside the radius.
    public var arrivalConfidenceSigmas = 0.25
    /// Locations less accurate than this cannot report arrival (they cannot tell 5 m apart).
    public var arrivalMaximumAccuracyMeters = 15.0
    /// A user whose fused position has stayed within ``arrivalStationaryMeters`` for this many seconds is
    /// standing still; standing still, they have arrived when the stop lies within the radius plus
    /// ``arrivalStationarySigmas`` times the location's accuracy (people stop where they meant to go, and the
    /// position error there is what the accuracy reports). 0 turns the rule off.
    public var arrivalStationarySeconds = 2.0
    /// Largest movement of the fused position that still counts as standing still, in metres.
    public var arrivalStationaryMeters = 0.5
    /// Accuracies (one sigma) a standing user's distance to the stop may lie beyond the radius and still
    /// arrive.
    public var arrivalStationarySigmas = 1.0
    /// Distance before a level change, section transition or the final destination at which `.arriving` is
    /// sent, in metres.
    public var arrivingNoticeMeters = 10.0
    /// A maneuver becomes current this many metres before the user reaches it.
    public var maneuverAdvanceLeadMeters = 2.0

    // MARK: Reroute policy

    /// Wait after a reroute before the next one, in seconds; doubles per further reroute in a row.
    public var rerouteCooldownSeconds = 10.0
    /// Factor applied to the cooldown for each further reroute in a row (exponential backoff).
    public var rerouteBackoffFactor = 2.0
    /// Cap on the backed-off cooldown, in seconds.
    public var maximumRerouteCooldownSeconds = 60.0
    /// Seconds on route after which the backoff starts again from the base cooldown.
    public var backoffResetSeconds = 30.0
    /// The user must have moved this far (metres) since the last reroute before another.
    public var minimumMovementBetweenReroutesMeters = 5.0
    /// Rejoining the current route is chosen when its duration is at most the fresh route's times (1 + this).
    public var rejoinToleranceFraction = 0.1
    /// A new route starts at the mean of the fixes of this many seconds (steadier than one noisy fix).
    public var rerouteOriginAveragingSeconds = 2.0
    /// Failed reroute attempts in a row before giving up.
    public var maximumFailedReroutes = 3
    /// After giving up, rerouting re-arms when the user is within this many metres of a walkable path (a graph
    /// edge on their level).
    public var rearmDistanceMeters = 20.0

    /// The corridor half-width (and off-route threshold) in metres for a location accuracy.
    public func corridorMeters(accuracyMeters: Double) -> Double {
        let scaled = accuracyMeters.isFinite ? corridorAccuracyFactor * accuracyMeters : maximumCorridorMeters
        return min(maximumCorridorMeters, max(minimumCorridorMeters, scaled))
    }

    /// The cooldown in seconds after `consecutiveReroutes` reroutes in a row (1 = the first).
    public func cooldownSeconds(afterConsecutiveReroutes count: Int) -> Double {
        var cooldown = rerouteCooldownSeconds
        if count > 1 {
            for _ in 1..<min(count, 64) { cooldown *= rerouteBackoffFactor }
        }
        return min(cooldown, maximumRerouteCooldownSeconds)
    }
}

/// Decoding that tolerates a missing setting (a session snapshot written before the setting existed):
/// a missing one keeps its default. Encoding is the synthesized one (every setting by name).
extension NavigationConfiguration {
    /// Decodes the settings present and keeps the default for every missing one.
    /// - Throws: `DecodingError` for a setting of the wrong type.
    public init(from decoder: any Decoder) throws {
        self = .standard
        let container = try decoder.container(keyedBy: CodingKeys.self)
        for tunable in Self.tunables {
            guard let key = CodingKeys(stringValue: tunable.name) else { continue }
            if tunable.kind == .wholeNumber {
                if let value = try container.decodeIfPresent(Int.self, forKey: key) { tunable.write(Double(value), into: &self) }
            } else if let value = try container.decodeIfPresent(Double.self, forKey: key) {
                tunable.write(value, into: &self)
            }
        }
    }
}

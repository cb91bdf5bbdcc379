/// Every tunable of a navigation session, with its unit, default and valid range.
///
/// Values are checked by ``validated()`` (and by ``NavigationSession``'s initializer); the README of
/// the module lists them in one table. Defaults are chosen for walking indoors with fused positions of
/// 1–10 m accuracy (one sigma).
public struct NavigationConfiguration: Hashable, Sendable, Codable {
    // MARK: Snapping and off-route

    /// Smallest distance from the route, in metres, at which a location can count as off the route
    /// (and the smallest snapping corridor half-width). Default 5 m, range 1–50 m.
    public var minimumCorridorMeters = 5.0
    /// The corridor half-width is this many times the location's horizontal accuracy (one sigma), when
    /// that is larger than the minimum. Default 2.5, range 1–10.
    public var corridorAccuracyFactor = 2.5
    /// Largest corridor half-width in metres, however poor the accuracy. Default 30 m, range 5–200 m.
    public var maximumCorridorMeters = 30.0
    /// How far behind the last progress the local snapping search looks, in metres. Default 10 m,
    /// range 0–100 m.
    public var searchBehindMeters = 10.0
    /// How far ahead of the last progress the local snapping search looks, in metres, before adding
    /// the distance the user could have walked since the last fix. Default 15 m, range 1–200 m.
    public var searchAheadMeters = 15.0
    /// Fastest plausible walking speed in m/s, widening the local search ahead with elapsed time.
    /// Default 3 m/s, range 0.5–10 m/s.
    public var maximumSpeedMetersPerSecond = 3.0
    /// A heading counts as reliable when its one-sigma accuracy is at most this, in radians.
    /// Default 0.52 rad (30°), range 0.01–π.
    public var reliableHeadingAccuracyRadians = 0.52
    /// A route segment disagrees with a reliable heading when their directions differ by more than this,
    /// in radians. Default 1.57 rad (90°), range 0.1–π.
    public var headingMismatchRadians = 1.57
    /// Penalty in metres added to a segment's distance when it disagrees with a reliable heading, so
    /// overlapping parts of a route that doubles back snap by direction. Default 4 m, range 0–50 m.
    public var headingMismatchPenaltyMeters = 4.0
    /// Penalty in metres per metre a candidate projection lies behind the previous progress, among the
    /// projections near it: where a route doubles back, a walker turning before the turning point
    /// continues on the way back instead of sliding back along the way out. Default 0.1, range 0–10.
    public var snapBackwardPenaltyPerMeter = 0.1
    /// Consecutive off-route fixes needed before declaring off-route. Default 3, range 1–20.
    public var offRouteMinimumFixes = 3
    /// Seconds the off-route evidence must span (first to latest off-route fix) before declaring
    /// off-route. Default 1 s, range 0–30 s.
    public var offRouteMinimumSeconds = 1.0
    /// A fix is clear evidence of being on the route when within this fraction of the corridor;
    /// between it and the corridor edge a fix neither adds nor clears off-route evidence. Default 0.6,
    /// range 0.1–1.
    public var onRouteEvidenceFraction = 0.6
    /// A location between the on-route fraction of the corridor and its edge counts as off-route
    /// evidence when its reliable heading points away from the route: within this angle, in radians, of
    /// the direction from the nearest point of the route (beside a segment, not at a corner) to the
    /// location. 0 turns this off. Default 1.05 rad (60°), range 0–π/2.
    public var offRouteAwayHeadingRadians = 1.05
    /// Within this distance along the route of a level change (stairs, escalator, elevator, ramp), a
    /// heading away from the route is no evidence of leaving it: on a stairwell's flights and landings
    /// the walked path turns away from the route's line. 0: only on the connector itself. Default 5 m, range 0–50 m.
    public var levelChangeZoneMeters = 5.0
    /// Consecutive clearly on-route fixes that clear off-route evidence, and that end an off-route
    /// state. Default 3, range 1–20.
    public var onRouteRecoveryFixes = 3
    /// Locations less accurate than this (metres, one sigma) are ignored for every decision.
    /// Default 50 m, range 1–1000 m.
    public var maximumUsableAccuracyMeters = 50.0
    /// A location's level is trusted (for level changes and wrong-level detection) only when its level
    /// probability is at least this. Default 0.6, range 0–1.
    public var minimumLevelProbability = 0.6

    // MARK: Arrival and guidance

    /// Radius around a stop (destination, stopover, transition point) within which the user has
    /// arrived, in metres. Default 5 m, range 1–50 m.
    public var arrivalRadiusMeters = 5.0
    /// An arrival ends (the user left again) only beyond the radius plus this margin, in metres.
    /// Default 3 m, range 0–50 m.
    public var arrivalExitMarginMeters = 3.0
    /// Consecutive fixes needed to report arrival (and to report leaving). Default 1, range 1–10.
    public var arrivalMinimumFixes = 1
    /// Seconds of fixes averaged for the arrival distance. Averaging cancels noise on single fixes, and
    /// while the user approaches, the mean lags behind them, which guards against early arrival.
    /// Default 5 s, range 0–30 s.
    public var arrivalAveragingSeconds = 5.0
    /// Width of the confidence bound around the averaged arrival distance, in standard errors of the
    /// mean (from the fixes' accuracy): arrival needs the upper bound inside the radius. Default 0.25,
    /// range 0–5.
    public var arrivalConfidenceSigmas = 0.25
    /// Locations less accurate than this cannot report arrival (they cannot tell 5 m apart).
    /// Default 15 m, range 1–100 m.
    public var arrivalMaximumAccuracyMeters = 15.0
    /// A user whose fused position has stayed within ``arrivalStationaryMeters`` for this many seconds
    /// is standing still; standing still, they have arrived when the stop lies within the radius plus
    /// ``arrivalStationarySigmas`` times the location's accuracy (people stop where they meant to go,
    /// and the position error there is what the accuracy reports). 0 turns the rule off.
    /// Default 2 s, range 0–30 s.
    public var arrivalStationarySeconds = 2.0
    /// Largest movement of the fused position that still counts as standing still, in metres.
    /// Default 0.5 m, range 0–5 m.
    public var arrivalStationaryMeters = 0.5
    /// Accuracies (one sigma) a standing user's distance to the stop may lie beyond the radius and still
    /// arrive. Default 1, range 0–3.
    public var arrivalStationarySigmas = 1.0
    /// Distance before a level change, section transition or the final destination at which `.arriving`
    /// is sent, in metres.
    /// Default 10 m, range 1–100 m.
    public var arrivingNoticeMeters = 10.0
    /// A maneuver becomes current this many metres before the user reaches it. Default 2 m,
    /// range 0–20 m.
    public var maneuverAdvanceLeadMeters = 2.0

    // MARK: Reroute policy

    /// Wait after a reroute before the next one, in seconds; doubles per further reroute in a row.
    /// Default 10 s, range 0–120 s.
    public var rerouteCooldownSeconds = 10.0
    /// Factor applied to the cooldown for each further reroute in a row (exponential backoff).
    /// Default 2, range 1–10.
    public var rerouteBackoffFactor = 2.0
    /// Cap on the backed-off cooldown, in seconds. Default 60 s, range 0–3600 s.
    public var maximumRerouteCooldownSeconds = 60.0
    /// Seconds on route after which the backoff starts again from the base cooldown. Default 30 s,
    /// range 0–3600 s.
    public var backoffResetSeconds = 30.0
    /// The user must have moved this far (metres) since the last reroute before another.
    /// Default 5 m, range 0–200 m.
    public var minimumMovementBetweenReroutesMeters = 5.0
    /// Rejoining the current route is chosen when its duration is at most the fresh route's times
    /// (1 + this). Default 0.1, range 0–1.
    public var rejoinToleranceFraction = 0.1
    /// A new route starts at the mean of the fixes of this many seconds (steadier than one noisy fix).
    /// Default 2 s, range 0–10 s.
    public var rerouteOriginAveragingSeconds = 2.0
    /// Failed reroute attempts in a row before giving up. Default 3, range 1–20.
    public var maximumFailedReroutes = 3
    /// After giving up, rerouting re-arms when the user is within this many metres of a walkable
    /// path (a graph edge on their level). Default 20 m, range 1–1000 m.
    public var rearmDistanceMeters = 20.0

    /// The defaults.
    public init() {}

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

    /// Returns the configuration when every value is finite and in range, else throws naming the field.
    public func validated() throws(NavigationError) -> NavigationConfiguration {
        let ranges: [(String, Double, ClosedRange<Double>)] = [
            ("minimumCorridorMeters", minimumCorridorMeters, 1...50),
            ("corridorAccuracyFactor", corridorAccuracyFactor, 1...10),
            ("maximumCorridorMeters", maximumCorridorMeters, 5...200),
            ("searchBehindMeters", searchBehindMeters, 0...100),
            ("searchAheadMeters", searchAheadMeters, 1...200),
            ("maximumSpeedMetersPerSecond", maximumSpeedMetersPerSecond, 0.5...10),
            ("reliableHeadingAccuracyRadians", reliableHeadingAccuracyRadians, 0.01...Double.pi),
            ("headingMismatchRadians", headingMismatchRadians, 0.1...Double.pi),
            ("headingMismatchPenaltyMeters", headingMismatchPenaltyMeters, 0...50),
            ("snapBackwardPenaltyPerMeter", snapBackwardPenaltyPerMeter, 0...10),
            ("offRouteMinimumFixes", Double(offRouteMinimumFixes), 1...20),
            ("offRouteMinimumSeconds", offRouteMinimumSeconds, 0...30),
            ("onRouteEvidenceFraction", onRouteEvidenceFraction, 0.1...1),
            ("offRouteAwayHeadingRadians", offRouteAwayHeadingRadians, 0...(Double.pi / 2)),
            ("levelChangeZoneMeters", levelChangeZoneMeters, 0...50),
            ("onRouteRecoveryFixes", Double(onRouteRecoveryFixes), 1...20),
            ("maximumUsableAccuracyMeters", maximumUsableAccuracyMeters, 1...1000),
            ("minimumLevelProbability", minimumLevelProbability, 0...1),
            ("arrivalRadiusMeters", arrivalRadiusMeters, 1...50),
            ("arrivalExitMarginMeters", arrivalExitMarginMeters, 0...50),
            ("arrivalMinimumFixes", Double(arrivalMinimumFixes), 1...10),
            ("arrivalAveragingSeconds", arrivalAveragingSeconds, 0...30),
            ("arrivalConfidenceSigmas", arrivalConfidenceSigmas, 0...5),
            ("arrivalMaximumAccuracyMeters", arrivalMaximumAccuracyMeters, 1...100),
            ("arrivalStationarySeconds", arrivalStationarySeconds, 0...30),
            ("arrivalStationaryMeters", arrivalStationaryMeters, 0...5),
            ("arrivalStationarySigmas", arrivalStationarySigmas, 0...3),
            ("arrivingNoticeMeters", arrivingNoticeMeters, 1...100),
            ("maneuverAdvanceLeadMeters", maneuverAdvanceLeadMeters, 0...20),
            ("rerouteCooldownSeconds", rerouteCooldownSeconds, 0...120),
            ("rerouteBackoffFactor", rerouteBackoffFactor, 1...10),
            ("maximumRerouteCooldownSeconds", maximumRerouteCooldownSeconds, 0...3600),
            ("backoffResetSeconds", backoffResetSeconds, 0...3600),
            ("minimumMovementBetweenReroutesMeters", minimumMovementBetweenReroutesMeters, 0...200),
            ("rejoinToleranceFraction", rejoinToleranceFraction, 0...1),
            ("rerouteOriginAveragingSeconds", rerouteOriginAveragingSeconds, 0...10),
            ("maximumFailedReroutes", Double(maximumFailedReroutes), 1...20),
            ("rearmDistanceMeters", rearmDistanceMeters, 1...1000),
        ]
        for (field, value, range) in ranges where !(value.isFinite && range.contains(value)) {
            throw .invalidConfiguration(field: field, reason: "\(value) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        if maximumCorridorMeters < minimumCorridorMeters {
            throw .invalidConfiguration(
                field: "maximumCorridorMeters",
                reason: "\(maximumCorridorMeters) is below minimumCorridorMeters \(minimumCorridorMeters)")
        }
        return self
    }
}

/// Decoding that tolerates a missing setting (a session snapshot written before the setting existed):
/// a missing one keeps its default. Encoding is the synthesized one (every setting by name).
extension NavigationConfiguration {
    /// Decodes the settings present and keeps the default for every missing one.
    /// - Throws: `DecodingError` for a setting of the wrong type.
    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        for (key, path) in Self.decimalSettings {
            if let value = try container.decodeIfPresent(Double.self, forKey: key) { self[keyPath: path] = value }
        }
        for (key, path) in Self.countSettings {
            if let value = try container.decodeIfPresent(Int.self, forKey: key) { self[keyPath: path] = value }
        }
    }

    /// Every setting by name (its coding key) with its value: counts as whole numbers. For `NAME=VALUE`
    /// overrides.
    public var namedValues: [String: Double] {
        var values: [String: Double] = [:]
        for (key, path) in Self.decimalSettings { values[key.stringValue] = self[keyPath: path] }
        for (key, path) in Self.countSettings { values[key.stringValue] = Double(self[keyPath: path]) }
        return values
    }

    /// This configuration with the settings in `values` (by ``namedValues``' names) replaced, validated.
    /// - Throws: ``NavigationError/invalidConfiguration(field:reason:)`` for an unknown name, a count
    ///   that is not a whole number, or a value out of range.
    public func replacing(_ values: [String: Double]) throws(NavigationError) -> NavigationConfiguration {
        var result = self
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            if let path = Self.decimalSettings.first(where: { $0.0.stringValue == name })?.1 {
                result[keyPath: path] = value
            } else if let path = Self.countSettings.first(where: { $0.0.stringValue == name })?.1 {
                guard value.isFinite, value == value.rounded(), abs(value) < 1e9 else {
                    throw .invalidConfiguration(field: name, reason: "\(value) is not a whole number")
                }
                result[keyPath: path] = Int(value)
            } else {
                throw .invalidConfiguration(field: name, reason: "no such setting")
            }
        }
        return try result.validated()
    }

    /// The settings in metres, seconds, radians or fractions, by coding key.
    private static var decimalSettings: [(CodingKeys, WritableKeyPath<NavigationConfiguration, Double>)] {
        [
            (.minimumCorridorMeters, \.minimumCorridorMeters),
            (.corridorAccuracyFactor, \.corridorAccuracyFactor),
            (.maximumCorridorMeters, \.maximumCorridorMeters),
            (.searchBehindMeters, \.searchBehindMeters),
            (.searchAheadMeters, \.searchAheadMeters),
            (.maximumSpeedMetersPerSecond, \.maximumSpeedMetersPerSecond),
            (.reliableHeadingAccuracyRadians, \.reliableHeadingAccuracyRadians),
            (.headingMismatchRadians, \.headingMismatchRadians),
            (.headingMismatchPenaltyMeters, \.headingMismatchPenaltyMeters),
            (.snapBackwardPenaltyPerMeter, \.snapBackwardPenaltyPerMeter),
            (.offRouteMinimumSeconds, \.offRouteMinimumSeconds),
            (.onRouteEvidenceFraction, \.onRouteEvidenceFraction),
            (.offRouteAwayHeadingRadians, \.offRouteAwayHeadingRadians),
            (.levelChangeZoneMeters, \.levelChangeZoneMeters),
            (.maximumUsableAccuracyMeters, \.maximumUsableAccuracyMeters),
            (.minimumLevelProbability, \.minimumLevelProbability),
            (.arrivalRadiusMeters, \.arrivalRadiusMeters),
            (.arrivalExitMarginMeters, \.arrivalExitMarginMeters),
            (.arrivalAveragingSeconds, \.arrivalAveragingSeconds),
            (.arrivalConfidenceSigmas, \.arrivalConfidenceSigmas),
            (.arrivalMaximumAccuracyMeters, \.arrivalMaximumAccuracyMeters),
            (.arrivalStationarySeconds, \.arrivalStationarySeconds),
            (.arrivalStationaryMeters, \.arrivalStationaryMeters),
            (.arrivalStationarySigmas, \.arrivalStationarySigmas),
            (.arrivingNoticeMeters, \.arrivingNoticeMeters),
            (.maneuverAdvanceLeadMeters, \.maneuverAdvanceLeadMeters),
            (.rerouteCooldownSeconds, \.rerouteCooldownSeconds),
            (.rerouteBackoffFactor, \.rerouteBackoffFactor),
            (.maximumRerouteCooldownSeconds, \.maximumRerouteCooldownSeconds),
            (.backoffResetSeconds, \.backoffResetSeconds),
            (.minimumMovementBetweenReroutesMeters, \.minimumMovementBetweenReroutesMeters),
            (.rejoinToleranceFraction, \.rejoinToleranceFraction),
            (.rerouteOriginAveragingSeconds, \.rerouteOriginAveragingSeconds),
            (.rearmDistanceMeters, \.rearmDistanceMeters),
        ]
    }

    /// The settings that count fixes or attempts, by coding key.
    private static var countSettings: [(CodingKeys, WritableKeyPath<NavigationConfiguration, Int>)] {
        [
            (.offRouteMinimumFixes, \.offRouteMinimumFixes),
            (.onRouteRecoveryFixes, \.onRouteRecoveryFixes),
            (.arrivalMinimumFixes, \.arrivalMinimumFixes),
            (.maximumFailedReroutes, \.maximumFailedReroutes),
        ]
    }
}

import IndoorConfiguration

extension NavigationConfiguration: TunableConfiguration {
    /// The one table of the navigation session's tunables.
    public static let table = TunableTable<Self>(
        name: "navigation", defaults: Self(),
        [
            Tunable(\.minimumCorridorMeters, unit: "m", range: 1...50, "smallest corridor half-width"),
            Tunable(\.corridorAccuracyFactor, unit: "", range: 1...10, "corridor half-width in accuracies (1σ)"),
            Tunable(\.maximumCorridorMeters, unit: "m", range: 5...200, "largest corridor half-width (at least the smallest)"),
            Tunable(\.searchBehindMeters, unit: "m", range: 0...100, "snapping search behind the last progress"),
            Tunable(\.searchAheadMeters, unit: "m", range: 1...200, "snapping search ahead of the last progress"),
            Tunable(\.maximumSpeedMetersPerSecond, unit: "m/s", range: 0.5...10, "fastest plausible walking speed"),
            Tunable(\.reliableHeadingAccuracyRadians, unit: "rad", range: 0.01...Double.pi, "a heading this accurate (1σ) is reliable"),
            Tunable(\.headingMismatchRadians, unit: "rad", range: 0.1...Double.pi, "a segment this far from a reliable heading disagrees"),
            Tunable(\.headingMismatchPenaltyMeters, unit: "m", range: 0...50, "penalty of a segment disagreeing with the heading"),
            Tunable(\.snapBackwardPenaltyPerMeter, unit: "", range: 0...10, "penalty per metre behind the previous progress"),
            Tunable(\.offRouteMinimumFixes, unit: "", range: 1...20, "off-route fixes before off-route"),
            Tunable(\.offRouteMinimumSeconds, unit: "s", range: 0...30, "time the off-route evidence must span"),
            Tunable(\.onRouteEvidenceFraction, unit: "", range: 0.1...1, "share of the corridor that is clear on-route evidence"),
            Tunable(
                \.offRouteAwayHeadingRadians, unit: "rad", range: 0...(Double.pi / 2),
                "a heading this close to away from the route is evidence (0 = off)"),
            Tunable(\.levelChangeZoneMeters, unit: "m", range: 0...50, "no heading evidence this near a level change"),
            Tunable(\.onRouteRecoveryFixes, unit: "", range: 1...20, "on-route fixes that clear off-route"),
            Tunable(\.maximumUsableAccuracyMeters, unit: "m", range: 1...1000, "less accurate locations are ignored"),
            Tunable(\.minimumLevelProbability, unit: "", range: 0...1, "a location's level is trusted from this"),
            Tunable(\.arrivalRadiusMeters, unit: "m", range: 1...50, "radius of arrival at a stop"),
            Tunable(\.arrivalExitMarginMeters, unit: "m", range: 0...50, "margin beyond the radius to leave"),
            Tunable(\.arrivalMinimumFixes, unit: "", range: 1...10, "fixes needed to arrive or leave"),
            Tunable(\.arrivalAveragingSeconds, unit: "s", range: 0...30, "fixes averaged for the arrival distance"),
            Tunable(\.arrivalConfidenceSigmas, unit: "", range: 0...5, "standard errors of the arrival distance's bound"),
            Tunable(\.arrivalMaximumAccuracyMeters, unit: "m", range: 1...100, "less accurate locations cannot arrive"),
            Tunable(\.arrivalStationarySeconds, unit: "s", range: 0...30, "standing this long arrives within the wider radius (0 = off)"),
            Tunable(\.arrivalStationaryMeters, unit: "m", range: 0...5, "largest movement still standing still"),
            Tunable(\.arrivalStationarySigmas, unit: "", range: 0...3, "accuracies beyond the radius a standing user arrives"),
            Tunable(\.arrivingNoticeMeters, unit: "m", range: 1...100, "distance of the arriving notice"),
            Tunable(\.maneuverAdvanceLeadMeters, unit: "m", range: 0...20, "a maneuver becomes current this far ahead"),
            Tunable(\.rerouteCooldownSeconds, unit: "s", range: 0...120, "wait after a reroute"),
            Tunable(\.rerouteBackoffFactor, unit: "", range: 1...10, "factor on the cooldown per reroute in a row"),
            Tunable(\.maximumRerouteCooldownSeconds, unit: "s", range: 0...3600, "cap on the backed-off cooldown"),
            Tunable(\.backoffResetSeconds, unit: "s", range: 0...3600, "time on route that resets the backoff"),
            Tunable(\.minimumMovementBetweenReroutesMeters, unit: "m", range: 0...200, "movement needed between reroutes"),
            Tunable(\.rejoinToleranceFraction, unit: "", range: 0...1, "rejoin when at most this much longer than a fresh route"),
            Tunable(\.rerouteOriginAveragingSeconds, unit: "s", range: 0...10, "fixes averaged for a new route's start"),
            Tunable(\.maximumFailedReroutes, unit: "", range: 1...20, "failed reroutes before giving up"),
            Tunable(\.rearmDistanceMeters, unit: "m", range: 1...1000, "rerouting re-arms this near a walkable path"),
        ])

    /// `maximumCorridorMeters` is at least `minimumCorridorMeters`.
    public func validateCombination() throws(ConfigurationError) {
        try require(\.maximumCorridorMeters, atLeast: \.minimumCorridorMeters)
    }

    /// ``validate()`` as the module's error.
    func checked() throws(NavigationError) {
        do { try validate() } catch { throw NavigationError(error) }
    }
}

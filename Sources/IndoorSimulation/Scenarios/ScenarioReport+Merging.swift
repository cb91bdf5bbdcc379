extension ScenarioReport {
    /// The counts that the parts of a batch add up to.
    static var additiveCounts: [WritableKeyPath<ScenarioReport, Int>] {
        [
            \.onRouteWalks, \.falseOffRouteEvents, \.falseReroutes, \.arrivals, \.missedArrivals, \.earlyArrivals,
            \.deviationWalks, \.deviationsDetected, \.strandedWalks, \.strandedGiveUps,
        ]
    }

    /// The report of consecutive seed ranges run apart, as one run over all of them would give it:
    /// counts add up, maxima and minima are taken over the parts that had such walks.
    public static func merged(_ parts: [ScenarioReport]) -> ScenarioReport {
        var total = ScenarioReport()
        var anyArrival = false, anyDeviation = false
        for part in parts {
            for count in additiveCounts { total[keyPath: count] += part[keyPath: count] }
            if part.arrivals > 0 {
                total.maxArrivalDelaySeconds =
                    anyArrival ? max(total.maxArrivalDelaySeconds, part.maxArrivalDelaySeconds) : part.maxArrivalDelaySeconds
                anyArrival = true
            }
            if part.deviationWalks > 0 {
                total.maxReroutesPerDeviation =
                    anyDeviation ? max(total.maxReroutesPerDeviation, part.maxReroutesPerDeviation) : part.maxReroutesPerDeviation
                total.minReroutesPerDeviation =
                    anyDeviation ? min(total.minReroutesPerDeviation, part.minReroutesPerDeviation) : part.minReroutesPerDeviation
                anyDeviation = true
            }
            total.maxOffRouteDetectionDelaySeconds = max(total.maxOffRouteDetectionDelaySeconds, part.maxOffRouteDetectionDelaySeconds)
            total.maxRerouteStartDistanceMeters = max(total.maxRerouteStartDistanceMeters, part.maxRerouteStartDistanceMeters)
            total.strandedRerouteAttemptsMax = max(total.strandedRerouteAttemptsMax, part.strandedRerouteAttemptsMax)
        }
        return total
    }
}

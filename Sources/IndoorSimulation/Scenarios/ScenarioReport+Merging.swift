extension ScenarioReport {
    /// The report of consecutive seed ranges run apart, as one run over all of them would give it:
    /// counts add up, maxima and minima are taken over the parts that had such walks.
    public static func merged(_ parts: [ScenarioReport]) -> ScenarioReport {
        var total = ScenarioReport()
        var anyArrival = false, anyDeviation = false
        for part in parts {
            total.onRouteWalks += part.onRouteWalks
            total.falseOffRouteEvents += part.falseOffRouteEvents
            total.falseReroutes += part.falseReroutes
            if part.arrivals > 0 {
                total.maxArrivalDelaySeconds =
                    anyArrival ? max(total.maxArrivalDelaySeconds, part.maxArrivalDelaySeconds) : part.maxArrivalDelaySeconds
                anyArrival = true
            }
            total.arrivals += part.arrivals
            total.missedArrivals += part.missedArrivals
            total.earlyArrivals += part.earlyArrivals
            if part.deviationWalks > 0 {
                total.maxReroutesPerDeviation =
                    anyDeviation ? max(total.maxReroutesPerDeviation, part.maxReroutesPerDeviation) : part.maxReroutesPerDeviation
                total.minReroutesPerDeviation =
                    anyDeviation ? min(total.minReroutesPerDeviation, part.minReroutesPerDeviation) : part.minReroutesPerDeviation
                anyDeviation = true
            }
            total.deviationWalks += part.deviationWalks
            total.deviationsDetected += part.deviationsDetected
            total.maxOffRouteDetectionDelaySeconds = max(total.maxOffRouteDetectionDelaySeconds, part.maxOffRouteDetectionDelaySeconds)
            total.maxRerouteStartDistanceMeters = max(total.maxRerouteStartDistanceMeters, part.maxRerouteStartDistanceMeters)
            total.strandedWalks += part.strandedWalks
            total.strandedRerouteAttemptsMax = max(total.strandedRerouteAttemptsMax, part.strandedRerouteAttemptsMax)
            total.strandedGiveUps += part.strandedGiveUps
        }
        return total
    }
}

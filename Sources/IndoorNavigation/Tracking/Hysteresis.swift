import IndoorGeometry

/// Off-route hysteresis: off-route needs a number of outside fixes spanning a minimum time, without
/// `recoveryFixes` clearly-on-route fixes in a row in between; coming back needs that many clearly
/// on-route fixes in a row.
///
/// A fix between "clearly on route" and "outside" (a noisy fix near the corridor edge) neither adds
/// evidence nor clears it, so one noisy fix does not restart the count while the user walks away.
/// Pure value type: the caller feeds one verdict per fix with the fix's time.
public struct OffRouteDetector: Hashable, Sendable {
    /// What one fix says.
    public enum Verdict: Hashable, Sendable {
        /// Outside the corridor, or on a wrong level.
        case outside
        /// Inside the corridor but near its edge.
        case ambiguous
        /// Well inside the corridor.
        case onRoute
    }

    /// What one update changed.
    public enum Change: Hashable, Sendable { case none, wentOffRoute, cameBack }

    /// Outside fixes needed before off-route (``NavigationConfiguration/offRouteMinimumFixes``).
    public let minimumFixes: Int
    /// Seconds the outside fixes must span (``NavigationConfiguration/offRouteMinimumSeconds``).
    public let minimumSeconds: Double
    /// Clearly on-route fixes in a row that clear the evidence or end off-route.
    public let recoveryFixes: Int
    /// Whether the user is currently considered off the route.
    public private(set) var isOffRoute = false
    private var outsideCount = 0
    private var firstOutsideTime: Double?
    private var insideCount = 0

    /// A detector with `configuration`'s thresholds and no evidence yet.
    public init(configuration: NavigationConfiguration) {
        minimumFixes = configuration.offRouteMinimumFixes
        minimumSeconds = configuration.offRouteMinimumSeconds
        recoveryFixes = configuration.onRouteRecoveryFixes
    }

    /// Feeds one fix's verdict and its time.
    public mutating func update(_ verdict: Verdict, timeSeconds: Double) -> Change {
        switch verdict {
        case .outside:
            insideCount = 0
            outsideCount += 1
            let first = firstOutsideTime ?? timeSeconds
            firstOutsideTime = first
            if !isOffRoute, outsideCount >= minimumFixes, timeSeconds - first >= minimumSeconds {
                isOffRoute = true
                return .wentOffRoute
            }
            return .none
        case .ambiguous:
            insideCount = 0
            return .none
        case .onRoute:
            insideCount += 1
            // Evidence is cleared by `recoveryFixes` clear fixes in a row, not by one (possibly noisy) fix.
            if insideCount >= recoveryFixes {
                outsideCount = 0
                firstOutsideTime = nil
            }
            guard isOffRoute else { return .none }
            if insideCount >= recoveryFixes {
                isOffRoute = false
                insideCount = 0
                return .cameBack
            }
            return .none
        }
    }

    /// Forgets all evidence (after a reroute).
    public mutating func reset() {
        isOffRoute = false; outsideCount = 0; firstOutsideTime = nil; insideCount = 0
    }

    /// The evidence gathered so far, for session snapshots.
    public struct State: Hashable, Sendable, Codable {
        /// Whether the user is off the route.
        public var isOffRoute: Bool
        /// Outside fixes since the evidence was last cleared.
        public var outsideCount: Int
        /// Time of the first of those fixes, in seconds.
        public var firstOutsideTimeSeconds: Double?
        /// Clearly-on-route fixes in a row.
        public var insideCount: Int
    }

    /// The detector's evidence (its thresholds come from the configuration).
    public var state: State {
        State(isOffRoute: isOffRoute, outsideCount: outsideCount, firstOutsideTimeSeconds: firstOutsideTime, insideCount: insideCount)
    }

    /// A detector with `configuration`'s thresholds resuming from `state`.
    public init(configuration: NavigationConfiguration, state: State) {
        self.init(configuration: configuration)
        isOffRoute = state.isOffRoute
        outsideCount = state.outsideCount
        firstOutsideTime = state.firstOutsideTimeSeconds
        insideCount = state.insideCount
    }
}

/// Arrival hysteresis: the distance to a stop is averaged over a short time window, and a confidence
/// bound is put around the mean from the fixes' accuracy (`z · accuracy / √n`). Arrival needs a number
/// of consecutive fixes whose upper bound is inside the radius; leaving needs the same number whose
/// lower bound is beyond the radius plus a margin. A user standing still (the fused position within
/// ``NavigationConfiguration/arrivalStationaryMeters`` for ``NavigationConfiguration/arrivalStationarySeconds``)
/// has also arrived when the stop lies within the radius plus
/// ``NavigationConfiguration/arrivalStationarySigmas`` accuracies of the latest fix.
public struct ArrivalDetector: Hashable, Sendable {
    /// What one update changed.
    public enum Change: Hashable, Sendable { case none, entered, exited }

    /// Arrival radius around the stop, metres.
    public let radiusMeters: Double
    /// Extra metres beyond the radius before leaving counts.
    public let exitMarginMeters: Double
    /// Consecutive fixes needed to enter or leave.
    public let minimumFixes: Int
    /// Window in seconds over which the distance is averaged.
    public let averagingSeconds: Double
    /// The `z` of the confidence bound `z · accuracy / √n`.
    public let confidenceSigmas: Double
    /// Seconds without movement that make a user standing (0: the rule is off).
    public let stationarySeconds: Double
    /// Largest movement in metres that still counts as standing.
    public let stationaryMeters: Double
    /// Accuracies beyond the radius a standing user may be and still arrive.
    public let stationarySigmas: Double
    /// Whether the user is currently inside the arrival area.
    public private(set) var hasArrived = false
    private var samples: [(time: Double, distance: Double, accuracy: Double, point: LocalPoint?)] = []
    private var streak = 0

    /// A detector with `configuration`'s arrival settings, not arrived.
    public init(configuration: NavigationConfiguration) {
        radiusMeters = configuration.arrivalRadiusMeters
        exitMarginMeters = configuration.arrivalExitMarginMeters
        minimumFixes = configuration.arrivalMinimumFixes
        averagingSeconds = configuration.arrivalAveragingSeconds
        confidenceSigmas = configuration.arrivalConfidenceSigmas
        stationarySeconds = configuration.arrivalStationarySeconds
        stationaryMeters = configuration.arrivalStationaryMeters
        stationarySigmas = configuration.arrivalStationarySigmas
    }

    /// Equal when arrival, streak and the averaged distances are (accuracies and times are not compared).
    public static func == (a: ArrivalDetector, b: ArrivalDetector) -> Bool {
        a.hasArrived == b.hasArrived && a.streak == b.streak && a.samples.map(\.distance) == b.samples.map(\.distance)
    }
    /// Hashes arrival and streak (consistent with `==`).
    public func hash(into hasher: inout Hasher) { hasher.combine(hasArrived); hasher.combine(streak) }

    /// The mean distance of the samples in the averaging window, in metres.
    public var averageDistanceMeters: Double? { averaged.isEmpty ? nil : averaged.reduce(0) { $0 + $1.distance } / Double(averaged.count) }

    /// The samples of the averaging window (the standing-still window may be longer).
    private var averaged: ArraySlice<(time: Double, distance: Double, accuracy: Double, point: LocalPoint?)> {
        guard let last = samples.last?.time else { return [] }
        let first = samples.firstIndex { last - $0.time <= averagingSeconds } ?? samples.endIndex
        return samples[first...]
    }

    /// Whether the fused position has stayed within ``stationaryMeters`` of the latest one for at least
    /// ``stationarySeconds`` up to `timeSeconds` (every sample of that span carrying a position).
    func isStanding(at timeSeconds: Double) -> Bool {
        guard stationarySeconds > 0, let latest = samples.last?.point else { return false }
        var covered = 0.0
        for sample in samples.reversed() {
            guard let p = sample.point, p.distance(to: latest) <= stationaryMeters else { return false }
            covered = timeSeconds - sample.time
            if covered >= stationarySeconds - 1e-9 { return true }
        }
        return false
    }

    /// Feeds one fix's distance to the stop in metres with its accuracy (one sigma), or `nil` when the
    /// fix cannot tell (wrong level, poor accuracy): that breaks a streak but is no evidence of leaving.
    /// `point` is the fused position (local frame) the distance was measured from; without it the
    /// standing-still rule does not apply.
    public mutating func update(
        distanceMeters: Double?, accuracyMeters: Double, timeSeconds: Double, point: LocalPoint? = nil
    ) -> Change {
        guard let d = distanceMeters, d.isFinite, accuracyMeters.isFinite else {
            streak = 0
            samples.removeAll()
            return .none
        }
        samples.append((timeSeconds, d, accuracyMeters, point))
        samples.removeAll { timeSeconds - $0.time > max(averagingSeconds, stationarySeconds) }
        let window = averaged
        let n = Double(window.count)
        let mean = averageDistanceMeters ?? d
        // Standard error of the mean: sqrt(Σ σᵢ²) / n.
        let standardError = window.reduce(0) { $0 + $1.accuracy * $1.accuracy }.squareRoot() / n
        let bound = confidenceSigmas * standardError
        if !hasArrived {
            // Arrival needs at least half the window of evidence (after a reset, one or two fixes are
            // not enough).
            let span = window.count > 1 ? timeSeconds - (window.first?.time ?? timeSeconds) : 0
            let enoughEvidence = span >= averagingSeconds / 2
            let standingInReach = isStanding(at: timeSeconds) && d - stationarySigmas * accuracyMeters <= radiusMeters
            streak = (enoughEvidence && mean + bound <= radiusMeters) || standingInReach ? streak + 1 : 0
            if streak >= minimumFixes { hasArrived = true; streak = 0; return .entered }
        } else {
            streak = mean - bound > radiusMeters + exitMarginMeters ? streak + 1 : 0
            if streak >= minimumFixes { hasArrived = false; streak = 0; return .exited }
        }
        return .none
    }

    /// Marks arrival at once (navigation started at the stop).
    public mutating func forceArrived() { hasArrived = true; streak = 0 }

    /// Forgets every sample and the arrival (a new stop).
    public mutating func reset() { hasArrived = false; samples.removeAll(); streak = 0 }

    /// The evidence gathered so far, for session snapshots.
    public struct State: Hashable, Sendable, Codable {
        /// One fix's distance sample.
        public struct Sample: Hashable, Sendable, Codable {
            /// The fix's time, in seconds.
            public var timeSeconds: Double
            /// Distance to the stop, in metres.
            public var distanceMeters: Double
            /// The fix's accuracy (one sigma), in metres.
            public var accuracyMeters: Double
            /// The fused position the distance was measured from, local frame (absent in snapshots
            /// written before the standing-still rule).
            public var point: LocalPoint?
        }
        /// Whether the user has arrived.
        public var hasArrived: Bool
        /// The samples in the averaging window, oldest first.
        public var samples: [Sample]
        /// Fixes in a row meeting the current condition (entering or leaving).
        public var streak: Int
    }

    /// The detector's evidence (its thresholds come from the configuration).
    public var state: State {
        State(
            hasArrived: hasArrived,
            samples: samples.map {
                State.Sample(timeSeconds: $0.time, distanceMeters: $0.distance, accuracyMeters: $0.accuracy, point: $0.point)
            },
            streak: streak)
    }

    /// A detector with `configuration`'s thresholds resuming from `state`.
    public init(configuration: NavigationConfiguration, state: State) {
        self.init(configuration: configuration)
        hasArrived = state.hasArrived
        samples = state.samples.map { ($0.timeSeconds, $0.distanceMeters, $0.accuracyMeters, $0.point) }
        streak = state.streak
    }
}

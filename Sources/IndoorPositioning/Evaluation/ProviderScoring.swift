import IndoorConfiguration
import IndoorGeometry
import IndoorRecordings

/// A surveyed position in the same local frame as the estimates.
public struct TruthPoint: Hashable, Sendable {
    /// Seconds on the recording's time axis.
    public var timeSeconds: Double
    /// Position, local frame (or the floor frame, when both sides use it).
    public var point: LocalPoint
    /// The level, when surveyed.
    public var level: LevelReference?
    /// The 1-based line of the file it was read from, when known (for messages).
    public var line: Int?

    /// A truth point.
    public init(timeSeconds: Double, point: LocalPoint, level: LevelReference? = nil, line: Int? = nil) {
        self.timeSeconds = timeSeconds
        self.point = point
        self.level = level
        self.line = line
    }
}

/// How a dead-reckoning run started at the first truth point compares with the later ones.
public struct DeadReckoningScore: Hashable, Sendable {
    /// Errors at every truth point after the first (the first is the start, error 0 by construction),
    /// the estimate interpolated linearly at the truth time; `nil` when there is none.
    public var errors: ErrorStatistics?
    /// The individual errors behind ``errors``, metres, in truth order (for pooling across runs).
    public var errorValuesMeters: [Double]
    /// Error at the last truth point, metres.
    public var finalErrorMeters: Double?
    /// Truth points scored.
    public var scoredPoints: Int
    /// Steps detected between the first and last truth time.
    public var stepCount: Int
    /// Sum of those steps' lengths, metres.
    public var detectedDistanceMeters: Double
    /// Sum of the straight legs between truth points, metres.
    public var trueDistanceMeters: Double

    /// Detected over true distance; `nil` when the truth did not move.
    public var distanceRatio: Double? { trueDistanceMeters > 0 ? detectedDistanceMeters / trueDistanceMeters : nil }
}

/// Satellite fixes scored against ground truth.
public struct SatelliteScore: Hashable, Sendable {
    /// Horizontal errors of the fixes inside the truth's time span.
    public var errors: ErrorStatistics?
    /// The individual errors behind ``errors``, metres (for pooling across runs).
    public var errorValuesMeters: [Double]
    /// New fixes the provider delivered, repeats it skipped, and fixes it dropped for accuracy or satellites.
    public var fixCount: Int
    /// Fixes skipped as repeats of an earlier one (same fix time).
    public var repeatedFixCount: Int
    /// Fixes dropped for poor accuracy or too few satellites.
    public var poorFixCount: Int
}

/// How beacon fixes compare with the truth interpolated at each fix's time.
public struct BeaconScore: Hashable, Sendable {
    /// Horizontal errors of the fixes inside the truth's time span.
    public var errors: ErrorStatistics?
    /// The individual errors behind ``errors``, metres, in fix order (for pooling across runs).
    public var errorValuesMeters: [Double]
    /// Fixes scored.
    public var scoredFixes: Int
    /// Fixes the provider computed in total (also outside the truth span).
    public var fixCount: Int
    /// Of those, by multilateration.
    public var fittedFixCount: Int
    /// Of those, by the centroid fallback.
    public var fallbackFixCount: Int
    /// Fixes whose level matched the truth's (the last truth level at or before the fix), over the
    /// fixes with a truth level; `nil` when the truth has no levels.
    public var levelHitRate: Double?
    /// Fixes whose level was checked against a truth level.
    public var levelChecks: Int
    /// Of those, on the right level.
    public var levelHits: Int
    /// Error events the provider raised.
    public var errorEvents: Int
}

/// Replays samples through a provider and scores it against ground truth. Pure: values in, score out.
public enum ProviderScoring {
    /// Runs dead reckoning over time-ordered `samples`, started at the truth's start (point, 1 m sigma)
    /// at its time; the orientation sensors before that warm the heading and step filters. Scored at
    /// the truth's ``GroundTruthTrack/scoredPoints``. Returns `nil` with fewer than two truth points.
    public static func scoreDeadReckoning(
        samples: [SensorSample], truth: GroundTruthTrack,
        configuration: DeadReckoningConfiguration = .standard
    ) -> DeadReckoningScore? {
        guard truth.count >= 2 else { return nil }
        let first = truth.start
        let last = truth.end
        let provider = DeadReckoningProvider(configuration: configuration)
        var track = TimedTrajectory()
        provider.addListener { event in
            if case .location(let location) = event { track.append(timeSeconds: location.timeSeconds, point: location.point) }
        }
        provider.start()
        var started = false
        var steps = 0
        var distance = 0.0
        for sample in samples {
            if !started, sample.timeSeconds >= first.timeSeconds {
                started = true
                provider.setStart(
                    IndoorLocation(
                        point: first.point, levelID: nil, accuracyMeters: 1,
                        timeSeconds: first.timeSeconds, source: "truth"))
            }
            for step in provider.consume(sample) where started && step.timeSeconds <= last.timeSeconds {
                steps += 1
                distance += step.lengthMeters
            }
        }
        if !started {
            provider.setStart(
                IndoorLocation(
                    point: first.point, levelID: nil, accuracyMeters: 1,
                    timeSeconds: first.timeSeconds, source: "truth"))
        }
        let errors = truth.errors(of: track)
        return DeadReckoningScore(
            errors: ErrorStatistics(errors), errorValuesMeters: errors, finalErrorMeters: errors.last, scoredPoints: errors.count,
            stepCount: steps, detectedDistanceMeters: distance,
            trueDistanceMeters: truth.pathLengthMeters)
    }

    /// Feeds time-ordered `samples` to `provider` (started here) and scores every fix inside the
    /// truth's time span against the truth interpolated at the fix time.
    public static func scoreBeacons(
        samples: [SensorSample], truth: GroundTruthTrack,
        provider: BeaconPositionProvider
    ) -> BeaconScore? {
        var errorEvents = 0
        let token = provider.addListener { event in
            if case .error = event { errorEvents += 1 }
        }
        defer { provider.removeListener(token) }
        provider.start()
        var errors: [Double] = []
        var levelChecks = 0
        var levelHits = 0
        var fixes = 0
        for sample in samples {
            guard let fix = provider.consume(sample) else { continue }
            fixes += 1
            guard let truthPoint = truth.position(atSeconds: fix.timeSeconds) else { continue }
            errors.append(fix.point.distance(to: truthPoint))
            if let level = truth.level(atSeconds: fix.timeSeconds) {
                levelChecks += 1
                if matches(fix, level) { levelHits += 1 }
            }
        }
        return BeaconScore(
            errors: ErrorStatistics(errors), errorValuesMeters: errors, scoredFixes: errors.count, fixCount: fixes,
            fittedFixCount: provider.fittedFixCount, fallbackFixCount: provider.fallbackFixCount,
            levelHitRate: levelChecks > 0 ? Double(levelHits) / Double(levelChecks) : nil,
            levelChecks: levelChecks, levelHits: levelHits, errorEvents: errorEvents)
    }

    /// Scores every new satellite fix against the truth interpolated at its time. Every fix the provider
    /// accepts is scored (below-ground ones too: the provider is not told the floor here), so the figures
    /// show the fixes' own quality, not what the fusion uses.
    public static func scoreSatelliteFixes(
        samples: [SensorSample], truth: GroundTruthTrack,
        provider: GNSSPositionProvider
    ) -> SatelliteScore? {
        var errors: [Double] = []
        for sample in samples {
            guard let fix = provider.consume(sample), let truthPoint = truth.position(atSeconds: fix.timeSeconds) else { continue }
            errors.append(fix.point.distance(to: truthPoint))
        }
        guard provider.fixCount + provider.repeatedFixCount + provider.poorFixCount > 0 else { return nil }
        return SatelliteScore(
            errors: ErrorStatistics(errors), errorValuesMeters: errors, fixCount: provider.fixCount,
            repeatedFixCount: provider.repeatedFixCount, poorFixCount: provider.poorFixCount)
    }

    /// The level of the last truth point at or before `time` (the first one before the truth starts);
    /// `truth` sorted by time (``GroundTruthTrack/level(atSeconds:)`` for a validated track).
    /// - Complexity: O(log n).
    static func levelAt(_ time: Double, in truth: [TruthPoint]) -> LevelReference? {
        guard !truth.isEmpty else { return nil }
        var low = 0, high = truth.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if truth[mid].timeSeconds <= time { low = mid } else { high = mid - 1 }
        }
        return truth[low].level
    }

    /// Whether a location is on the level a truth reference names.
    public static func matches(_ location: IndoorLocation, _ level: LevelReference) -> Bool {
        switch level {
        case .floorNumber(let n): location.floorNumber == n
        case .levelId(let id), .floorName(let id): location.levelID == id
        }
    }
}

import IndoorGeometry
import IndoorRecordings

/// Builds a ``RadioMap`` from walks with ground truth (a survey).
///
/// Each walk's samples are grouped into scans (``RadioScanAssembler``); each scan is placed at the truth
/// interpolated linearly at its time, on the level of the last truth point at or before it. Scans
/// outside the truth's time span cannot be placed and are counted, not guessed. ``build()`` leaves out
/// transmitters heard in fewer than ``FingerprintConfiguration/minimumFingerprintsPerTransmitter``
/// fingerprints (a phone passing by, a hotspot), and fingerprints left with no reading.
///
/// With a dead-reckoning model (the default), each walk's strides are measured too: its ground-truth
/// distance over the length of the steps the model detects (``RadioMap/strideRatios``), so the fusion can
/// start from the site's stride scale (``RadioMap/surveyedStrideScale``). The legs of each walk's truth
/// are kept too (``RadioMap/walkLegs``): where a venue has no floor plan, they give its main walking
/// directions (``RadioMap/walkedDirections(levels:venue:)``).
///
/// - Complexity: O(samples + scan readings) per walk.
public struct RadioMapBuilder: Sendable {
    /// What one walk contributed.
    public struct WalkOutcome: Hashable, Sendable {
        /// The walk's name.
        public var walk: String
        /// Scans assembled.
        public var scans = 0
        /// Scans placed as fingerprints.
        public var placed = 0
        /// Scans outside the truth's time span (not placed).
        public var outsideTruth = 0
        /// Scans on a smoothed track where its one-sigma exceeded
        /// ``TrackSurveyConfiguration/maximumSigmaMeters`` (not placed; 0 for walks placed on truth).
        public var tooUncertain = 0
        /// Where each placed scan was put, in time order (its time and point, before ``build()`` drops
        /// readings of rarely heard transmitters).
        public var placements: [Placement] = []
        /// Wi-Fi entries dropped as stale.
        public var staleEntries = 0
        /// Readings dropped as too weak or not finite.
        public var droppedReadings = 0
        /// Its ground-truth distance over its steps' length (``RadioMap/strideRatios``), when measured.
        public var strideRatio: Double?
    }

    /// Where one scan was placed.
    public struct Placement: Hashable, Sendable {
        /// The scan's time, seconds.
        public var timeSeconds: Double
        /// Where it was placed, the map's frame.
        public var point: LocalPoint
    }

    /// The tunables.
    public let configuration: FingerprintConfiguration
    /// The frame's geographic reference, when known.
    public let frameReference: GeoCoordinate?
    private var transmitterIndex: [String: Int] = [:]
    private var transmitters: [String] = []
    private var levels: [LevelReference] = []
    private var walks: [String] = []
    private var fingerprints: [RadioMap.Fingerprint] = []
    private var strideRatios: [Double?] = []
    private var walkLegs: [[RadioMap.WalkLeg]] = []

    /// A builder for walks whose truth is in the frame at `frameReference` (nil: a frame without one).
    /// - Parameter deadReckoning: the step model whose strides each walk's truth is compared with
    ///   (``RadioMap/strideRatios``); `nil` measures none.
    public init(
        configuration: FingerprintConfiguration = .standard, frameReference: GeoCoordinate? = nil,
        deadReckoning: DeadReckoningConfiguration? = .standard
    ) {
        self.configuration = configuration
        self.frameReference = frameReference
        self.deadReckoning = deadReckoning
    }

    /// The step model strides are measured with (`nil`: none).
    public let deadReckoning: DeadReckoningConfiguration?
    /// Ratios outside this range are not kept (a walk whose steps were mostly missed, or counted twice). 0.5 ... 2.
    public static let strideRatioRange = 0.5...2.0
    /// A walk needs this much ground-truth distance on one level for a stride ratio, metres. 20.
    public static let minimumStrideTruthMeters = 20.0

    /// The walk's ground-truth distance over its dead-reckoning steps' length, counting only the legs
    /// between consecutive truth points on one level (stairs and lifts left out); `nil` when the walk is too
    /// short or the ratio is out of ``strideRatioRange``. `truth` in time order; it touches nothing shared,
    /// so walks can be measured at once and added with ``add(walk:samples:truth:strideRatio:)``.
    public static func strideRatio(samples: [SensorSample], truth: [TruthPoint], model: DeadReckoningConfiguration) -> Double? {
        let provider = DeadReckoningProvider(configuration: model)
        var steps: [StepEvent] = []
        for sample in samples { steps += provider.consume(sample) }
        var truthMeters = 0.0, stepMeters = 0.0
        var next = 0
        for (a, b) in zip(truth, truth.dropFirst()) {
            while next < steps.count, steps[next].timeSeconds <= a.timeSeconds { next += 1 }
            var legSteps = 0.0
            while next < steps.count, steps[next].timeSeconds <= b.timeSeconds {
                legSteps += steps[next].lengthMeters
                next += 1
            }
            guard a.level == b.level else { continue }
            truthMeters += a.point.distance(to: b.point)
            stepMeters += legSteps
        }
        guard truthMeters >= minimumStrideTruthMeters, stepMeters > 0 else { return nil }
        let ratio = truthMeters / stepMeters
        return strideRatioRange.contains(ratio) ? ratio : nil
    }

    /// Adds one walk: `samples` in time order, `truth` in the map's frame; `strideRatio`, when given, is
    /// the walk's ``strideRatio(samples:truth:model:)`` measured beforehand (`.some(nil)`: none).
    /// - Throws: ``PositioningError/malformedInput(file:line:message:)`` (line 0) when the walk has fewer
    ///   than two finite truth points: nothing can be placed.
    @discardableResult
    public mutating func add(
        walk: String, samples: [SensorSample], truth rawTruth: [TruthPoint], strideRatio measured: Double?? = nil
    ) throws(PositioningError) -> WalkOutcome {
        let truth = rawTruth.filter { $0.timeSeconds.isFinite && $0.point.isFinite }.sorted { $0.timeSeconds < $1.timeSeconds }
        guard truth.count >= 2 else {
            throw .malformedInput(
                file: walk, line: 0, message: "a survey walk needs at least two ground-truth points, it has \(truth.count)")
        }
        return add(walk: walk, samples: samples, placedOn: truth, legsOf: truth, strideRatio: measured, isPlaceable: { _ in true })
    }

    /// Adds one walk placed on its smoothed `track` (``TrackPoint``, the map's frame) instead of ground
    /// truth: each scan goes where the track is at its time, on the level the track held then, unless the
    /// track's one-sigma there (the larger of the two track points around it) exceeds
    /// `survey.maximumSigmaMeters` (counted in ``WalkOutcome/tooUncertain``). Strides and walk legs are
    /// measured on the track as on truth.
    /// - Throws: ``PositioningError/malformedInput(file:line:message:)`` (line 0) when the track has fewer
    ///   than two finite points.
    @discardableResult
    public mutating func add(
        walk: String, samples: [SensorSample], track rawTrack: [TrackPoint], survey: TrackSurveyConfiguration = .standard,
        strideRatio measured: Double?? = nil
    ) throws(PositioningError) -> WalkOutcome {
        let track = rawTrack.filter { $0.timeSeconds.isFinite && $0.point.isFinite && !$0.sigmaMeters.isNaN }
            .sorted { $0.timeSeconds < $1.timeSeconds }
        guard track.count >= 2 else {
            throw .malformedInput(
                file: walk, line: 0, message: "a track-surveyed walk needs at least two track points, it has \(track.count)")
        }
        let times = track.map(\.timeSeconds)
        let points = track.map { TruthPoint(timeSeconds: $0.timeSeconds, point: $0.point, level: $0.level) }
        let legPoints = Self.spaced(points, meters: survey.legSpacingMeters)
        return add(walk: walk, samples: samples, placedOn: points, legsOf: legPoints, strideRatio: measured) { time in
            // The first track point after `time` (binary search), and the one before it.
            var low = 0, high = times.count
            while low < high {
                let middle = (low + high) / 2
                if times[middle] <= time { low = middle + 1 } else { high = middle }
            }
            let after = min(low, times.count - 1), before = max(0, low - 1)
            return max(track[before].sigmaMeters, track[after].sigmaMeters) <= survey.maximumSigmaMeters
        }
    }

    /// The first of `points`, then each one at least `meters` from the last one kept or on another level
    /// (a step-by-step track thinned to legs as long as a survey's between waypoints).
    static func spaced(_ points: [TruthPoint], meters: Double) -> [TruthPoint] {
        guard var last = points.first else { return [] }
        var kept = [last]
        for point in points.dropFirst() where point.level != last.level || point.point.distance(to: last.point) >= meters {
            kept.append(point)
            last = point
        }
        return kept
    }

    /// Adds one walk whose scans are placed on `truth` (finite, in time order, at least two points) where
    /// `isPlaceable` accepts the scan's time; its walk legs are those of `legPoints`.
    private mutating func add(
        walk: String, samples: [SensorSample], placedOn truth: [TruthPoint], legsOf legPoints: [TruthPoint],
        strideRatio measured: Double??, isPlaceable: (Double) -> Bool
    ) -> WalkOutcome {
        let track = TimedTrajectory(truth.map { ($0.timeSeconds, $0.point) })
        var assembler = RadioScanAssembler(configuration: configuration)
        var outcome = WalkOutcome(walk: walk)
        let walkIndex = walks.count
        walks.append(walk)
        strideRatios.append(measured ?? deadReckoning.flatMap { Self.strideRatio(samples: samples, truth: truth, model: $0) })
        outcome.strideRatio = strideRatios[walkIndex]
        walkLegs.append(RadioMap.legs(of: legPoints) { levelIndex(of: $0) })
        func place(_ scan: RadioScan) {
            outcome.scans += 1
            guard let point = track.position(atSeconds: scan.timeSeconds, extrapolation: .none) else {
                outcome.outsideTruth += 1
                return
            }
            guard isPlaceable(scan.timeSeconds) else {
                outcome.tooUncertain += 1
                return
            }
            let level = ProviderScoring.levelAt(scan.timeSeconds, in: truth).map { levelIndex(of: $0) }
            // Keys in sorted order, so transmitter indices (and the file) do not depend on hashing.
            let readings = scan.readings.sorted { $0.key < $1.key }.map { key, rssi in
                RadioMap.Reading(transmitter: transmitterIndex(of: key), rssiDbm: rssi)
            }
            fingerprints.append(
                RadioMap.Fingerprint(
                    point: point, levelIndex: level, walkIndex: walkIndex,
                    timeSeconds: scan.timeSeconds, readings: readings))
            outcome.placements.append(Placement(timeSeconds: scan.timeSeconds, point: point))
            outcome.placed += 1
        }
        for sample in samples { for scan in assembler.consume(sample) { place(scan) } }
        if let scan = assembler.finish() { place(scan) }
        outcome.staleEntries = assembler.staleEntries
        outcome.droppedReadings = assembler.droppedReadings
        return outcome
    }

    /// The map of every walk added, without rarely heard transmitters (indices renumbered).
    public func build() -> RadioMap {
        var counts = [Int](repeating: 0, count: transmitters.count)
        for fingerprint in fingerprints { for reading in fingerprint.readings { counts[reading.transmitter] += 1 } }
        var renumbered = [Int](repeating: -1, count: transmitters.count)
        var kept: [String] = []
        for index in transmitters.indices where counts[index] >= configuration.minimumFingerprintsPerTransmitter {
            renumbered[index] = kept.count
            kept.append(transmitters[index])
        }
        var result: [RadioMap.Fingerprint] = []
        result.reserveCapacity(fingerprints.count)
        for var fingerprint in fingerprints {
            fingerprint.readings = fingerprint.readings.compactMap { reading in
                renumbered[reading.transmitter] >= 0
                    ? RadioMap.Reading(transmitter: renumbered[reading.transmitter], rssiDbm: reading.rssiDbm) : nil
            }
            if !fingerprint.readings.isEmpty { result.append(fingerprint) }
        }
        return RadioMap(
            frameReference: frameReference, transmitters: kept, levels: levels, walks: walks, fingerprints: result,
            strideRatios: strideRatios, walkLegs: walkLegs)
    }

    private mutating func transmitterIndex(of key: String) -> Int {
        if let index = transmitterIndex[key] { return index }
        transmitterIndex[key] = transmitters.count
        transmitters.append(key)
        return transmitters.count - 1
    }

    private mutating func levelIndex(of level: LevelReference) -> Int {
        if let index = levels.firstIndex(of: level) { return index }
        levels.append(level)
        return levels.count - 1
    }
}

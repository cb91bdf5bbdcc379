import IndoorConfiguration
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

    /// One walk's scans placed, before they join a map: all a walk contributes, computed from the walk
    /// alone (so walks can be placed at once, on several cores) and filed in order by ``add(_:reframe:)``.
    public struct PlacedWalk: Sendable {
        /// What the walk contributed (placements in the walk's own frame until it is added).
        public var outcome: WalkOutcome
        /// The points its walk legs are measured between (``RadioMap/walkLegs``), the walk's frame.
        var legPoints: [TruthPoint]
        /// The weight of the leg from each of ``legPoints`` to the next (``RadioMap/WalkLeg/weight``);
        /// empty: all 1.
        var legWeights: [Double] = []
        /// Its placed scans, in time order.
        var scans: [PlacedScan]
    }

    /// One placed scan: where and on which level, its readings by transmitter key in sorted order (so
    /// transmitter indices, and the file, do not depend on hashing).
    struct PlacedScan: Sendable {
        var point: LocalPoint
        var level: LevelReference?
        var timeSeconds: Double
        var readings: [(key: String, rssiDbm: Double)]
    }

    /// Adds one walk: `samples` in time order, `truth` in the map's frame; `strideRatio`, when given, is
    /// the walk's ``strideRatio(samples:truth:model:)`` measured beforehand (`.some(nil)`: none).
    /// ``placed(walk:samples:truth:strideRatio:configuration:deadReckoning:)`` then ``add(_:reframe:)``.
    /// - Throws: ``PositioningError/malformedInput(file:line:message:)`` (line 0) when the walk has fewer
    ///   than two finite truth points: nothing can be placed.
    @discardableResult
    public mutating func add(
        walk: String, samples: [SensorSample], truth: [TruthPoint], strideRatio measured: Double?? = nil
    ) throws(PositioningError) -> WalkOutcome {
        add(
            try Self.placed(
                walk: walk, samples: samples, truth: truth, strideRatio: measured, configuration: configuration,
                deadReckoning: deadReckoning))
    }

    /// Adds one walk placed on its smoothed `track` (``TrackPoint``, the map's frame) instead of ground
    /// truth: ``placed(walk:samples:track:survey:strideRatio:configuration:deadReckoning:)`` then
    /// ``add(_:reframe:)``.
    /// - Throws: ``PositioningError/malformedInput(file:line:message:)`` (line 0) when the track has fewer
    ///   than two finite points.
    @discardableResult
    public mutating func add(
        walk: String, samples: [SensorSample], track: [TrackPoint], survey: TrackSurveyConfiguration = .standard,
        strideRatio measured: Double?? = nil
    ) throws(PositioningError) -> WalkOutcome {
        add(
            try Self.placed(
                walk: walk, samples: samples, track: track, survey: survey, strideRatio: measured, configuration: configuration,
                deadReckoning: deadReckoning))
    }

    /// One walk placed on its `truth` (any order; points that are not finite are left out): each scan at
    /// the truth interpolated at its time, on the level of the last truth point at or before it.
    /// `strideRatio`, when given, is the walk's ``strideRatio(samples:truth:model:)`` measured beforehand
    /// (`.some(nil)`: none); otherwise it is measured with `deadReckoning`.
    /// - Throws: ``PositioningError/malformedInput(file:line:message:)`` (line 0) when the walk has fewer
    ///   than two finite truth points: nothing can be placed.
    public static func placed(
        walk: String, samples: [SensorSample], truth rawTruth: [TruthPoint], strideRatio measured: Double?? = nil,
        configuration: FingerprintConfiguration, deadReckoning: DeadReckoningConfiguration?
    ) throws(PositioningError) -> PlacedWalk {
        let truth = rawTruth.filter { $0.timeSeconds.isFinite && $0.point.isFinite }.sorted { $0.timeSeconds < $1.timeSeconds }
        guard truth.count >= 2 else {
            throw .malformedInput(
                file: walk, line: 0, message: "a survey walk needs at least two ground-truth points, it has \(truth.count)")
        }
        return placed(
            walk: walk, samples: samples, placedOn: truth, legsOf: truth, strideRatio: measured, configuration: configuration,
            deadReckoning: deadReckoning, isPlaceable: { _ in true })
    }

    /// One walk placed on its smoothed `track` instead of ground truth: each scan goes where the track is
    /// at its time, on the level the track held then, unless the track's one-sigma there (the larger of
    /// the two track points around it) exceeds `survey.maximumSigmaMeters` (counted in
    /// ``WalkOutcome/tooUncertain``). Strides and walk legs are measured on the track as on truth; each
    /// leg's ``RadioMap/WalkLeg/weight`` is 1 where the track's heading one-sigma along it stays within
    /// `survey.legHeadingSigmaRadians`, else that over the largest one-sigma, squared.
    /// - Throws: ``PositioningError/malformedInput(file:line:message:)`` (line 0) when the track has fewer
    ///   than two finite points.
    public static func placed(
        walk: String, samples: [SensorSample], track rawTrack: [TrackPoint], survey: TrackSurveyConfiguration = .standard,
        strideRatio measured: Double?? = nil, configuration: FingerprintConfiguration, deadReckoning: DeadReckoningConfiguration?
    ) throws(PositioningError) -> PlacedWalk {
        let track = rawTrack.filter { $0.timeSeconds.isFinite && $0.point.isFinite && !$0.sigmaMeters.isNaN }
            .sorted { $0.timeSeconds < $1.timeSeconds }
        guard track.count >= 2 else {
            throw .malformedInput(
                file: walk, line: 0, message: "a track-surveyed walk needs at least two track points, it has \(track.count)")
        }
        let times = track.map(\.timeSeconds)
        let points = track.map { TruthPoint(timeSeconds: $0.timeSeconds, point: $0.point, level: $0.level) }
        let legIndices = Self.spacedIndices(points, meters: survey.legSpacingMeters)
        let legPoints = legIndices.map { points[$0] }
        // A leg counts as far as absolute evidence pinned the track's heading along it (inverse variance):
        // fully where the heading's one-sigma stays within the reference, by the squared ratio where wider.
        let reference = survey.legHeadingSigmaRadians
        let legWeights = zip(legIndices, legIndices.dropFirst()).map { from, to in
            let sigma = track[from...to].compactMap(\.headingSigmaRadians).max() ?? 0
            return sigma <= reference ? 1 : (reference / sigma) * (reference / sigma)
        }
        var walk = placed(
            walk: walk, samples: samples, placedOn: points, legsOf: legPoints, strideRatio: measured,
            configuration: configuration, deadReckoning: deadReckoning
        ) { time in
            // The first track point after `time` (binary search), and the one before it.
            var low = 0, high = times.count
            while low < high {
                let middle = (low + high) / 2
                if times[middle] <= time { low = middle + 1 } else { high = middle }
            }
            let after = min(low, times.count - 1), before = max(0, low - 1)
            return max(track[before].sigmaMeters, track[after].sigmaMeters) <= survey.maximumSigmaMeters
        }
        walk.legWeights = legWeights
        return walk
    }

    /// The indices of the first of `points`, then of each one at least `meters` from the last one kept or
    /// on another level (a step-by-step track thinned to legs as long as a survey's between waypoints).
    static func spacedIndices(_ points: [TruthPoint], meters: Double) -> [Int] {
        guard var last = points.first else { return [] }
        var kept = [0]
        for (index, point) in points.enumerated().dropFirst()
        where point.level != last.level || point.point.distance(to: last.point) >= meters {
            kept.append(index)
            last = point
        }
        return kept
    }

    /// One walk whose scans are placed on `truth` (finite, in time order, at least two points) where
    /// `isPlaceable` accepts the scan's time; its walk legs are those of `legPoints`.
    private static func placed(
        walk: String, samples: [SensorSample], placedOn truth: [TruthPoint], legsOf legPoints: [TruthPoint],
        strideRatio measured: Double??, configuration: FingerprintConfiguration, deadReckoning: DeadReckoningConfiguration?,
        isPlaceable: (Double) -> Bool
    ) -> PlacedWalk {
        let track = TimedTrajectory(truth.map { ($0.timeSeconds, $0.point) })
        var assembler = RadioScanAssembler(configuration: configuration)
        var outcome = WalkOutcome(walk: walk)
        outcome.strideRatio = measured ?? deadReckoning.flatMap { Self.strideRatio(samples: samples, truth: truth, model: $0) }
        var scans: [PlacedScan] = []
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
            scans.append(
                PlacedScan(
                    point: point, level: ProviderScoring.levelAt(scan.timeSeconds, in: truth), timeSeconds: scan.timeSeconds,
                    readings: scan.readings.sorted { $0.key < $1.key }.map { (key: $0.key, rssiDbm: $0.value) }))
            outcome.placements.append(Placement(timeSeconds: scan.timeSeconds, point: point))
            outcome.placed += 1
        }
        for sample in samples { for scan in assembler.consume(sample) { place(scan) } }
        if let scan = assembler.finish() { place(scan) }
        outcome.staleEntries = assembler.staleEntries
        outcome.droppedReadings = assembler.droppedReadings
        return PlacedWalk(outcome: outcome, legPoints: legPoints, scans: scans)
    }

    /// Files a placed walk, after the ones before it; `reframe` (when given) takes its points from the
    /// walk's frame to the map's. Returns its outcome, placements in the map's frame.
    @discardableResult
    public mutating func add(_ placed: PlacedWalk, reframe: ((LocalPoint) -> LocalPoint)? = nil) -> WalkOutcome {
        let move = reframe ?? { $0 }
        var outcome = placed.outcome
        if reframe != nil {
            outcome.placements = outcome.placements.map { Placement(timeSeconds: $0.timeSeconds, point: move($0.point)) }
        }
        let walkIndex = walks.count
        walks.append(outcome.walk)
        strideRatios.append(outcome.strideRatio)
        let legPoints =
            reframe == nil
            ? placed.legPoints : placed.legPoints.map { TruthPoint(timeSeconds: $0.timeSeconds, point: move($0.point), level: $0.level) }
        walkLegs.append(RadioMap.legs(of: legPoints, weights: placed.legWeights) { levelIndex(of: $0) })
        fingerprints.reserveCapacity(fingerprints.count + placed.scans.count)
        for scan in placed.scans {
            let level = scan.level.map { levelIndex(of: $0) }
            let readings = scan.readings.map { RadioMap.Reading(transmitter: transmitterIndex(of: $0.key), rssiDbm: $0.rssiDbm) }
            fingerprints.append(
                RadioMap.Fingerprint(
                    point: move(scan.point), levelIndex: level, walkIndex: walkIndex, timeSeconds: scan.timeSeconds, readings: readings))
        }
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

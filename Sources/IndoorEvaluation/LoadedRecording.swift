import Foundation
import IndoorGeometry
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// A recording's samples in time order and its ground truth in the scoring frame.
public struct LoadedRecording {
    /// The format read (`canonical`, `ilc`, `ipin`).
    public var format: String
    /// Every sample in time order.
    public var samples: [SensorSample]
    /// The ground truth, validated once (nil when the recording has none).
    public var truth: GroundTruthTrack?
    /// True when ILC waypoints stayed in the floor plan's own frame (no venue level with a floor frame).
    public var usedFloorFrame: Bool
    /// The frame geographic positions were converted with.
    public var frame: LocalFrame?
    /// The Unix time (seconds) of the recording's time zero, when its header tells it (ILC `startTime`).
    public var startEpochSeconds: Double?

    /// A recording as read, with its truth already validated.
    public init(
        format: String, samples: [SensorSample], truth: GroundTruthTrack?, usedFloorFrame: Bool, frame: LocalFrame?,
        startEpochSeconds: Double? = nil
    ) {
        self.format = format
        self.samples = samples
        self.truth = truth
        self.usedFloorFrame = usedFloorFrame
        self.frame = frame
        self.startEpochSeconds = startEpochSeconds
    }

    /// Whether walks read `jobs` at a time, `files` of them, should read ahead: not with one job (`--jobs 1`
    /// keeps to one core), and not when the jobs already keep every core busy.
    public static func readsAhead(jobs: Int, files: Int) -> Bool {
        jobs > 1 && min(jobs, files) < ProcessInfo.processInfo.activeProcessorCount
    }

    /// Reads a recording (format detected), in time order, with its truth in the local frame: the venue
    /// frame, else a frame at the beacons' centroid, else at the first geographic truth point. ILC
    /// floor-frame waypoints use the venue level's floor frame when there is one. The truth is validated
    /// here, once (``GroundTruthTrack``: a non-finite point is an error naming the file and line).
    /// With `readAhead` the file is decoded on a second thread while this one plays the samples in time
    /// order (``ReadAheadSource``): the same recording, read faster where a core is free.
    public static func read(_ file: String, venue: Venue?, registry: BeaconRegistry?, readAhead: Bool = true) throws -> LoadedRecording {
        let reader = try RecordingReader(path: file)
        let player = try RecordingPlayer(source: readAhead ? ReadAheadSource(reader) : reader)
        var samples: [SensorSample] = []
        // Room for as many samples as the file could hold at 64 bytes a line (the formats' lines are
        // longer), so the array is not regrown and copied while it fills; pages never filled cost nothing.
        samples.reserveCapacity((ParallelJobs.byteCount(ofFile: file) ?? 0) / 64)
        var truthSamples: [(Double, GroundTruthPosition, Int?)] = []
        while let event = try player.next() {
            guard case .sample(let sample) = event else { continue }
            samples.append(sample)
            if case .groundTruth(let truth) = sample.reading { truthSamples.append((sample.timeSeconds, truth, player.lastPlayedLine)) }
        }
        let frame =
            venue?.frame ?? registry.flatMap(EvaluationInputs.beaconCentroidFrame)
            ?? truthSamples.lazy.compactMap {
                if case .geographic(let c) = $0.1.location { return LocalFrame(reference: c) } else { return nil }
            }.first
        var usedFloorFrame = false
        let truth: [TruthPoint] = truthSamples.compactMap { time, position, line in
            let point: LocalPoint?
            switch position.location {
            case .local(let p): point = p
            case .geographic(let c): point = frame?.localPoint(from: c)
            case .floorFrame(let f):
                if let floorFrame = EvaluationInputs.floorFrame(for: position.level, in: venue) {
                    point = floorFrame.venuePoint(floorX: f.xMeters, floorY: f.yMeters)
                } else {
                    usedFloorFrame = true
                    point = LocalPoint(x: f.xMeters, y: f.yMeters)
                }
            }
            return point.map { TruthPoint(timeSeconds: time, point: $0, level: position.level, line: line) }
        }
        return LoadedRecording(
            format: reader.format.rawValue, samples: samples,
            truth: truth.isEmpty ? nil : try GroundTruthTrack(truth, source: file),
            usedFloorFrame: usedFloorFrame, frame: frame,
            startEpochSeconds: reader.header.source["startTimeEpochMs"].flatMap(Double.init).map { $0 / 1000 })
    }
}

import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorPositioning
import IndoorRecordings

/// The dead-reckoning and beacon providers' speed as a real-time factor (recording duration /
/// processing time). The recording is read and put in time order once (timed separately); each pass
/// then feeds every sample to both providers.
public enum ProvidersBenchmark {
    /// One recording's figures.
    public struct Result: Sendable {
        /// The recording.
        public var file: String
        /// Samples replayed.
        public var samples: Int
        /// The recording's span, in seconds.
        public var durationSeconds: Double
        /// Passes; the best counts.
        public var passes: Int
        /// The best pass, in seconds.
        public var bestSeconds: Double
        /// Reading and ordering the recording, in seconds.
        public var readSeconds: Double
        /// Steps the dead reckoning detected in a pass.
        public var steps: Int
        /// Fixes the beacon provider made in a pass.
        public var beaconFixes: Int

        /// The figures as JSON (`bench providers --json`).
        public var json: JSONValue {
            [
                "file": .string(file), "samples": .number(Double(samples)), "durationSeconds": .finite(durationSeconds),
                "passes": .number(Double(passes)), "bestSeconds": .finite(bestSeconds), "readSeconds": .finite(readSeconds),
                "realTimeFactor": .finite(durationSeconds / bestSeconds),
                "realTimeFactorIncludingRead": .finite(durationSeconds / (bestSeconds + readSeconds)),
                "samplesPerSecond": .finite(Double(samples) / bestSeconds), "steps": .number(Double(steps)),
                "beaconFixes": .number(Double(beaconFixes)),
            ]
        }

        /// The figures as one text line.
        public var text: [String] {
            [
                String(
                    format:
                        "%@: %d samples, %.1f s recorded; %d steps, %d beacon fixes; best of %d: %.4f s → %.0f× real time (%.0f samples/s); read + order %.3f s → %.0f× including the read",
                    file, samples, durationSeconds, steps, beaconFixes, passes, bestSeconds, durationSeconds / bestSeconds,
                    Double(samples) / bestSeconds, readSeconds, durationSeconds / (bestSeconds + readSeconds))
            ]
        }
    }

    /// Replays `file` `passes` times through both providers. Without a `registry`, the beacons heard in
    /// the recording are placed on a 30 m circle (``syntheticRegistry(_:file:)``), so that the beacon
    /// provider does real fits (the positions are meaningless; only the speed counts).
    public static func measure(file: String, registry given: BeaconRegistry?, passes: Int) throws -> Result {
        let (readSeconds, samples) = try BenchmarkClock.timed { () throws -> [SensorSample] in
            let player = try RecordingPlayer(source: RecordingReader(path: file))
            var samples: [SensorSample] = []
            while let event = try player.next() {
                if case .sample(let sample) = event { samples.append(sample) }
            }
            return samples
        }
        guard let first = samples.first?.timeSeconds, let last = samples.last?.timeSeconds, last > first else {
            throw BenchmarkError.noTimedSamples(bench: "bench providers", file: file)
        }
        let registry = try given ?? syntheticRegistry(samples, file: file)
        let frame = registry.beacons.lazy.compactMap { beacon -> LocalFrame? in
            if case .geographic(let c) = beacon.position { return LocalFrame(reference: c) }
            return nil
        }.first
        let map = try BeaconMap(registry: registry, frame: frame)

        var best = Double.infinity
        var steps = 0
        var fixes = 0
        for _ in 0..<max(1, passes) {
            let pdr = DeadReckoningProvider()
            let beacons = BeaconPositionProvider(map: map)
            pdr.start()
            beacons.start()
            pdr.setStart(IndoorLocation(point: .zero, levelID: nil, accuracyMeters: 1, timeSeconds: first, source: "bench"))
            let (seconds, counts) = BenchmarkClock.timed { () -> (Int, Int) in
                var passSteps = 0
                var passFixes = 0
                for sample in samples {
                    passSteps += pdr.consume(sample).count
                    if beacons.consume(sample) != nil { passFixes += 1 }
                }
                return (passSteps, passFixes)
            }
            best = min(best, seconds)
            (steps, fixes) = counts
        }
        return Result(
            file: file, samples: samples.count, durationSeconds: last - first, passes: passes, bestSeconds: best,
            readSeconds: readSeconds, steps: steps, beaconFixes: fixes)
    }

    /// The distinct beacons heard in `samples` (of `file`), placed evenly on a 30 m circle, all on floor 0.
    public static func syntheticRegistry(_ samples: [SensorSample], file: String) throws -> BeaconRegistry {
        var seen: [BeaconIdentity] = []
        var known: Set<BeaconIdentity> = []
        for sample in samples {
            guard case .beacon(let observation) = sample.reading, known.insert(observation.beacon).inserted else { continue }
            seen.append(observation.beacon)
        }
        guard !seen.isEmpty else { throw BenchmarkError.noBeaconReadings(file: file) }
        var records: [BeaconRecord] = []
        var macs: Set<String> = []
        var iBeacons: Set<String> = []
        for (index, identity) in seen.enumerated() {
            // Keep each identity part only once, as the registry requires unique MACs and iBeacon ids.
            var id = identity
            if let mac = id.mac, !macs.insert(mac).inserted { id.mac = nil }
            if id.uuid != nil, !iBeacons.insert("\(id.uuid ?? "")/\(id.major ?? -1)/\(id.minor ?? -1)").inserted {
                id.uuid = nil
            }
            guard id.mac != nil || id.uuid != nil else { continue }
            let angle = 2 * Double.pi * Double(index) / Double(seen.count)
            records.append(
                BeaconRecord(
                    id: "B\(index)", identity: id,
                    position: .local(LocalPoint(x: 30 * cos(angle), y: 30 * sin(angle))),
                    level: .floorNumber(0), txPowerDbm: BeaconRegistry.defaultTxPowerDbm))
        }
        return try BeaconRegistry(beacons: records)
    }
}

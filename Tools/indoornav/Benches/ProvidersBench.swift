import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorPositioning
import IndoorRecordings

/// `indoornav bench providers FILE [--beacons FILE] [--repeat N] [--json]` — replays a recording through
/// the dead-reckoning and beacon providers as fast as possible and reports the real-time factor
/// (recording duration / processing time).
///
/// The recording is read and put in time order once (timed separately); each pass then feeds every
/// sample to both providers. Without `--beacons`, the beacons heard in the recording are placed on a
/// 30 m circle so that the beacon provider does real fits (the positions are meaningless; only the
/// speed counts).
enum ProvidersBench {
    static let spec = CommandSpec(
        path: ["bench", "providers"], summary: "dead-reckoning and beacon provider speed as a real-time factor",
        positionals: [PositionalSpec(name: "FILE", help: "a recording")],
        options: [
            SharedOptions.beacons.with(help: "beacon registry (without it the heard beacons are placed on a 30 m circle)"),
            .integer("--repeat", "N", "passes; the best counts", in: 1...1000, default: "5", example: "--repeat 10"),
            SharedOptions.json,
        ],
        examples: ["bench providers Recordings/samples/ilc-site1-B1-5ddb8a08.txt"],
        run: run)

    static func run(_ args: inout Arguments) throws -> Int32 {
        let repeats = try args.int("--repeat") ?? 5
        let beaconsPath = try args.option("--beacons")
        let json = args.flag("--json")
        let file = try args.positional("recording FILE")
        try args.finish()

        let clock = ContinuousClock()
        let readStart = clock.now
        let player = try RecordingPlayer(source: RecordingReader(path: file))
        var samples: [SensorSample] = []
        while let event = try player.next() {
            if case .sample(let sample) = event { samples.append(sample) }
        }
        let readSeconds = seconds(clock.now - readStart)
        guard let first = samples.first?.timeSeconds, let last = samples.last?.timeSeconds, last > first else {
            throw ToolFailure("bench providers: \(file) holds no timed samples")
        }
        let duration = last - first

        let registry: BeaconRegistry
        if let beaconsPath {
            registry =
                beaconsPath.lowercased().hasSuffix(".csv")
                ? try BeaconRegistry.importIPINLocations(path: beaconsPath) : try BeaconRegistry.load(path: beaconsPath)
        } else {
            registry = try syntheticRegistry(samples)
        }
        let frame = registry.beacons.lazy.compactMap { beacon -> LocalFrame? in
            if case .geographic(let c) = beacon.position { return LocalFrame(reference: c) }
            return nil
        }.first
        let map = try BeaconMap(registry: registry, frame: frame)

        var best = Double.infinity
        var steps = 0
        var fixes = 0
        for _ in 0..<repeats {
            let pdr = DeadReckoningProvider()
            let beacons = BeaconPositionProvider(map: map)
            pdr.start()
            beacons.start()
            pdr.setStart(IndoorLocation(point: .zero, levelID: nil, accuracyMeters: 1, timeSeconds: first, source: "bench"))
            var passSteps = 0
            var passFixes = 0
            let start = clock.now
            for sample in samples {
                passSteps += pdr.consume(sample).count
                if beacons.consume(sample) != nil { passFixes += 1 }
            }
            best = min(best, seconds(clock.now - start))
            steps = passSteps
            fixes = passFixes
        }
        let factor = duration / best
        let withRead = duration / (best + readSeconds)
        if json {
            let value: JSONValue = [
                "file": .string(file), "samples": .number(Double(samples.count)), "durationSeconds": .finite(duration),
                "passes": .number(Double(repeats)), "bestSeconds": .finite(best), "readSeconds": .finite(readSeconds),
                "realTimeFactor": .finite(factor), "realTimeFactorIncludingRead": .finite(withRead),
                "samplesPerSecond": .finite(Double(samples.count) / best), "steps": .number(Double(steps)),
                "beaconFixes": .number(Double(fixes)),
            ]
            print(value.serialized(pretty: true))
        } else {
            print(
                String(
                    format:
                        "%@: %d samples, %.1f s recorded; %d steps, %d beacon fixes; best of %d: %.4f s → %.0f× real time (%.0f samples/s); read + order %.3f s → %.0f× including the read",
                    file, samples.count, duration, steps, fixes, repeats, best, factor, Double(samples.count) / best,
                    readSeconds, withRead))
        }
        return 0
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// The distinct beacons heard, placed evenly on a 30 m circle, all on floor 0.
    static func syntheticRegistry(_ samples: [SensorSample]) throws -> BeaconRegistry {
        var seen: [BeaconIdentity] = []
        var known: Set<BeaconIdentity> = []
        for sample in samples {
            guard case .beacon(let observation) = sample.reading, known.insert(observation.beacon).inserted else { continue }
            seen.append(observation.beacon)
        }
        guard !seen.isEmpty else { throw ToolFailure("bench providers: the recording has no beacon readings; pass --beacons") }
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

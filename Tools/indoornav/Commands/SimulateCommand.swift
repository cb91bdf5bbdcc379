import Foundation
import IndoorCommandLine
import IndoorJSON
import IndoorRecordings
import IndoorRouting
import IndoorSimulation
import IndoorVenue

/// `indoornav simulate VENUE --from X --to Y --seed S -o rec.jsonl …`: a synthetic recording of a walk.
enum SimulateCommand {
    static let spec = CommandSpec(
        path: ["simulate"], summary: "write a synthetic sensor recording (IMU, pressure, BLE, truth) of a walk along a route",
        inputs: Inputs.self,
        notes: [
            "Without --beacons a layout is generated (a zig-zag along corridor walls and a grid in rooms; Sources/IndoorSimulation/README.md)."
        ],
        examples: ["simulate Recordings/venues/campus --from am-info --to occ-deans-office --seed 1 -o rec.jsonl --beacons-out b.json"])

    struct Inputs: RunnableInputs {
        @Positional(SharedOptions.venue) var venuePath: String
        @Option(
            .value(
                "--from", "PLACE", "where the walk starts: an id, x,y@LEVEL or geo:lat,lon@LEVEL", example: "--from am-info", required: true
            )) var fromText: String
        @Option(.value("--to", "PLACE", "where the walk ends", example: "--to occ-deans-office", required: true)) var toText: String
        @Option(.value("--seed", "S", "whole number fixing every random draw", example: "--seed 1", required: true)) var seedText: String
        @Option(SharedOptions.output("REC.jsonl", "the recording to write", required: true)) var output: String
        @Option(SharedOptions.beacons.with(help: "beacon registry to simulate instead of a generated layout")) var beaconsIn: String?
        @Option(.value("--beacons-out", "FILE", "write the generated beacon layout here", example: "--beacons-out b.json")) var beaconsOut:
            String?
        @Option(
            .number(
                "--beacon-spacing", "M", "spacing of the generated layout, metres", in: 2...100, default: 9,
                example: "--beacon-spacing 12")) var spacing: Double?
        @Option(
            .number(
                "--deviate-at", "T", "seconds into the walk when the walker leaves the route (with --deviate-to)",
                example: "--deviate-at 30")) var deviateAt: Double?
        @Option(.value("--deviate-to", "x,y@LEVEL", "where the deviating walker goes", example: "--deviate-to 20,5@lvl-a0")) var deviateTo:
            String?
        @Option(.number("--duration-seconds", "D", "stop the recording after D seconds", example: "--duration-seconds 60")) var duration:
            Double?
        @Option(.tunable(\InertialSensorConfiguration.imuRateHz, "--rate-hz", "HZ", "IMU sample rate", example: "--rate-hz 100"))
        var imuRate: Double?
        @Option(.tunable(\BeaconScanConfiguration.scanRateHz, "--ble-rate-hz", "HZ", "BLE scan rate", example: "--ble-rate-hz 1"))
        var bleRate: Double?
        @Option(
            .tunable(
                \InertialSensorConfiguration.pressureRateHz, "--pressure-rate-hz", "HZ", "barometer sample rate",
                example: "--pressure-rate-hz 5"))
        var pressureRate: Double?
        @Option(.tunable(\WalkerConfiguration.walkingSpeedMetersPerSecond, "--speed", "M_PER_S", "walking speed", example: "--speed 1.1"))
        var speed: Double?
        @Option(SharedOptions.json) var json: Bool
        func run() throws -> Int32 {
            guard let seed = UInt64(seedText) else { throw UsageError("--seed: '\(seedText)' is not a whole number 0…\(UInt64.max)") }
            for written in [output] + (beaconsOut.map { [$0] } ?? []) {
                try OutputFile.refuseOverwritingInput(written, inputs: beaconsIn.map { [$0] } ?? [], folders: [venuePath])
            }
            if let beaconsOut, OutputFile.realPath(beaconsOut) == OutputFile.realPath(output) {
                throw UsageError("-o and --beacons-out name the same file \(output)")
            }

            guard let origin = Place.parse(fromText) else {
                throw UsageError("--from: '\(fromText)' is not an id, x,y@LEVEL or geo:lat,lon@LEVEL")
            }
            guard let destination = Place.parse(toText) else {
                throw UsageError("--to: '\(toText)' is not an id, x,y@LEVEL or geo:lat,lon@LEVEL")
            }
            var deviation: Deviation?
            switch (deviateAt, deviateTo) {
            case (nil, nil): break
            case (let t?, let z?):
                guard let target = Place.parse(z) else {
                    throw UsageError("--deviate-to: '\(z)' is not x,y@LEVEL, geo:lat,lon@LEVEL or a POI id")
                }
                deviation = Deviation(atSeconds: t, target: target)
            case (nil, _?): throw UsageError("--deviate-to needs --deviate-at T (seconds)")
            case (_?, nil): throw UsageError("--deviate-at needs --deviate-to x,y@LEVEL")
            }
            if beaconsIn != nil, spacing != nil {
                throw UsageError("--beacon-spacing applies to a generated layout, not to --beacons FILE")
            }

            do {
                var walker = WalkerConfiguration.standard
                if let speed { walker.walkingSpeedMetersPerSecond = speed }
                var inertial = InertialSensorConfiguration.standard
                if let imuRate { inertial.imuRateHz = imuRate }
                if let pressureRate { inertial.pressureRateHz = pressureRate }
                var scan = BeaconScanConfiguration.standard
                if let bleRate { scan.scanRateHz = bleRate }
                let configuration = try SimulationConfiguration(walker: walker, inertial: inertial, beaconScan: scan)
                let venue = try RecordingSimulator.loadVenue(path: venuePath)

                let registry: BeaconRegistry
                if let beaconsIn {
                    do { registry = try BeaconRegistry.load(path: beaconsIn) } catch {
                        throw ToolFailure("--beacons: \(IOErrorText.sentence(error, path: beaconsIn))")
                    }
                } else {
                    var options = BeaconLayoutOptions()
                    if let spacing { options.spacingMeters = spacing }
                    registry = try BeaconLayoutGenerator.layout(for: venue, options: options)
                }
                if let beaconsOut {
                    try OutputFile.write(registry.json.serialized(pretty: true) + "\n", to: beaconsOut)
                }
                let placed = try PlacedBeacon.place(registry, on: venue)

                let start = ContinuousClock.now
                let planner = try WalkPlanner(venue: venue, configuration: configuration)
                let request = WalkRequest(
                    origin: origin, destination: destination, seed: seed, deviation: deviation, durationSeconds: duration)
                let trajectory = try planner.plan(request)
                let simulation = SensorSimulation(
                    trajectory: trajectory, venue: venue, beacons: placed, configuration: configuration, seed: seed)
                var description = ["from": fromText, "to": toText]
                if let deviateAt, let deviateTo { description["deviation"] = "at \(deviateAt) s towards \(deviateTo)" }
                let header = RecordingSimulator.header(
                    simulation: simulation, venueID: venue.id,
                    beaconRegistryPath: (beaconsIn ?? beaconsOut).map { relativePath($0, from: output) },
                    description: description)
                let summary = try OutputFile.writing(to: output) { temporary throws(RecordingError) in
                    try RecordingSimulator.write(simulation, to: RecordingWriter(path: temporary, header: header))
                }
                let elapsed = start.duration(to: .now)
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
                let bytes = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? nil
                print(
                    json
                        ? summaryJSON(summary, output: output, bytes: bytes, seconds: seconds).serialized(pretty: true)
                        : report(summary, output: output, bytes: bytes, seconds: seconds))
                return 0
            } catch SimulationError.invalidConfiguration(let field, let message) {
                throw UsageError("simulate: \(flagNames[field] ?? field): \(message)")
            } catch SimulationError.invalidDeviation(let message) {
                throw UsageError("simulate: --deviate-to: \(message)")
            } catch let error as SimulationError {
                switch error {
                case .unknownPlace, .unknownLevel, .noRoute: throw NotFound("simulate: \(error)")
                default: throw ToolFailure("simulate: \(error)")
                }
            } catch let error as RecordingError {
                throw ToolFailure("simulate: \(error)")
            }
        }
    }

    /// The flag that sets each configuration field, for error messages.
    static let flagNames = [
        "inertial.imuRateHz": "--rate-hz", "inertial.pressureRateHz": "--pressure-rate-hz", "beacon-scan.scanRateHz": "--ble-rate-hz",
        "walker.walkingSpeedMetersPerSecond": "--speed", "durationSeconds": "--duration-seconds", "deviateAtSeconds": "--deviate-at",
        "beaconSpacingMeters": "--beacon-spacing",
    ]

    /// `path` relative to the folder of `recording` when it lies in that folder (or below), else absolute.
    static func relativePath(_ path: String, from recording: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.path
        let folder = URL(fileURLWithPath: recording).standardizedFileURL.deletingLastPathComponent().path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : target
    }

    private static func report(_ s: SimulationSummary, output: String, bytes: Int?, seconds: Double) -> String {
        var lines = [
            "wrote \(output)" + (bytes.map { " (\(String(format: "%.1f", Double($0) / 1e6)) MB)" } ?? ""),
            String(
                format: "  %.1f s, %.1f m, %d steps at %.2f Hz, %d beacons", s.durationSeconds, s.distanceMeters, s.stepCount,
                s.nominalStepFrequencyHz, s.beaconCount),
        ]
        if let d = s.deviationStartSeconds { lines.append(String(format: "  leaves the route at %.1f s", d)) }
        for (kind, count) in s.samplesByKind.sorted(by: { $0.key < $1.key }) { lines.append("  \(kind.rawValue): \(count)") }
        lines.append(String(format: "  generated in %.2f s (%.0f samples/s)", seconds, Double(s.sampleCount) / max(seconds, 1e-9)))
        return lines.joined(separator: "\n")
    }

    private static func summaryJSON(_ s: SimulationSummary, output: String, bytes: Int?, seconds: Double) -> JSONValue {
        var samples: [String: JSONValue] = [:]
        for (kind, count) in s.samplesByKind { samples[kind.rawValue] = .number(Double(count)) }
        var object: [String: JSONValue] = [
            "output": .string(output), "durationSeconds": .number(s.durationSeconds), "distanceMeters": .number(s.distanceMeters),
            "stepCount": .number(Double(s.stepCount)), "stepFrequencyHz": .number(s.nominalStepFrequencyHz),
            "beaconCount": .number(Double(s.beaconCount)), "samples": .object(samples), "generationSeconds": .number(seconds),
        ]
        if let bytes { object["bytes"] = .number(Double(bytes)) }
        if let d = s.deviationStartSeconds { object["deviationStartSeconds"] = .number(d) }
        return .object(object)
    }
}

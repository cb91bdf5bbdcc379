import Foundation
import IndoorCommandLine
import IndoorConfiguration
import IndoorJSON
import IndoorPositioning
import IndoorRecordings

/// `indoornav import ilc|ipin|beacons-ipin FILE -o OUT` — converts public data into IndoorNav formats.
enum ImportCommand {
    /// `import ilc` and `import ipin`.
    static func recordingSpec(_ format: RecordingFormat) -> CommandSpec {
        let name = format == .ilc ? "ilc" : "ipin"
        let what = format == .ilc ? "a Microsoft Indoor Location Competition path file" : "an IPIN competition logfile"
        var spec = CommandSpec(
            path: ["import", name], summary: "convert \(what) to a canonical recording (.jsonl)", inputs: RecordingInputs.self,
            examples: ["import \(name) \(format == .ilc ? "Recordings/samples/ilc-site1-B1-5ddb8a08.txt" : "T03_01.txt") -o rec.jsonl"],
            run: { try $0.run(format) })
        spec.positionals[0].help = what + " (LF, CRLF or CR line endings)"
        return spec
    }

    struct RecordingInputs: CommandInputs {
        @Positional(PositionalSpec(name: "FILE", help: "the file to convert")) var input: String
        @Option(SharedOptions.output("OUT.jsonl", "the canonical recording to write", required: true)) var output: String
        @Option(.value("--venue", "ID", "venue id written into the recording's header", example: "--venue ilc-site1")) var venue: String?
        @Option(.value("--beacons", "REGISTRY", "beacon registry file named in the header", example: "--beacons b.json"))
        var beacons: String?
        @Option(.flag("--strict", "fail on the first malformed line instead of skipping and counting it")) var strict: Bool
        @Option(SharedOptions.json.with(help: "print the import summary as JSON")) var json: Bool

        func run(_ format: RecordingFormat) throws -> Int32 {
            try OutputFile.refuseOverwritingInput(output, inputs: [input] + (beacons.map { [$0] } ?? []))
            let summary: ReadSummary
            do {
                summary = try OutputFile.writing(to: output) { temporary in
                    let summary = try RecordingImporter.convert(
                        inputPath: input, format: format, outputPath: temporary, venueId: venue, beaconRegistry: beacons, strict: strict)
                    // A file that yields no sample is not a recording of this format: fail, keep any previous output.
                    guard summary.totalSamples > 0 else {
                        throw ToolFailure(
                            "\(input): no sample in \(summary.lines) line(s)"
                                + (summary.malformedLines > 0 ? " (\(summary.malformedLines) malformed)" : "") + "; nothing written")
                    }
                    return summary
                }
            } catch {
                warn("indoornav import: \(IOErrorText.sentence(error))")
                return 1
            }
            print(json ? summaryJSON(summary, output: output).serialized(pretty: true) : summary.report + "\n  wrote \(output)")
            return 0
        }
    }

    static let beaconsSpec = CommandSpec(
        path: ["import", "beacons-ipin"], summary: "convert an IPIN BLE_Locations.csv to an indoornav-beacons registry",
        inputs: BeaconInputs.self, examples: ["import beacons-ipin BLE_Locations.csv -o beacons.json"])

    struct BeaconInputs: RunnableInputs {
        @Positional(PositionalSpec(name: "FILE", help: "an IPIN BLE_Locations.csv")) var input: String
        @Option(SharedOptions.output("OUT.json", "the registry to write", required: true)) var output: String
        @Option(
            .number(
                "--tx-power", "DBM", "transmit power at 1 m of every beacon", in: -120...20, default: BeaconRegistry.defaultTxPowerDbm,
                example: "--tx-power -65"))
        var tx: Double
        @Option(
            .tunable(
                \BeaconProviderConfiguration.defaultPathLossExponent, "--path-loss", "N", "path-loss exponent of every beacon",
                defaultText: Self.pathLossDefault, example: "--path-loss 2.5"))
        var exponent: Double?
        /// The help's default of `--path-loss`: the beacon provider's.
        static let pathLossDefault =
            "the provider's default (\(TunableFormat.number(BeaconProviderConfiguration.standard.defaultPathLossExponent)))"

        func run() throws -> Int32 {
            try OutputFile.refuseOverwritingInput(output, inputs: [input])
            do {
                let registry = try BeaconRegistry.importIPINLocations(path: input, txPowerDbm: tx, pathLossExponent: exponent)
                try emit(registry.json.serialized(pretty: true) + "\n", to: output)
                print("\(input): \(registry.beacons.count) beacons → \(output)")
            } catch {
                warn("indoornav import: \(IOErrorText.sentence(error))")
                return 1
            }
            return 0
        }
    }

    static func summaryJSON(_ s: ReadSummary, output: String?) -> JSONValue {
        var samples: [String: JSONValue] = [:]
        for (kind, count) in s.samples { samples[kind.rawValue] = .number(Double(count)) }
        return [
            "file": .string(s.file), "format": .string(s.format.rawValue), "output": .optional(output),
            "lines": .number(Double(s.lines)), "bytes": .number(Double(s.bytes)),
            "samples": .object(samples), "totalSamples": .number(Double(s.totalSamples)),
            "skipped": .object(s.skippedRecords.mapValues { .number(Double($0)) }),
            "malformedLines": .number(Double(s.malformedLines)),
            "issues": .array(s.issues.prefix(50).map { .string($0.description) }),
            "timeRegressions": .number(Double(s.timeRegressions)),
            "largestTimeRegressionSeconds": .number(s.largestTimeRegressionSeconds),
        ]
    }
}

import Foundation
import IndoorJSON
import Recordings

/// `indoornav import ilc|ipin|beacons-ipin FILE -o OUT` — converts public data into IndoorNav formats.
enum ImportCommand {
    static let usage = """
        usage: indoornav import ilc|ipin FILE -o OUT.jsonl [--venue ID] [--beacons REGISTRY] [--strict] [--json]
               indoornav import beacons-ipin BLE_Locations.csv -o OUT.json [--tx-power DBM] [--path-loss N]
        """

    static func run(_ args: inout Arguments) throws -> Int32 {
        let output = try args.option("-o") ?? args.option("--output")
        guard let kind = args.nextPositional() else { throw UsageError(usage) }
        switch kind {
        case "ilc", "ipin":
            return try importRecording(kind == "ilc" ? .ilc : .ipin, output: output, &args)
        case "beacons-ipin":
            return try importBeacons(output: output, &args)
        default:
            throw UsageError("import: unknown source '\(kind)'\n\(usage)")
        }
    }

    private static func importRecording(_ format: RecordingFormat, output: String?, _ args: inout Arguments) throws -> Int32 {
        let input = try args.positional("input file")
        let venue = try args.option("--venue")
        let beacons = try args.option("--beacons")
        let strict = args.flag("--strict")
        let json = args.flag("--json")
        try args.finish()
        guard let output else { throw UsageError("import: missing -o OUT.jsonl") }
        let summary: ReadSummary
        do {
            summary = try RecordingImporter.convert(
                inputPath: input, format: format, outputPath: output, venueId: venue, beaconRegistry: beacons, strict: strict)
        } catch {
            warn("indoornav import: \(error)")
            return 1
        }
        print(json ? summaryJSON(summary, output: output).serialized(pretty: true) : summary.report + "\n  wrote \(output)")
        return 0
    }

    private static func importBeacons(output: String?, _ args: inout Arguments) throws -> Int32 {
        let input = try args.positional("BLE_Locations.csv")
        let tx = try args.double("--tx-power", in: -120...20) ?? BeaconRegistry.defaultTxPowerDbm
        let exponent = try args.double("--path-loss", in: 1...6)
        try args.finish()
        guard let output else { throw UsageError("import: missing -o OUT.json") }
        do {
            let registry = try BeaconRegistry.importIPINLocations(path: input, txPowerDbm: tx, pathLossExponent: exponent)
            try emit(registry.json.serialized(pretty: true) + "\n", to: output)
            print("\(input): \(registry.beacons.count) beacons → \(output)")
        } catch {
            warn("indoornav import: \(error)")
            return 1
        }
        return 0
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

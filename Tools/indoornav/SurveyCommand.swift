import Foundation
import IndoorJSON
import IndoorPositioning
import IndoorRecordings

/// `indoornav survey WALK|FOLDER… [--venue V] [--beacons F] -o RADIO_MAP.json [--json]` — builds a radio
/// map (Wi-Fi and beacon fingerprints per level) from recordings with ground truth.
enum SurveyCommand {
    static let spec = CommandSpec(
        path: ["survey"], summary: "build a radio map (Wi-Fi and BLE fingerprints per level) from walks with ground truth",
        positionals: [
            PositionalSpec(
                name: "WALK", help: "walks with ground truth (ILC waypoints, IPIN POSI, canonical truth) or folders of them",
                isRepeated: true)
        ],
        options: [
            SharedOptions.output("MAP.json", "the radio map to write", required: true),
            SharedOptions.venueOption.with(help: "venue whose frame and levels the truth is put in (an ILC site folder or an IMDF venue)"),
            SharedOptions.beacons.with(help: "beacon registry (its centroid sets the frame when there is no venue)"),
            SharedOptions.json.with(help: "print the summary as JSON"),
            ParallelJobs.option,
            SharedOptions.fingerprintOption,
        ],
        notes: ["Each Wi-Fi scan (with the beacons of the last 2 s) is placed at the truth interpolated at its time."],
        examples: ["survey ../shared/data/ilc-site1 --venue ../shared/data/ilc-site1 -o ilc-map.json"],
        run: run)

    static func run(_ args: inout Arguments) throws -> Int32 {
        let output = try args.option("-o") ?? args.option("--output")
        let venuePath = try args.option("--venue")
        let beaconsPath = try args.option("--beacons")
        let json = args.flag("--json")
        let jobs = ParallelJobs.count(try args.int("--jobs"))
        let configuration = try FingerprintOptions.configuration(try args.options("--fingerprint-option"))
        var paths: [String] = []
        while let path = args.nextPositional() { paths.append(path) }
        try args.finish()
        guard !paths.isEmpty else { throw UsageError("survey: expected WALK or FOLDER") }
        guard let output else { throw UsageError("survey: missing -o RADIO_MAP.json") }
        let files = try EvaluationInputs.collectFiles(paths, extensions: ["txt", "jsonl", "log"], command: "survey")
        try OutputFile.refuseOverwritingInput(output, inputs: files + [venuePath, beaconsPath].compactMap { $0 })
        let loadedVenue = try venuePath.map { path in try EvaluationInputs.loadVenue(path: path) }
        let loadedRegistry = try beaconsPath.map { path in try EvaluationInputs.loadRegistry(path: path) }
        let result = RadioMapSurvey.build(
            files: files, venue: loadedVenue, registry: loadedRegistry, configuration: configuration, jobs: jobs)
        for entry in result.skipped { warn("indoornav survey: skipped \(entry.file): \(entry.reason)") }
        guard !result.map.fingerprints.isEmpty else {
            warn("indoornav survey: no fingerprint could be placed (no walk with ground truth and Wi-Fi or beacon scans); nothing written")
            return 1
        }
        try OutputFile.write(result.map.json.serialized(), to: output)
        let scans = result.outcomes.reduce(0) { $0 + $1.scans }
        let outside = result.outcomes.reduce(0) { $0 + $1.outsideTruth }
        let stale = result.outcomes.reduce(0) { $0 + $1.staleEntries }
        let summary = result.map.summary
        if json {
            let value: JSONValue = [
                "output": .string(output), "walks": .number(Double(summary.walks)), "fingerprints": .number(Double(summary.fingerprints)),
                "wifiTransmitters": .number(Double(summary.wifiTransmitters)),
                "beaconTransmitters": .number(Double(summary.beaconTransmitters)),
                "levels": .number(Double(summary.levels)), "scans": .number(Double(scans)), "scansOutsideTruth": .number(Double(outside)),
                "staleEntries": .number(Double(stale)),
                "strideWalks": .number(Double(result.map.strideRatios.compactMap { $0 }.count)),
                "surveyedStrideScale": result.map.surveyedStrideScale.map { .finite($0) } ?? .null,
                "walkLegs": .number(Double(result.map.walkLegs.joined().count)),
                "skipped": .array(result.skipped.map { ["file": .string($0.file), "reason": .string($0.reason)] }),
            ]
            print(value.serialized(pretty: true))
        } else {
            print(
                "wrote \(output): \(summary); \(scans) scans, \(outside) outside the ground truth's time span, \(stale) stale Wi-Fi entries dropped"
                    + "; stride scale "
                    + (result.map.surveyedStrideScale.map { String(format: "%.3f", $0) } ?? "not measured")
                    + " (\(result.map.strideRatios.compactMap { $0 }.count) walks)"
                    + "; \(result.map.walkLegs.joined().count) walk legs"
                    + (result.skipped.isEmpty ? "" : "; skipped \(result.skipped.count) file(s)"))
        }
        return 0
    }
}

import Foundation
import IndoorCommandLine
import IndoorEvaluation
import IndoorJSON
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// `indoornav beacons audit PATH… --beacons FILE [--venue V] [--corrected-out FILE] [--json]` — checks a
/// beacon registry against walks with ground truth (see ``BeaconAuditor``), names the pairs of beacons
/// whose places look exchanged (``BeaconAuditor/exchanges(in:)``) and can write the registry with them
/// put back.
///
/// Exit status: 0 when every beacon with enough readings is consistent, 3 when at least one is suspect,
/// 1 on bad input (no usable walk, unreadable registry or venue).
enum BeaconsCommand {
    static let auditSpec = CommandSpec(
        path: ["beacons", "audit"], summary: "check a beacon registry against walks with ground truth (moved, swapped or missing beacons)",
        inputs: AuditInputs.self,
        exitNotes: [3: "at least one beacon is suspect"],
        examples: ["beacons audit ../shared/data/ipin2023-t3 --beacons ../shared/data/ipin2023-t3/BLE_Locations.csv"])

    struct AuditInputs: RunnableInputs {
        @Positional(PositionalSpec(name: "PATH", help: "walks with ground truth or folders of them", isRepeated: true)) var paths: [String]
        @Option(SharedOptions.beacons.required) var beaconsPath: String
        @Option(SharedOptions.venueOption) var venuePath: String?
        @Option(
            .tunable(
                \BeaconAuditConfiguration.minimumReadings, "--min-readings", "N", "readings a beacon needs to be judged",
                example: "--min-readings 50")) var minimumReadings: Int
        @Option(
            .tunable(
                \BeaconAuditConfiguration.suspectOffsetMeters, "--suspect-offset", "M",
                "how far the strongest readings may lie from the registered place, metres", example: "--suspect-offset 15"))
        var suspectOffset: Double
        @Option(
            .value(
                "--corrected-out", "FILE",
                "write the registry (indoornav-beacons JSON) with each pair of beacons whose places look exchanged put back",
                example: "--corrected-out beacons-fixed.json")) var correctedOut: String?
        @Option(SharedOptions.json) var json: Bool

        func run() throws -> Int32 {
            guard !paths.isEmpty else { throw UsageError("beacons audit: expected PATH…") }
            if let correctedOut {
                try OutputFile.refuseOverwritingInput(
                    correctedOut, inputs: [beaconsPath] + paths, folders: paths + (venuePath.map { [$0] } ?? []))
            }

            let registry: BeaconRegistry
            var venue: Venue?
            do {
                registry = try EvaluationInputs.loadRegistry(path: beaconsPath)
                if let venuePath { venue = try EvaluationInputs.loadVenue(path: venuePath) }
            } catch {
                warn("indoornav beacons audit: \(IOErrorText.sentence(error))")
                return 1
            }
            let map: BeaconMap
            do {
                map =
                    try venue.map { try BeaconMap(registry: registry, venue: $0) }
                    ?? BeaconMap(registry: registry, frame: EvaluationInputs.beaconCentroidFrame(registry))
            } catch {
                warn("indoornav beacons audit: \(beaconsPath): \(IOErrorText.sentence(error))")
                return 1
            }
            var auditor = BeaconAuditor(
                map: map,
                configuration: try BeaconAuditConfiguration {
                    $0.minimumReadings = minimumReadings
                    $0.suspectOffsetMeters = suspectOffset
                })
            var walks: [String] = []
            var skipped: [(file: String, reason: String)] = []
            for file in try EvaluationInputs.collectFiles(paths, extensions: ["txt", "jsonl"], command: "beacons audit") {
                do {
                    let loaded = try LoadedRecording.read(file, venue: venue, registry: registry)
                    guard let truth = loaded.truth, truth.count >= 2 else {
                        skipped.append((file, "fewer than two truth points")); continue
                    }
                    auditor.add(samples: loaded.samples, truth: truth)
                    walks.append(file)
                } catch {
                    skipped.append((file, EvaluationInputs.skipReason(for: error)))
                }
            }
            for entry in skipped { warn("indoornav beacons audit: skipped \(entry.file): \(entry.reason)") }
            guard !walks.isEmpty else {
                warn("indoornav beacons audit: no walk with ground truth among \(paths.joined(separator: ", "))")
                return 1
            }
            let entries = auditor.entries()
            let exchanges = auditor.exchanges(in: entries)
            print(
                json
                    ? jsonReport(entries, exchanges: exchanges, walks: walks, skipped: skipped).serialized(pretty: true)
                    : textReport(entries, exchanges: exchanges, walks: walks.count)
            )
            if let correctedOut {
                var corrected = registry
                for exchange in exchanges { corrected = try corrected.exchangingPositions(of: exchange.firstID, and: exchange.secondID) }
                try emit(corrected.json.serialized(pretty: true) + "\n", to: correctedOut)
                let what =
                    exchanges.isEmpty
                    ? "no exchanged pair, the registry as it was"
                    : exchanges.map { "\($0.firstID) and \($0.secondID)" }.joined(separator: ", ") + " put back in each other's place"
                warn("wrote \(correctedOut): \(what)")
            }
            return entries.contains { $0.verdict == .suspect } ? 3 : 0
        }
    }

    static func textReport(_ entries: [BeaconAuditEntry], exchanges: [BeaconExchange], walks: Int) -> String {
        func f(_ value: Double?, _ format: String = "%.1f") -> String { value.map { String(format: format, $0) } ?? "—" }
        var lines = ["\(entries.count) beacons, \(walks) walks with ground truth"]
        for e in entries {
            lines.append(
                "\(e.beaconID): \(e.verdict.rawValue) — \(e.readings) readings (\(e.sameLevelReadings) on its level), "
                    + "RSSI/log-distance correlation \(f(e.rssiDistanceCorrelation, "%+.2f")), strongest heard "
                    + "\(f(e.centroidOffsetMeters)) m from the mapped position, closest approach \(f(e.closestApproachMeters)) m")
            for reason in e.reasons { lines.append("  - \(reason)") }
        }
        let suspects = entries.filter { $0.verdict == .suspect }.map(\.beaconID)
        lines.append(suspects.isEmpty ? "no suspect beacons" : "suspect: \(suspects.joined(separator: ", "))")
        for e in exchanges {
            lines.append(
                "exchanged: \(e.firstID) is heard loudest \(f(e.firstToSecondMeters)) m from \(e.secondID)'s place, "
                    + "\(e.secondID) \(f(e.secondToFirstMeters)) m from \(e.firstID)'s")
        }
        return lines.joined(separator: "\n")
    }

    static func jsonReport(
        _ entries: [BeaconAuditEntry], exchanges: [BeaconExchange], walks: [String], skipped: [(file: String, reason: String)]
    ) -> JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.finite) ?? .null }
        let beacons: [JSONValue] = entries.map { e in
            .object([
                "id": .string(e.beaconID),
                "verdict": .string(e.verdict.rawValue),
                "readings": .number(Double(e.readings)),
                "sameLevelReadings": .number(Double(e.sameLevelReadings)),
                "rssiDistanceCorrelation": number(e.rssiDistanceCorrelation),
                "centroidOffsetMeters": number(e.centroidOffsetMeters),
                "closestApproachMeters": number(e.closestApproachMeters),
                "nearestMappedBeacon": e.nearestMappedBeaconID.map(JSONValue.string) ?? .null,
                "mappedPoint": .array([number(e.mappedPoint.x), number(e.mappedPoint.y)]),
                "strongestReadingsCentroid": e.strongestReadingsCentroid.map { .array([number($0.x), number($0.y)]) } ?? .null,
                "reasons": .array(e.reasons.map(JSONValue.string)),
            ])
        }
        return .object([
            "beacons": .array(beacons),
            "suspects": .array(entries.filter { $0.verdict == .suspect }.map { .string($0.beaconID) }),
            "exchanges": .array(
                exchanges.map { e in
                    .object([
                        "first": .string(e.firstID), "second": .string(e.secondID),
                        "firstToSecondMeters": number(e.firstToSecondMeters), "secondToFirstMeters": number(e.secondToFirstMeters),
                    ])
                }),
            "walks": .array(walks.map(JSONValue.string)),
            "skipped": .array(skipped.map { .object(["file": .string($0.file), "reason": .string($0.reason)]) }),
        ])
    }
}

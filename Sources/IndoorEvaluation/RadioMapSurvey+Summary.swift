import Foundation
import IndoorJSON
import IndoorPositioning

/// What `survey` prints about the map it wrote: counts of walks, fingerprints, transmitters and scans,
/// the stride scale, and for walks placed on their tracks how far the scans are from the truth.
extension RadioMapSurvey.Result {
    /// The `survey --json` summary of the map written to `output`; `trackSurvey` is given for walks
    /// placed on their tracks (`--from-tracks`), with `surveyedFiles` the ones placed on truth.
    public func summaryJSON(output: String, trackSurvey: TrackSurveyConfiguration?, surveyedFiles: [String]) -> JSONValue {
        let summary = map.summary
        let errors = trackPlacementErrorsMeters.sorted()
        var o: [String: JSONValue] = [
            "output": .string(output), "walks": .number(Double(summary.walks)), "fingerprints": .number(Double(summary.fingerprints)),
            "wifiTransmitters": .number(Double(summary.wifiTransmitters)),
            "beaconTransmitters": .number(Double(summary.beaconTransmitters)),
            "levels": .number(Double(summary.levels)), "scans": .number(Double(total(\.scans))),
            "scansOutsideTruth": .number(Double(total(\.outsideTruth))), "staleEntries": .number(Double(total(\.staleEntries))),
            "strideWalks": .number(Double(map.strideRatios.compactMap { $0 }.count)),
            "surveyedStrideScale": map.surveyedStrideScale.map { .finite($0) } ?? .null,
            "walkLegs": .number(Double(map.walkLegs.joined().count)),
            "skipped": .array(skipped.map { ["file": .string($0.file), "reason": .string($0.reason)] }),
        ]
        if let trackSurvey {
            let surveyed = Set(surveyedFiles.map(RadioMapSurvey.walkName))
            o["fromTracks"] = [
                "start": "each walk's first ground-truth point (no later truth used to place)",
                "trackWalks": .number(Double(outcomes.count - outcomes.filter { surveyed.contains($0.walk) }.count)),
                "maximumSigmaMeters": .finite(trackSurvey.maximumSigmaMeters),
                "scansTooUncertain": .number(Double(total(\.tooUncertain))),
                "scansComparedWithTruth": .number(Double(errors.count)),
                "placementMedianMeters": placementPercentile(0.5).map { .finite($0) } ?? .null,
                "placementP90Meters": placementPercentile(0.9).map { .finite($0) } ?? .null,
            ]
        }
        return .object(o)
    }

    /// The `survey` text summary (one line, and a second for walks placed on their tracks).
    public func summaryText(output: String, trackSurvey: TrackSurveyConfiguration?) -> String {
        var text =
            "wrote \(output): \(map.summary); \(total(\.scans)) scans, \(total(\.outsideTruth)) outside the ground truth's (or track's) time span, \(total(\.staleEntries)) stale Wi-Fi entries dropped"
            + "; stride scale "
            + (map.surveyedStrideScale.map { String(format: "%.3f", $0) } ?? "not measured")
            + " (\(map.strideRatios.compactMap { $0 }.count) walks)"
            + "; \(map.walkLegs.joined().count) walk legs"
            + (skipped.isEmpty ? "" : "; skipped \(skipped.count) file(s)")
        if let trackSurvey {
            text +=
                "\nplaced on the walks' offline-smoothed tracks, each started at its first ground-truth point (no later truth used to place); "
                + "\(total(\.tooUncertain)) scans left out where the track's sigma exceeded "
                + String(format: "%.1f m", trackSurvey.maximumSigmaMeters)
                + (placementPercentile(0.5).map { median in
                    String(
                        format: "; placed scans against the truth (report only): median %.2f m, p90 %.2f m over %d scans", median,
                        placementPercentile(0.9) ?? median, trackPlacementErrorsMeters.count)
                } ?? "; no truth to compare the placed scans with")
        }
        return text
    }

    /// A count summed over the walks.
    private func total(_ count: KeyPath<RadioMapBuilder.WalkOutcome, Int>) -> Int { outcomes.reduce(0) { $0 + $1[keyPath: count] } }

    /// The p-quantile of the placed scans' distances to the truth; nil without any.
    private func placementPercentile(_ p: Double) -> Double? {
        let errors = trackPlacementErrorsMeters.sorted()
        return errors.isEmpty ? nil : ErrorStatistics.percentile(errors, p)
    }
}

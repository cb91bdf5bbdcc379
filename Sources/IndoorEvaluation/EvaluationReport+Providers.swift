import Foundation
import IndoorJSON
import IndoorPositioning

/// `eval-providers`: per-file provider scores, pooled figures per dataset and provider, and skipped files.
extension EvaluationReport {
    static func statistics(_ s: ErrorStatistics?) -> [String: JSONValue] {
        guard let s else { return ["count": 0] }
        return [
            "count": .number(Double(s.count)), "meanErrorMeters": .finite(s.mean), "medianErrorMeters": .finite(s.median),
            "p75ErrorMeters": .finite(s.p75), "p95ErrorMeters": .finite(s.p95), "maxErrorMeters": .finite(s.max),
        ]
    }

    static func json(_ score: DeadReckoningScore) -> JSONValue {
        var o = statistics(score.errors)
        o["finalErrorMeters"] = score.finalErrorMeters.map(JSONValue.finite) ?? .null
        o["steps"] = .number(Double(score.stepCount))
        o["detectedDistanceMeters"] = .finite(score.detectedDistanceMeters)
        o["trueDistanceMeters"] = .finite(score.trueDistanceMeters)
        o["distanceRatio"] = score.distanceRatio.map(JSONValue.finite) ?? .null
        return .object(o)
    }

    static func json(_ score: BeaconScore) -> JSONValue {
        var o = statistics(score.errors)
        o["fixes"] = .number(Double(score.fixCount))
        o["fittedFixes"] = .number(Double(score.fittedFixCount))
        o["fallbackFixes"] = .number(Double(score.fallbackFixCount))
        o["levelHitRate"] = score.levelHitRate.map(JSONValue.finite) ?? .null
        o["errorEvents"] = .number(Double(score.errorEvents))
        return .object(o)
    }

    /// Errors pooled over every file of a dataset, per provider.
    var providersOverall: [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for dataset in Set(outcomes.map(\.dataset)).sorted() {
            let group = outcomes.filter { $0.dataset == dataset }
            let pdr = group.compactMap(\.deadReckoning)
            if !pdr.isEmpty {
                var o = Self.statistics(ErrorStatistics(pdr.flatMap(\.errorValuesMeters)))
                let detected = pdr.map(\.detectedDistanceMeters).reduce(0, +)
                let truth = pdr.map(\.trueDistanceMeters).reduce(0, +)
                o["files"] = .number(Double(pdr.count))
                o["meanOfFileMeansMeters"] = .finite(pdr.compactMap(\.errors?.mean).reduce(0, +) / Double(max(1, pdr.count)))
                o["distanceRatio"] = truth > 0 ? .finite(detected / truth) : .null
                result["\(dataset)/pdr"] = .object(o)
            }
            let beacon = group.compactMap(\.beacon)
            if !beacon.isEmpty {
                var o = Self.statistics(ErrorStatistics(beacon.flatMap(\.errorValuesMeters)))
                let checks = beacon.map(\.levelChecks).reduce(0, +)
                o["files"] = .number(Double(beacon.count))
                o["fixes"] = .number(Double(beacon.map(\.fixCount).reduce(0, +)))
                o["levelHitRate"] = checks > 0 ? .finite(Double(beacon.map(\.levelHits).reduce(0, +)) / Double(checks)) : .null
                result["\(dataset)/beacon"] = .object(o)
            }
            let gnss = group.compactMap(\.gnss)
            if !gnss.isEmpty {
                var o = Self.statistics(ErrorStatistics(gnss.flatMap(\.errorValuesMeters)))
                o["files"] = .number(Double(gnss.count))
                o["fixes"] = .number(Double(gnss.map(\.fixCount).reduce(0, +)))
                result["\(dataset)/gnss"] = .object(o)
            }
        }
        return result
    }

    /// The `eval-providers --json` document.
    public var providersJSON: JSONValue {
        let fileValues: [JSONValue] = outcomes.map { f in
            var o: [String: JSONValue] = [
                "file": .string(f.file), "dataset": .string(f.dataset), "samples": .number(Double(f.samples)),
                "durationSeconds": .finite(f.durationSeconds), "frame": .string(f.frame),
            ]
            if let pdr = f.deadReckoning { o["pdr"] = Self.json(pdr) }
            if let beacon = f.beacon { o["beacon"] = Self.json(beacon) }
            if let gnss = f.gnss {
                var g = Self.statistics(gnss.errors)
                g["fixes"] = .number(Double(gnss.fixCount))
                g["repeatedFixes"] = .number(Double(gnss.repeatedFixCount))
                g["poorFixes"] = .number(Double(gnss.poorFixCount))
                o["gnss"] = .object(g)
            }
            return .object(o)
        }
        return [
            "files": .array(fileValues), "overall": .object(providersOverall),
            "skipped": .array(skipped.map { ["file": .string($0.file), "reason": .string($0.reason)] }),
        ]
    }

    /// The `eval-providers` text report.
    public var providersText: String {
        var lines: [String] = []
        func f(_ v: Double?) -> String { v.map { String(format: "%.2f", $0) } ?? "-" }
        for r in outcomes {
            let name = (r.file as NSString).lastPathComponent
            if let p = r.deadReckoning {
                lines.append(
                    "\(r.dataset) \(name) pdr: mean \(f(p.errors?.mean)) m, p75 \(f(p.errors?.p75)) m, max \(f(p.errors?.max)) m over \(p.scoredPoints) points; \(p.stepCount) steps, distance \(f(p.detectedDistanceMeters)) / \(f(p.trueDistanceMeters)) m = \(f(p.distanceRatio))"
                )
            }
            if let b = r.beacon {
                lines.append(
                    "\(r.dataset) \(name) beacon: mean \(f(b.errors?.mean)) m, p75 \(f(b.errors?.p75)) m over \(b.scoredFixes) fixes (\(b.fittedFixCount) fitted, \(b.fallbackFixCount) fallback); level hit \(f(b.levelHitRate))"
                )
            }
            if let g = r.gnss {
                lines.append(
                    "\(r.dataset) \(name) gnss: mean \(f(g.errors?.mean)) m, median \(f(g.errors?.median)) m, p75 \(f(g.errors?.p75)) m over \(g.errors?.count ?? 0) fixes (\(g.repeatedFixCount) repeats, \(g.poorFixCount) poor skipped)"
                )
            }
        }
        lines.append("overall:")
        for (key, value) in providersOverall.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(key): \(value.serialized(pretty: false))")
        }
        if !skipped.isEmpty {
            lines.append(
                "skipped \(skipped.count) file(s): "
                    + skipped.map { "\(($0.file as NSString).lastPathComponent) (\($0.reason))" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}

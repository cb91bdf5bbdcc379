import Foundation

/// What a reader or importer went through: counts per sample kind, skipped record types, problems.
public struct ReadSummary: Hashable, Sendable {
    /// How many issues are kept in ``issues`` (the count in ``malformedLines`` is always complete).
    public static let keptIssueLimit = 1000

    /// The file read.
    public var file: String
    /// Its format.
    public var format: RecordingFormat
    /// Lines read (all of them, including comments and blanks).
    public var lines = 0
    /// Bytes read.
    public var bytes = 0
    /// Samples delivered, per kind.
    public var samples: [SampleKind: Int] {
        get {
            var out: [SampleKind: Int] = [:]
            for (index, kind) in SampleKind.allCases.enumerated() where sampleCounts[index] > 0 { out[kind] = sampleCounts[index] }
            return out
        }
        set {
            for (index, kind) in SampleKind.allCases.enumerated() { sampleCounts[index] = newValue[kind] ?? 0 }
        }
    }
    /// Samples delivered, indexed by ``SampleKind/ordinal`` (counted without hashing on the read path).
    private var sampleCounts = [Int](repeating: 0, count: SampleKind.allCases.count)
    /// Well-formed records of types not used, per record type (e.g. `TYPE_BLUE`, `LIGH`).
    public var skippedRecords: [String: Int] = [:]
    /// Malformed lines (reported and skipped).
    public var malformedLines = 0
    /// The first ``keptIssueLimit`` malformed-line reports.
    public var issues: [RecordingLineIssue] = []
    /// Samples whose time is earlier than a sample before them in the file.
    public var timeRegressions = 0
    /// The largest such step back, seconds.
    public var largestTimeRegressionSeconds = 0.0
    /// Time of the earliest and latest sample, seconds.
    public var timeRangeSeconds: ClosedRange<Double>? {
        get { earliestSeconds <= latestSeconds ? earliestSeconds...latestSeconds : nil }
        set {
            earliestSeconds = newValue?.lowerBound ?? .infinity
            latestSeconds = newValue?.upperBound ?? -.infinity
        }
    }
    private var earliestSeconds = Double.infinity
    private var latestSeconds = -Double.infinity

    /// An empty summary.
    public init(file: String, format: RecordingFormat) { self.file = file; self.format = format }

    /// Total samples delivered.
    public var totalSamples: Int { sampleCounts.reduce(0, +) }
    /// Total records skipped for their type.
    public var totalSkipped: Int { skippedRecords.values.reduce(0, +) }

    mutating func record(_ issue: RecordingLineIssue) {
        malformedLines += 1
        if issues.count < Self.keptIssueLimit { issues.append(issue) }
    }

    /// Counts a sample of `kind` at `t` (finite); a time earlier than the latest so far is a regression.
    @inline(__always)
    mutating func record(kind: SampleKind, timeSeconds t: Double) {
        sampleCounts.withUnsafeMutableBufferPointer { $0[kind.ordinal] &+= 1 }
        if t < latestSeconds {
            timeRegressions += 1
            largestTimeRegressionSeconds = max(largestTimeRegressionSeconds, latestSeconds - t)
        }
        if t < earliestSeconds { earliestSeconds = t }
        if t > latestSeconds { latestSeconds = t }
    }

    /// A multi-line text report: counts per kind, skipped types with counts, problems.
    public var report: String {
        var out = "\(file) (\(format)): \(lines) lines, \(totalSamples) samples"
        if let range = timeRangeSeconds {
            out += String(format: ", %.3f–%.3f s", range.lowerBound, range.upperBound)
        }
        out += "\n  read:"
        for kind in samples.keys.sorted() { out += " \(kind.rawValue)=\(samples[kind] ?? 0)" }
        if !skippedRecords.isEmpty {
            out += "\n  skipped (type not used):"
            for type in skippedRecords.keys.sorted() { out += " \(type)=\(skippedRecords[type] ?? 0)" }
        }
        out += "\n  malformed lines skipped: \(malformedLines)"
        for issue in issues.prefix(10) { out += "\n    \(issue)" }
        if malformedLines > 10 { out += "\n    … \(malformedLines - 10) more" }
        if timeRegressions > 0 {
            out += String(
                format: "\n  out-of-order samples: %d (largest step back %.3f s; the player reorders them)",
                timeRegressions, largestTimeRegressionSeconds)
        }
        return out
    }
}

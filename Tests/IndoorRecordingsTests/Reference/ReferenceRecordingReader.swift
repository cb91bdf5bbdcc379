// Test-side reference: the recording reader as it was before the single-pass reader (kept only to
// check that the reader in Sources finds the same samples; not used by the product).

@testable import IndoorRecordings

/// Type-erased byte source so readers can hold any of them.
struct ReferenceAnyByteSource: ByteSource {
    var base: any ByteSource
    var name: String { base.name }
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(RecordingError) -> Int { try base.read(into: buffer) }
    mutating func rewind() throws(RecordingError) { try base.rewind() }
}

/// Streams samples from a recording in any supported format (canonical, ILC, IPIN) in constant memory.
///
/// The format is detected from the first 64 KiB unless given; asking for one format and finding another
/// fails with ``RecordingError/wrongFormat(file:expected:found:)``. Malformed lines are yielded as
/// ``SourceEvent/issue(_:)`` and reading goes on; with `strict` the first one throws instead.
/// - Complexity: O(n) in the file length; memory O(chunk size + longest line).
final class ReferenceRecordingReader: SampleSource {
    /// The file or source name.
    let name: String
    /// The format being read.
    let format: RecordingFormat
    /// Whether the first malformed line throws.
    let strict: Bool
    /// Counts so far (complete after ``next()`` returned `nil`).
    private(set) var summary: ReadSummary

    /// Sample times beyond this many seconds from zero (about 317 years: relative times and Unix epoch
    /// seconds both fit well inside) are no recording's: such a line is reported and counted as malformed
    /// (a corrupt `1e300` or an `Int64.min` millisecond stamp), not played.
    static let maximumPlausibleTimeSeconds = 1e10

    private let lines: ReferenceLineReader<ReferenceAnyByteSource>
    private var decoder: any ReferenceRecordLineDecoder
    private var maxTimeSeconds: Double?

    /// The header: for canonical files as read from line 1, for imported formats built from their
    /// metadata (complete once the metadata lines are read, i.e. after the first sample).
    var header: RecordingHeader { decoder.header }

    /// Opens a file.
    convenience init(
        path: String, format: RecordingFormat? = nil, strict: Bool = false, chunkBytes: Int = 1 << 20
    ) throws(RecordingError) {
        try self.init(source: FileByteSource(path: path), format: format, strict: strict, chunkBytes: chunkBytes)
    }

    /// Reads from any byte source (it is rewound after format detection).
    init(
        source: some ByteSource, format expected: RecordingFormat? = nil, strict: Bool = false, chunkBytes: Int = 1 << 20
    ) throws(RecordingError) {
        var source = ReferenceAnyByteSource(base: source)
        name = source.name
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { chunk.deallocate() }
        var filled = 0
        while filled < chunk.count {
            let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: chunk[filled...]))
            if n == 0 { break }
            filled += n
        }
        try source.rewind()
        let head = Array(chunk[0..<filled])
        guard head.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
            throw .emptyFile(file: source.name)
        }
        let detected = RecordingFormat.detect(prefix: head)
        if let expected {
            guard detected == expected else { throw .wrongFormat(file: source.name, expected: expected, found: detected) }
        } else if detected == nil {
            let firstLine = String(decoding: head.prefix(while: { $0 != 0x0A && $0 != 0x0D }), as: UTF8.self)
            throw .unrecognisedFormat(file: source.name, firstLine: firstLine)
        }
        let format = detected ?? .canonical
        self.format = format
        self.strict = strict
        summary = ReadSummary(file: source.name, format: format)
        lines = ReferenceLineReader(source, chunkBytes: chunkBytes)
        decoder = Self.makeDecoder(format, file: source.name)
    }

    private static func makeDecoder(_ format: RecordingFormat, file: String) -> any ReferenceRecordLineDecoder {
        switch format {
        case .canonical: ReferenceCanonicalLineDecoder(file: file)
        case .ilc: ReferenceILCLineDecoder(file: file)
        case .ipin: ReferenceIPINLineDecoder(file: file)
        }
    }

    /// The next sample or issue.
    func next() throws(RecordingError) -> SourceEvent? {
        while let chunk = try lines.next() {
            let lineNumber = lines.lineNumber
            summary.lines = lineNumber
            summary.bytes = lines.bytesConsumed
            let decoded: ReferenceDecodedLine
            switch chunk {
            case .line(let bytes): decoded = decoder.decode(bytes, lineNumber: lineNumber)
            case .overlong(let count):
                decoded = .problem(recordType: nil, message: "line of \(count) bytes is longer than the reader accepts")
            }
            switch decoded {
            case .sample(let sample):
                if !sample.timeSeconds.isFinite {
                    return try report(
                        RecordingLineIssue(file: name, line: lineNumber, recordType: sample.kind.rawValue, message: "time is not finite"))
                }
                if abs(sample.timeSeconds) > Self.maximumPlausibleTimeSeconds {
                    return try report(
                        RecordingLineIssue(
                            file: name, line: lineNumber, recordType: sample.kind.rawValue,
                            message:
                                "time \(sample.timeSeconds) s is outside any plausible recording (beyond ±\(Int(Self.maximumPlausibleTimeSeconds)) s of the epoch)"
                        ))
                }
                summary.record(kind: sample.kind, timeSeconds: sample.timeSeconds)
                maxTimeSeconds = max(maxTimeSeconds ?? sample.timeSeconds, sample.timeSeconds)
                return .sample(sample, line: lineNumber)
            case .ignored, .header:
                continue
            case .skipped(let type):
                summary.skippedRecords[type, default: 0] += 1
            case .problem(let type, let message):
                return try report(RecordingLineIssue(file: name, line: lineNumber, recordType: type, message: message))
            case .fatal(let error):
                throw error
            }
        }
        summary.lines = lines.lineNumber
        summary.bytes = lines.bytesConsumed
        return nil
    }

    private func report(_ issue: RecordingLineIssue) throws(RecordingError) -> SourceEvent {
        summary.record(issue)
        if strict { throw .malformedLine(issue) }
        return .issue(issue)
    }

    /// Starts again from the first line (counts are reset).
    func rewind() throws(RecordingError) {
        try lines.rewind()
        decoder = Self.makeDecoder(format, file: name)
        summary = ReadSummary(file: name, format: format)
        maxTimeSeconds = nil
    }

    /// Reads everything that is left: the samples (in file order) and the summary.
    func readAll() throws(RecordingError) -> (samples: [SensorSample], summary: ReadSummary) {
        var samples: [SensorSample] = []
        while let event = try next() {
            if case .sample(let sample, _) = event { samples.append(sample) }
        }
        return (samples, summary)
    }
}

/// One step of a streaming sample source.
public enum SourceEvent: Hashable, Sendable {
    /// A sample and the line it came from.
    case sample(SensorSample, line: Int)
    /// A malformed line that was reported and skipped.
    case issue(RecordingLineIssue)
}

/// Anything that yields samples in file order: recording readers, simulators, in-memory lists.
public protocol SampleSource: AnyObject {
    /// A name for messages.
    var name: String { get }
    /// The next sample or issue; `nil` at the end. Throws on unrecoverable errors (and, in strict
    /// mode, on the first malformed line).
    func next() throws(RecordingError) -> SourceEvent?
    /// Goes back to the start; throws ``RecordingError/cannotRewind(source:)`` when unsupported.
    func rewind() throws(RecordingError)
}

/// Type-erased byte source so readers can hold any of them.
struct AnyByteSource: ByteSource {
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
public final class RecordingReader: SampleSource {
    /// The file or source name.
    public let name: String
    /// The format being read.
    public let format: RecordingFormat
    /// Whether the first malformed line throws.
    public let strict: Bool
    /// Counts so far (complete after ``next()`` returned `nil`).
    public var summary: ReadSummary { engine.summary() }

    /// Sample times beyond this many seconds from zero (about 317 years: relative times and Unix epoch
    /// seconds both fit well inside) are no recording's: such a line is reported and counted as malformed
    /// (a corrupt `1e300` or an `Int64.min` millisecond stamp), not played.
    public static let maximumPlausibleTimeSeconds = 1e10

    private let engine: EngineHandle

    /// The header: for canonical files as read from line 1, for imported formats built from their
    /// metadata (complete once the metadata lines are read, i.e. after the first sample).
    public var header: RecordingHeader { engine.header() }

    /// Opens a file.
    public convenience init(
        path: String, format: RecordingFormat? = nil, strict: Bool = false, chunkBytes: Int = 1 << 20
    ) throws(RecordingError) {
        try self.init(source: FileByteSource(path: path), format: format, strict: strict, chunkBytes: chunkBytes)
    }

    /// Reads from any byte source (it is rewound after format detection).
    public init(
        source: some ByteSource, format expected: RecordingFormat? = nil, strict: Bool = false, chunkBytes: Int = 1 << 20
    ) throws(RecordingError) {
        var source = AnyByteSource(base: source)
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
        let lines = LineSplitter(source, chunkBytes: chunkBytes, maxLineBytes: 16 << 20)
        let name = source.name
        switch format {
        case .canonical:
            engine = EngineHandle(Engine(lines: lines, strict: strict, name: name, format: format) { CanonicalLineDecoder(file: name) })
        case .ilc: engine = EngineHandle(Engine(lines: lines, strict: strict, name: name, format: format) { ILCLineDecoder(file: name) })
        case .ipin: engine = EngineHandle(Engine(lines: lines, strict: strict, name: name, format: format) { IPINLineDecoder(file: name) })
        }
    }

    /// The next sample or issue.
    public func next() throws(RecordingError) -> SourceEvent? { try engine.next() }

    /// Starts again from the first line (counts are reset).
    public func rewind() throws(RecordingError) { try engine.rewind() }

    /// Reads everything that is left: the samples (in file order) and the summary.
    public func readAll() throws(RecordingError) -> (samples: [SensorSample], summary: ReadSummary) {
        var samples: [SensorSample] = []
        while let event = try next() {
            if case .sample(let sample, _) = event { samples.append(sample) }
        }
        return (samples, summary)
    }
}

/// The calls ``RecordingReader`` makes on its ``Engine``, as closures made where the decoder type is
/// known, so each format's reading loop is compiled for its decoder (a protocol witness on the generic
/// class would run the unspecialised loop).
private struct EngineHandle {
    let summary: () -> ReadSummary
    let header: () -> RecordingHeader
    let next: () throws(RecordingError) -> SourceEvent?
    let rewind: () throws(RecordingError) -> Void

    init<Decoder: RecordLineDecoder>(_ engine: Engine<Decoder>) {
        summary = { engine.summary }
        header = { engine.header }
        next = { () throws(RecordingError) -> SourceEvent? in try engine.next() }
        rewind = { () throws(RecordingError) in try engine.rewind() }
    }
}

/// The reading loop of ``RecordingReader`` for one format, its decoder a concrete type so the decoding
/// is compiled into the loop. All its state is one value (``ReaderState``), so a line costs one access
/// to it rather than one per counter.

private final class Engine<Decoder: RecordLineDecoder> {
    @exclusivity(unchecked) private var state: ReaderState<Decoder>
    private let makeDecoder: () -> Decoder

    init(lines: LineSplitter<AnyByteSource>, strict: Bool, name: String, format: RecordingFormat, makeDecoder: @escaping () -> Decoder) {
        self.makeDecoder = makeDecoder
        state = ReaderState(
            lines: lines, decoder: makeDecoder(), summary: ReadSummary(file: name, format: format), name: name, strict: strict)
    }

    deinit { state.lines.deallocate() }

    var summary: ReadSummary { state.summary }
    var header: RecordingHeader { state.decoder.header }
    func next() throws(RecordingError) -> SourceEvent? { try state.next() }

    func rewind() throws(RecordingError) {
        try state.lines.rewind()
        state.decoder = makeDecoder()
        state.summary = ReadSummary(file: state.name, format: state.summary.format)
    }
}

private struct ReaderState<Decoder: RecordLineDecoder> {
    var lines: LineSplitter<AnyByteSource>
    var decoder: Decoder
    var summary: ReadSummary
    let name: String
    let strict: Bool

    @inline(__always)
    mutating func next() throws(RecordingError) -> SourceEvent? {
        while let chunk = try lines.next() {
            let lineNumber = lines.lineNumber
            let decoded: DecodedLine
            switch chunk {
            case .line(let bytes):
                if let sample = decoder.commonSample(bytes) {
                    let t = sample.timeSeconds
                    if t.isFinite, abs(t) <= RecordingReader.maximumPlausibleTimeSeconds {
                        summary.lines = lineNumber
                        summary.bytes = lines.bytesConsumed
                        summary.record(kind: sample.kind, timeSeconds: t)
                        return .sample(sample, line: lineNumber)
                    }
                    decoded = .sample(sample)
                } else {
                    decoded = decoder.decode(bytes, lineNumber: lineNumber)
                }
            case .overlong(let count):
                decoded = .problem(recordType: nil, message: "line of \(count) bytes is longer than the reader accepts")
            }
            switch decoded {
            case .sample(let sample):
                let t = sample.timeSeconds
                guard t.isFinite, abs(t) <= RecordingReader.maximumPlausibleTimeSeconds else {
                    summary.lines = lineNumber
                    summary.bytes = lines.bytesConsumed
                    let message =
                        t.isFinite
                        ? "time \(t) s is outside any plausible recording (beyond ±\(Int(RecordingReader.maximumPlausibleTimeSeconds)) s of the epoch)"
                        : "time is not finite"
                    return try report(RecordingLineIssue(file: name, line: lineNumber, recordType: sample.kind.rawValue, message: message))
                }
                summary.lines = lineNumber
                summary.bytes = lines.bytesConsumed
                summary.record(kind: sample.kind, timeSeconds: t)
                return .sample(sample, line: lineNumber)
            case .ignored, .header:
                continue
            case .skipped(let type):
                summary.skippedRecords[type, default: 0] += 1
            case .problem(let type, let message):
                summary.lines = lineNumber
                summary.bytes = lines.bytesConsumed
                return try report(RecordingLineIssue(file: name, line: lineNumber, recordType: type, message: message))
            case .fatal(let error):
                summary.lines = lineNumber
                summary.bytes = lines.bytesConsumed
                throw error
            }
        }
        summary.lines = lines.lineNumber
        summary.bytes = lines.bytesConsumed
        return nil
    }

    private mutating func report(_ issue: RecordingLineIssue) throws(RecordingError) -> SourceEvent {
        summary.record(issue)
        if strict { throw .malformedLine(issue) }
        return .issue(issue)
    }
}

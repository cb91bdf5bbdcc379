#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a writer puts its bytes.
public protocol ByteSink: AnyObject {
    /// Writes all of `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws(RecordingError)
}

/// A file opened for writing (created or truncated); closed when released.
public final class FileByteSink: ByteSink {
    /// The path.
    public let path: String
    private let descriptor: Int32

    /// Creates or truncates `path`.
    public init(path: String) throws(RecordingError) {
        self.path = path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw .io(file: path, message: "cannot create: \(String(cString: strerror(errno)))") }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Writes everything, retrying short writes and interruptions.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {
        guard var base = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = systemWrite(descriptor, base, left)
            if n < 0 {
                if errno == EINTR { continue }
                throw .io(file: path, message: "write failed: \(String(cString: strerror(errno)))")
            }
            left -= n
            base += n
        }
    }
}

private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}

/// Collects written bytes in memory.
public final class MemoryByteSink: ByteSink {
    /// Everything written so far.
    public private(set) var bytes: [UInt8] = []
    /// An empty sink.
    public init() {}
    /// Appends the bytes.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) { self.bytes.append(contentsOf: bytes) }
    /// The bytes as UTF-8 text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Writes a canonical recording: the header line, then one line per sample, through a buffer that is
/// flushed every `bufferBytes` (default 256 KiB) and on ``finish()``.
public final class RecordingWriter {
    private let sink: any ByteSink
    private let bufferBytes: Int
    private var buffer: [UInt8] = []
    /// Samples written so far.
    public private(set) var samplesWritten = 0

    /// Starts a recording on `sink` with `header`.
    public init(sink: any ByteSink, header: RecordingHeader, bufferBytes: Int = 256 << 10) throws(RecordingError) {
        self.sink = sink
        self.bufferBytes = max(1024, bufferBytes)
        buffer.reserveCapacity(self.bufferBytes + 4096)
        buffer.append(contentsOf: header.json.serialized().utf8)
        buffer.append(0x0A)
    }

    /// Creates the file at `path` and starts a recording in it.
    public convenience init(path: String, header: RecordingHeader) throws(RecordingError) {
        try self.init(sink: FileByteSink(path: path), header: header)
    }

    /// Appends one sample.
    public func write(_ sample: SensorSample) throws(RecordingError) {
        CanonicalLineEncoder.append(sample, to: &buffer)
        samplesWritten += 1
        if buffer.count >= bufferBytes { try flush() }
    }

    /// Writes buffered bytes to the sink.
    public func flush() throws(RecordingError) {
        guard !buffer.isEmpty else { return }
        let sink = self.sink
        let result: Result<Void, RecordingError> = buffer.withUnsafeBytes { bytes in
            do throws(RecordingError) { try sink.write(bytes); return .success(()) } catch { return .failure(error) }
        }
        try result.get()
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes; call once at the end.
    public func finish() throws(RecordingError) { try flush() }
}

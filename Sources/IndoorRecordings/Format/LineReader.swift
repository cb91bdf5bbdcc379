#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One line handed out by ``LineReader``.
public enum LineChunk {
    /// The line's bytes without the line ending; valid until the next call to the reader.
    case line(UnsafeBufferPointer<UInt8>)
    /// A line longer than the reader's limit; its bytes were skipped.
    case overlong(byteCount: Int)
}

/// Splits a byte stream into lines in constant memory: reads fixed-size chunks and hands out each line
/// as a view into its buffer (no copy). `\n`, `\r\n` and `\r` endings are accepted, mixed too; a last
/// line without a newline is returned too.
///
/// Memory is `chunkBytes` plus the longest line seen (capped at `maxLineBytes`), whatever the file length.
/// - Complexity: O(n) in the bytes read.
public final class LineReader<Source: ByteSource> {
    private var core: LineSplitter<Source>

    /// The underlying source.
    public var source: Source { core.source }
    /// The 1-based number of the line last returned (0 before the first).
    public var lineNumber: Int { core.lineNumber }
    /// Bytes consumed so far, line endings included.
    public var bytesConsumed: Int { core.bytesConsumed }

    /// A reader over `source` reading `chunkBytes` at a time (≥ 16), refusing lines longer than
    /// `maxLineBytes`.
    public init(_ source: Source, chunkBytes: Int = 1 << 20, maxLineBytes: Int = 16 << 20) {
        core = LineSplitter(source, chunkBytes: chunkBytes, maxLineBytes: maxLineBytes)
    }

    deinit { core.deallocate() }

    /// Goes back to the first line.
    public func rewind() throws(RecordingError) { try core.rewind() }

    /// The next line, or `nil` at the end of the input.
    public func next() throws(RecordingError) -> LineChunk? { try core.next() }
}

/// The line splitting of ``LineReader`` as a value, so a reader that owns one works on it without a
/// class access per line. Its owner calls ``deallocate()`` once, when it goes away.
struct LineSplitter<Source: ByteSource> {
    var source: Source
    private(set) var lineNumber = 0
    private(set) var bytesConsumed = 0

    private let maxLineBytes: Int
    private var storage: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var scanFrom = 0
    private var atEnd = false

    init(_ source: Source, chunkBytes: Int, maxLineBytes: Int) {
        self.source = source
        let size = max(16, chunkBytes)
        self.maxLineBytes = max(size, maxLineBytes)
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
    }

    func deallocate() { storage.deallocate() }

    mutating func rewind() throws(RecordingError) {
        try source.rewind()
        start = 0; end = 0; scanFrom = 0; atEnd = false; lineNumber = 0; bytesConsumed = 0
    }

    @inline(__always)
    mutating func next() throws(RecordingError) -> LineChunk? {
        var skipping = false
        var skippedBytes = 0
        while true {
            if let newline = findNewline() {
                let lineStart = start
                start = newline + 1
                scanFrom = start
                lineNumber += 1
                bytesConsumed += newline + 1 - lineStart
                if skipping { return .overlong(byteCount: skippedBytes + newline - lineStart) }
                return .line(view(lineStart, newline))
            }
            if atEnd {
                guard start < end else { return nil }
                let lineStart = start
                start = end
                lineNumber += 1
                bytesConsumed += end - lineStart
                if skipping { return .overlong(byteCount: skippedBytes + end - lineStart) }
                return .line(view(lineStart, end))
            }
            if end - start >= maxLineBytes {
                skipping = true
                skippedBytes += end - start
                start = 0; end = 0; scanFrom = 0
            }
            try fill()
        }
    }

    @inline(__always)
    private func view(_ from: Int, _ to: Int) -> UnsafeBufferPointer<UInt8> {
        let bytes = storage.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
        var last = to
        if last > from, bytes[last - 1] == 0x0D { last -= 1 }
        return UnsafeBufferPointer(start: bytes + from, count: last - from)
    }

    /// The index of the byte ending the next line: a `\n`, the `\n` of a `\r\n`, or a `\r` followed by
    /// anything else (classic Mac line endings). A `\r` at the end of the buffer waits for the next read
    /// to tell which it is. Sets `scanFrom` to where scanning stopped when no line end is found.
    ///
    /// C `memchr` (vectorised in the C library) finds the next `\n`, then the bytes before it are
    /// searched for a `\r` the same way.
    @inline(__always)
    private mutating func findNewline() -> Int? {
        guard scanFrom < end, let base = storage.baseAddress else { return nil }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let from = bytes + scanFrom
        let lf = memchr(from, 0x0A, end - scanFrom).map { $0.assumingMemoryBound(to: UInt8.self) - bytes } ?? end
        if let cr = memchr(from, 0x0D, lf - scanFrom).map({ $0.assumingMemoryBound(to: UInt8.self) - bytes }) {
            // A `\r` before the `\n`: it ends the line itself, or with the `\n` right after it.
            if cr + 1 == lf, lf < end { return lf }
            guard cr + 1 < end else {
                scanFrom = cr
                return nil
            }
            return cr
        }
        if lf < end { return lf }
        scanFrom = end
        return nil
    }

    /// Moves the unread tail to the front (growing the buffer when a line fills it) and reads more.
    private mutating func fill() throws(RecordingError) {
        let pending = end - start
        if start > 0 {
            if pending > 0, let base = storage.baseAddress {
                base.copyMemory(from: base + start, byteCount: pending)
            }
            scanFrom -= start
            start = 0
            end = pending
        }
        if end == storage.count {
            let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: min(storage.count * 2, maxLineBytes + 1), alignment: 16)
            if let dst = grown.baseAddress, let src = storage.baseAddress { dst.copyMemory(from: src, byteCount: end) }
            storage.deallocate()
            storage = grown
        }
        let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: storage[end...]))
        if n == 0 { atEnd = true } else { end += n }
    }
}

// Test-side reference: the recording reader as it was before the single-pass reader (kept only to
// check that the reader in Sources finds the same samples; not used by the product).

@testable import IndoorRecordings

/// One line handed out by ``ReferenceLineReader``.
enum ReferenceLineChunk {
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
final class ReferenceLineReader<Source: ByteSource> {
    /// The underlying source.
    private(set) var source: Source
    /// The 1-based number of the line last returned (0 before the first).
    private(set) var lineNumber = 0
    /// Bytes consumed so far, line endings included.
    private(set) var bytesConsumed = 0

    private let maxLineBytes: Int
    private var storage: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var scanFrom = 0
    private var atEnd = false

    /// A reader over `source` reading `chunkBytes` at a time (≥ 16), refusing lines longer than
    /// `maxLineBytes`.
    init(_ source: Source, chunkBytes: Int = 1 << 20, maxLineBytes: Int = 16 << 20) {
        self.source = source
        let size = max(16, chunkBytes)
        self.maxLineBytes = max(size, maxLineBytes)
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
    }

    deinit { storage.deallocate() }

    /// Goes back to the first line.
    func rewind() throws(RecordingError) {
        try source.rewind()
        start = 0; end = 0; scanFrom = 0; atEnd = false; lineNumber = 0; bytesConsumed = 0
    }

    /// The next line, or `nil` at the end of the input.
    func next() throws(RecordingError) -> ReferenceLineChunk? {
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

    private func view(_ from: Int, _ to: Int) -> UnsafeBufferPointer<UInt8> {
        var last = to
        if last > from, storage[last - 1] == 0x0D { last -= 1 }
        let base = storage.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) + from }
        return UnsafeBufferPointer(start: base, count: last - from)
    }

    /// The index of the byte ending the next line: a `\n`, the `\n` of a `\r\n`, or a `\r` followed by
    /// anything else (classic Mac line endings). A `\r` at the end of the buffer waits for the next read
    /// to tell which it is. Sets `scanFrom` to where scanning stopped when no line end is found.
    private func findNewline() -> Int? {
        guard scanFrom < end, let base = storage.baseAddress else { return nil }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        var i = scanFrom
        while i < end {
            if bytes[i] == 0x0A { return i }
            if bytes[i] == 0x0D {
                guard i + 1 < end else {
                    scanFrom = i
                    return nil
                }
                return bytes[i + 1] == 0x0A ? i + 1 : i
            }
            i += 1
        }
        scanFrom = end
        return nil
    }

    /// Moves the unread tail to the front (growing the buffer when a line fills it) and reads more.
    private func fill() throws(RecordingError) {
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

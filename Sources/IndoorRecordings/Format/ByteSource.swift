#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// POSIX `read(2)` under a name that does not clash with ``ByteSource/read(into:)``.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// Where a reader gets its bytes: a file, or memory (tests, network buffers).
public protocol ByteSource {
    /// A name for messages (the file path).
    var name: String { get }
    /// Fills up to `buffer.count` bytes; returns how many were read, 0 at the end.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(RecordingError) -> Int
    /// Goes back to the first byte.
    mutating func rewind() throws(RecordingError)
}

/// Bytes from a file, read with POSIX `read(2)`; the descriptor is closed when the source goes away.
public final class FileByteSource: ByteSource {
    /// The path.
    public let name: String
    private let descriptor: Int32

    /// Opens `path` for reading.
    public init(path: String) throws(RecordingError) {
        name = path
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw .io(file: path, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Reads the next bytes, retrying on interruption.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(RecordingError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let n = systemRead(descriptor, base, buffer.count)
            if n >= 0 { return n }
            if errno == EINTR { continue }
            throw .io(file: name, message: "read failed: \(String(cString: strerror(errno)))")
        }
    }

    /// Seeks to the start of the file.
    public func rewind() throws(RecordingError) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw .io(file: name, message: "cannot rewind: \(String(cString: strerror(errno)))")
        }
    }
}

/// Bytes held in memory.
public struct MemoryByteSource: ByteSource {
    /// A name for messages.
    public let name: String
    private let bytes: [UInt8]
    private var offset = 0

    /// A source over `bytes`, named `name` in messages.
    public init(_ bytes: [UInt8], name: String = "<memory>") { self.bytes = bytes; self.name = name }

    /// A source over the UTF-8 of `text`.
    public init(text: String, name: String = "<memory>") {
        self.init(Array(text.utf8), name: name)
    }

    /// Copies the next bytes.
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(RecordingError) -> Int {
        let n = min(buffer.count, bytes.count - offset)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBytes { src in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: src[offset..<(offset + n)]))
        }
        offset += n
        return n
    }

    /// Goes back to the first byte.
    public mutating func rewind() throws(RecordingError) { offset = 0 }
}

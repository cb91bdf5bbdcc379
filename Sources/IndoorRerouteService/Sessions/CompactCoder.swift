import Foundation

/// A compact binary form of `Codable` values, for the Redis store's hot path (several times faster
/// than `PropertyListEncoder`, which builds and de-duplicates an object graph first).
///
/// Layout: the magic bytes `INC1`, then one value: a tag byte and its payload — 0 null, 1 false,
/// 2 true, 3 signed integer (zig-zag LEB128), 4 unsigned integer (LEB128), 5 double (8 bytes,
/// little-endian IEEE 754, exact), 6 string (LEB128 length, UTF-8), 7 keyed container (LEB128 count,
/// then key string and value per member), 8 unkeyed container (LEB128 count, then the values). The
/// encoder writes container counts as four-byte LEB128 (padded with continuation bits: at most
/// 2²⁸ − 1 members) so it can write straight into the bytes and count as it goes; the reader takes any
/// LEB128.
/// Not a stable interchange format: written and read by the same build (a stored value carries its
/// own format version, see ``StoredSession``).
enum CompactCoder {
    static let magic: [UInt8] = Array("INC1".utf8)

    /// The bytes of `value`.
    /// - Throws: `EncodingError` from the value's own `encode(to:)`.
    /// - Throws: `EncodingError` from the value's own `encode(to:)`, and `EncodingError.invalidValue`
    ///   for a value whose encoding writes to a container after a container opened after it (not nested),
    ///   uses `superEncoder`, or has more than 2²⁸ − 1 members in one container.
    static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let sink = CompactSink()
        sink.out.reserveCapacity(1_024)
        sink.out += magic
        let encoder = CompactEncoder(sink: sink)
        try value.encode(to: encoder)
        if !encoder.wrote { sink.out.append(0) }
        if let problem = sink.problem {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "compact encoding: \(problem)"))
        }
        return sink.out
    }

    /// The value in `bytes`.
    /// - Throws: `DecodingError.dataCorrupted` for bytes that are not this format, and the value's own
    ///   decoding errors.
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        guard bytes.starts(with: magic) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not a compact value (no INC1 header)"))
        }
        var reader = CompactReader(bytes: bytes, position: magic.count)
        let node = try reader.node(depth: 0)
        guard reader.position == bytes.count else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "\(bytes.count - reader.position) bytes after the value"))
        }
        return try T(from: CompactDecoder(node: node, codingPath: []))
    }
}

// MARK: - Encoding

/// The types written as one tagged value.
protocol CompactPrimitive { func writeCompact(into out: inout [UInt8]) }
extension Double: CompactPrimitive { func writeCompact(into out: inout [UInt8]) { CompactSink.writeDouble(self, into: &out) } }
extension Float: CompactPrimitive { func writeCompact(into out: inout [UInt8]) { CompactSink.writeDouble(Double(self), into: &out) } }
extension String: CompactPrimitive {
    func writeCompact(into out: inout [UInt8]) { out.append(6); CompactSink.writeString(self, into: &out) }
}
extension Bool: CompactPrimitive { func writeCompact(into out: inout [UInt8]) { out.append(self ? 2 : 1) } }
extension Int: CompactPrimitive { func writeCompact(into out: inout [UInt8]) { CompactSink.writeInt(Int64(self), into: &out) } }
extension Int64: CompactPrimitive { func writeCompact(into out: inout [UInt8]) { CompactSink.writeInt(self, into: &out) } }
extension Int32: CompactPrimitive { func writeCompact(into out: inout [UInt8]) { CompactSink.writeInt(Int64(self), into: &out) } }
extension Int16: CompactPrimitive { func writeCompact(into out: inout [UInt8]) { CompactSink.writeInt(Int64(self), into: &out) } }
extension Int8: CompactPrimitive { func writeCompact(into out: inout [UInt8]) { CompactSink.writeInt(Int64(self), into: &out) } }
extension UInt: CompactPrimitive { func writeCompact(into out: inout [UInt8]) { CompactSink.writeUInt(UInt64(self), into: &out) } }
extension UInt64: CompactPrimitive { func writeCompact(into out: inout [UInt8]) { CompactSink.writeUInt(self, into: &out) } }
extension UInt32: CompactPrimitive { func writeCompact(into out: inout [UInt8]) { CompactSink.writeUInt(UInt64(self), into: &out) } }
extension UInt16: CompactPrimitive { func writeCompact(into out: inout [UInt8]) { CompactSink.writeUInt(UInt64(self), into: &out) } }
extension UInt8: CompactPrimitive { func writeCompact(into out: inout [UInt8]) { CompactSink.writeUInt(UInt64(self), into: &out) } }

/// The bytes of one encode, shared by its encoders and containers, and the containers still open
/// (innermost last). Containers are written where they are opened; writing to one closes every
/// container opened after it, and writing to a closed one is a ``problem``.
///
/// One sink serves one encode on one thread, and no access to its properties spans a call that could
/// reach them again, so their run-time exclusivity checks (a third of the encoding's time) are off.
final class CompactSink {
    @exclusivity(unchecked) var out: [UInt8] = []
    /// Open containers: where their count is, and how many values they hold.
    @exclusivity(unchecked) private var open: [(countAt: Int, count: Int)] = []
    /// Why the bytes are not a faithful encoding (reported by ``CompactCoder/encode(_:)``).
    @exclusivity(unchecked) var problem: String?

    static let countBytes = 4
    static let maximumCount = 1 << (7 * countBytes) - 1

    /// Opens a container here: its tag and a count of 0; returns where the count is.
    func openContainer(keyed: Bool) -> Int {
        out.append(keyed ? 7 : 8)
        let at = out.count
        out += [0x80, 0x80, 0x80, 0]
        open.append((at, 0))
        return at
    }

    /// Counts one more value in the container whose count is at `countAt` (before it is written).
    func willWrite(into countAt: Int) {
        if open.last?.countAt != countAt {
            guard let k = open.lastIndex(where: { $0.countAt == countAt }) else {
                problem = problem ?? "a container was written after a container opened after it (not nested)"
                return
            }
            open.removeSubrange((k + 1)...)
        }
        let n = open[open.count - 1].count + 1
        guard n <= Self.maximumCount else { problem = problem ?? "more than \(Self.maximumCount) values in a container"; return }
        open[open.count - 1].count = n
        for k in 0..<Self.countBytes {
            let group = UInt8(truncatingIfNeeded: n >> (7 * k)) & 0x7f
            out[countAt + k] = k < Self.countBytes - 1 ? group | 0x80 : group
        }
    }

    /// Writes any encodable value (primitives directly; a value that encodes nothing as an empty keyed container).
    func write<T: Encodable>(_ value: T) throws {
        if let primitive = value as? any CompactPrimitive { primitive.writeCompact(into: &out); return }
        let nested = CompactEncoder(sink: self)
        try value.encode(to: nested)
        if !nested.wrote { out += [7, 0] }
    }

    static func writeInt(_ n: Int64, into out: inout [UInt8]) {
        out.append(3)
        writeVarint(UInt64(bitPattern: (n << 1) ^ (n >> 63)), into: &out)
    }

    static func writeUInt(_ n: UInt64, into out: inout [UInt8]) {
        out.append(4)
        writeVarint(n, into: &out)
    }

    static func writeDouble(_ d: Double, into out: inout [UInt8]) {
        out.append(5)
        let bits = d.bitPattern
        for k in 0..<8 { out.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(k)))) }
    }

    static func writeString(_ s: String, into out: inout [UInt8]) {
        var s = s
        s.withUTF8 { bytes in
            writeVarint(UInt64(bytes.count), into: &out)
            out.append(contentsOf: bytes)
        }
    }

    static func writeVarint(_ value: UInt64, into out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }
}

/// The encoder of one value: its first container (or single value) is written where the sink is.
final class CompactEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let sink: CompactSink
    /// Whether the value was written (a container opened, or a single value written).
    private(set) var wrote = false
    /// The count position of the container opened, and whether it is keyed.
    private var container: (countAt: Int, keyed: Bool)?

    init(sink: CompactSink) { self.sink = sink }

    private func opened(keyed: Bool) -> Int {
        if let container, container.keyed == keyed { return container.countAt }
        if wrote { sink.problem = sink.problem ?? "a value asked for a second, different container" }
        wrote = true
        let at = sink.openContainer(keyed: keyed)
        container = (at, keyed)
        return at
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(CompactKeyedEncoder<Key>(sink: sink, countAt: opened(keyed: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { CompactUnkeyedEncoder(sink: sink, countAt: opened(keyed: false)) }

    func singleValueContainer() -> any SingleValueEncodingContainer { CompactSingleEncoder(encoder: self) }

    /// Marks the single value as written (once).
    fileprivate func willWriteSingle() {
        if wrote { sink.problem = sink.problem ?? "a single value written twice" }
        wrote = true
    }
}

struct CompactKeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: CompactSink
    let countAt: Int
    var codingPath: [any CodingKey] { [] }

    private func key(_ key: Key) {
        sink.willWrite(into: countAt)
        CompactSink.writeString(key.stringValue, into: &sink.out)
    }

    mutating func encodeNil(forKey key: Key) { self.key(key); sink.out.append(0) }
    mutating func encode(_ value: Bool, forKey key: Key) { self.key(key); value.writeCompact(into: &sink.out) }
    mutating func encode(_ value: String, forKey key: Key) { self.key(key); value.writeCompact(into: &sink.out) }
    mutating func encode(_ value: Double, forKey key: Key) { self.key(key); value.writeCompact(into: &sink.out) }
    mutating func encode(_ value: Float, forKey key: Key) { self.key(key); value.writeCompact(into: &sink.out) }
    mutating func encode(_ value: Int, forKey key: Key) { self.key(key); value.writeCompact(into: &sink.out) }
    mutating func encode(_ value: Int64, forKey key: Key) { self.key(key); value.writeCompact(into: &sink.out) }
    mutating func encode(_ value: UInt64, forKey key: Key) { self.key(key); value.writeCompact(into: &sink.out) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { self.key(key); try sink.write(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        self.key(key)
        return KeyedEncodingContainer(CompactKeyedEncoder<NestedKey>(sink: sink, countAt: sink.openContainer(keyed: true)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        self.key(key)
        return CompactUnkeyedEncoder(sink: sink, countAt: sink.openContainer(keyed: false))
    }

    mutating func superEncoder() -> any Encoder { CompactSink.unsupportedSuperEncoder(sink) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { CompactSink.unsupportedSuperEncoder(sink) }
}

struct CompactUnkeyedEncoder: UnkeyedEncodingContainer {
    let sink: CompactSink
    let countAt: Int
    private(set) var count = 0
    var codingPath: [any CodingKey] { [] }

    init(sink: CompactSink, countAt: Int) { self.sink = sink; self.countAt = countAt }

    private mutating func next() { sink.willWrite(into: countAt); count += 1 }

    mutating func encodeNil() { next(); sink.out.append(0) }
    mutating func encode(_ value: Bool) { next(); value.writeCompact(into: &sink.out) }
    mutating func encode(_ value: String) { next(); value.writeCompact(into: &sink.out) }
    mutating func encode(_ value: Double) { next(); value.writeCompact(into: &sink.out) }
    mutating func encode(_ value: Int) { next(); value.writeCompact(into: &sink.out) }
    mutating func encode<T: Encodable>(_ value: T) throws { next(); try sink.write(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next()
        return KeyedEncodingContainer(CompactKeyedEncoder<NestedKey>(sink: sink, countAt: sink.openContainer(keyed: true)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        next()
        return CompactUnkeyedEncoder(sink: sink, countAt: sink.openContainer(keyed: false))
    }

    mutating func superEncoder() -> any Encoder { CompactSink.unsupportedSuperEncoder(sink) }
}

struct CompactSingleEncoder: SingleValueEncodingContainer {
    let encoder: CompactEncoder
    var codingPath: [any CodingKey] { [] }
    private var sink: CompactSink { encoder.sink }

    mutating func encodeNil() { encoder.willWriteSingle(); sink.out.append(0) }
    mutating func encode(_ value: Bool) { encoder.willWriteSingle(); value.writeCompact(into: &sink.out) }
    mutating func encode(_ value: String) { encoder.willWriteSingle(); value.writeCompact(into: &sink.out) }
    mutating func encode(_ value: Double) { encoder.willWriteSingle(); value.writeCompact(into: &sink.out) }
    mutating func encode(_ value: Int) { encoder.willWriteSingle(); value.writeCompact(into: &sink.out) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.willWriteSingle(); try sink.write(value) }
}

extension CompactSink {
    /// `superEncoder` would write a value after later members: not supported (a ``problem``; the
    /// encoder returned writes nowhere that is kept).
    static func unsupportedSuperEncoder(_ sink: CompactSink) -> any Encoder {
        sink.problem = sink.problem ?? "superEncoder is not supported"
        return CompactEncoder(sink: CompactSink())
    }
}

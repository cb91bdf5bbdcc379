import Foundation

/// A compact binary form of `Codable` values, for the Redis store's hot path (several times faster
/// than `PropertyListEncoder`, which builds and de-duplicates an object graph first).
///
/// Layout: the magic bytes `INC1`, then one value: a tag byte and its payload — 0 null, 1 false,
/// 2 true, 3 signed integer (zig-zag LEB128), 4 unsigned integer (LEB128), 5 double (8 bytes,
/// little-endian IEEE 754, exact), 6 string (LEB128 length, UTF-8), 7 keyed container (LEB128 count,
/// then key string and value per member), 8 unkeyed container (LEB128 count, then the values).
/// Not a stable interchange format: written and read by the same build (a stored value carries its
/// own format version, see ``StoredSession``).
enum CompactCoder {
    static let magic: [UInt8] = Array("INC1".utf8)

    /// The bytes of `value`.
    /// - Throws: `EncodingError` from the value's own `encode(to:)`.
    static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoder = CompactEncoder()
        try value.encode(to: encoder)
        var out = magic
        out.reserveCapacity(1_024)
        CompactEncoder.write(encoder.root ?? .null, into: &out)
        return out
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
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(bytes.count - reader.position) bytes after the value"))
        }
        return try T(from: CompactDecoder(node: node, codingPath: []))
    }
}

// MARK: - Encoding

/// The types written as one tagged value.
protocol CompactPrimitive { var compactEntry: CompactEntry { get } }
extension Double: CompactPrimitive { var compactEntry: CompactEntry { .double(self) } }
extension Float: CompactPrimitive { var compactEntry: CompactEntry { .double(Double(self)) } }
extension String: CompactPrimitive { var compactEntry: CompactEntry { .string(self) } }
extension Bool: CompactPrimitive { var compactEntry: CompactEntry { .bool(self) } }
extension Int: CompactPrimitive { var compactEntry: CompactEntry { .int(Int64(self)) } }
extension Int64: CompactPrimitive { var compactEntry: CompactEntry { .int(self) } }
extension Int32: CompactPrimitive { var compactEntry: CompactEntry { .int(Int64(self)) } }
extension Int16: CompactPrimitive { var compactEntry: CompactEntry { .int(Int64(self)) } }
extension Int8: CompactPrimitive { var compactEntry: CompactEntry { .int(Int64(self)) } }
extension UInt: CompactPrimitive { var compactEntry: CompactEntry { .uint(UInt64(self)) } }
extension UInt64: CompactPrimitive { var compactEntry: CompactEntry { .uint(self) } }
extension UInt32: CompactPrimitive { var compactEntry: CompactEntry { .uint(UInt64(self)) } }
extension UInt16: CompactPrimitive { var compactEntry: CompactEntry { .uint(UInt64(self)) } }
extension UInt8: CompactPrimitive { var compactEntry: CompactEntry { .uint(UInt64(self)) } }

/// A container being filled; converted to bytes when the top-level value is done.
final class CompactBox {
    var keys: [String] = []
    var values: [CompactEntry] = []
    let keyed: Bool
    init(keyed: Bool) { self.keyed = keyed }
}

enum CompactEntry {
    case null, bool(Bool), int(Int64), uint(UInt64), double(Double), string(String), box(CompactBox)
}

final class CompactEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What was encoded: a container, or the single value.
    var root: CompactEntry?

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .box(let box)? = root, box.keyed { return KeyedEncodingContainer(CompactKeyedEncoder<Key>(box: box)) }
        let box = CompactBox(keyed: true)
        root = .box(box)
        return KeyedEncodingContainer(CompactKeyedEncoder<Key>(box: box))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .box(let box)? = root, !box.keyed { return CompactUnkeyedEncoder(box: box) }
        let box = CompactBox(keyed: false)
        root = .box(box)
        return CompactUnkeyedEncoder(box: box)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { CompactSingleEncoder(encoder: self) }

    /// The entry of any encodable value (primitives directly, with one conformance check).
    static func entry<T: Encodable>(_ value: T) throws -> CompactEntry {
        if let primitive = value as? any CompactPrimitive { return primitive.compactEntry }
        let nested = CompactEncoder()
        try value.encode(to: nested)
        return nested.root ?? .box(CompactBox(keyed: true))
    }

    static func write(_ entry: CompactEntry, into out: inout [UInt8]) {
        switch entry {
        case .null: out.append(0)
        case .bool(let b): out.append(b ? 2 : 1)
        case .int(let n):
            out.append(3)
            writeVarint(UInt64(bitPattern: (n << 1) ^ (n >> 63)), into: &out)
        case .uint(let n):
            out.append(4)
            writeVarint(n, into: &out)
        case .double(let d):
            out.append(5)
            let bits = d.bitPattern
            for k in 0..<8 { out.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(k)))) }
        case .string(let s):
            out.append(6)
            writeString(s, into: &out)
        case .box(let box):
            out.append(box.keyed ? 7 : 8)
            writeVarint(UInt64(box.values.count), into: &out)
            for (k, value) in box.values.enumerated() {
                if box.keyed { writeString(box.keys[k], into: &out) }
                write(value, into: &out)
            }
        }
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

struct CompactKeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: CompactBox
    var codingPath: [any CodingKey] { [] }

    private func put(_ entry: CompactEntry, _ key: Key) { box.keys.append(key.stringValue); box.values.append(entry) }

    mutating func encodeNil(forKey key: Key) { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) { put(.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) { put(.double(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) { put(.int(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) { put(.int(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { put(.uint(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { put(try CompactEncoder.entry(value), key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = CompactBox(keyed: true)
        put(.box(nested), key)
        return KeyedEncodingContainer(CompactKeyedEncoder<NestedKey>(box: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = CompactBox(keyed: false)
        put(.box(nested), key)
        return CompactUnkeyedEncoder(box: nested)
    }

    mutating func superEncoder() -> any Encoder { CompactSuperEncoder(box: box, key: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { CompactSuperEncoder(box: box, key: key.stringValue) }
}

struct CompactUnkeyedEncoder: UnkeyedEncodingContainer {
    let box: CompactBox
    var codingPath: [any CodingKey] { [] }
    var count: Int { box.values.count }

    mutating func encodeNil() { box.values.append(.null) }
    mutating func encode(_ value: Bool) { box.values.append(.bool(value)) }
    mutating func encode(_ value: String) { box.values.append(.string(value)) }
    mutating func encode(_ value: Double) { box.values.append(.double(value)) }
    mutating func encode(_ value: Int) { box.values.append(.int(Int64(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { box.values.append(try CompactEncoder.entry(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = CompactBox(keyed: true)
        box.values.append(.box(nested))
        return KeyedEncodingContainer(CompactKeyedEncoder<NestedKey>(box: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = CompactBox(keyed: false)
        box.values.append(.box(nested))
        return CompactUnkeyedEncoder(box: nested)
    }

    mutating func superEncoder() -> any Encoder { CompactSuperEncoder(box: box, key: nil) }
}

struct CompactSingleEncoder: SingleValueEncodingContainer {
    let encoder: CompactEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() { encoder.root = .null }
    mutating func encode(_ value: Bool) { encoder.root = .bool(value) }
    mutating func encode(_ value: String) { encoder.root = .string(value) }
    mutating func encode(_ value: Double) { encoder.root = .double(value) }
    mutating func encode(_ value: Int) { encoder.root = .int(Int64(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.root = try CompactEncoder.entry(value) }
}

/// An encoder whose value lands in a parent container (keyed under `key`, or appended).
final class CompactSuperEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let inner = CompactEncoder()
    let parent: CompactBox
    let index: Int

    init(box: CompactBox, key: String?) {
        parent = box
        index = box.values.count
        if let key { box.keys.append(key) }
        box.values.append(.null)
    }

    private func publish() { parent.values[index] = inner.root ?? .null }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let c = inner.container(keyedBy: type); publish(); return c
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { let c = inner.unkeyedContainer(); publish(); return c }

    func singleValueContainer() -> any SingleValueEncodingContainer { CompactSuperSingle(owner: self) }

    fileprivate func set(_ entry: CompactEntry) { inner.root = entry; publish() }
}

private struct CompactSuperSingle: SingleValueEncodingContainer {
    let owner: CompactSuperEncoder
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil() { owner.set(.null) }
    mutating func encode(_ value: Bool) { owner.set(.bool(value)) }
    mutating func encode(_ value: String) { owner.set(.string(value)) }
    mutating func encode(_ value: Double) { owner.set(.double(value)) }
    mutating func encode(_ value: Int) { owner.set(.int(Int64(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { owner.set(try CompactEncoder.entry(value)) }
}

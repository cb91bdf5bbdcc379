import Foundation

/// A value read from ``CompactCoder`` bytes.
indirect enum CompactNode {
    case null, bool(Bool), int(Int64), uint(UInt64), double(Double), string(String)
    case keyed([String: CompactNode])
    case unkeyed([CompactNode])

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a bool"
        case .int, .uint: "an integer"
        case .double: "a double"
        case .string: "a string"
        case .keyed: "a keyed container"
        case .unkeyed: "an unkeyed container"
        }
    }
}

/// Reads the tag-and-payload layout of ``CompactCoder``.
struct CompactReader {
    let bytes: [UInt8]
    var position: Int

    static let maximumDepth = 256

    private func corrupt(_ what: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "compact value: \(what) at byte \(position)"))
    }

    mutating func byte() throws(DecodingError) -> UInt8 {
        guard position < bytes.count else { throw corrupt("truncated") }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func varint() throws(DecodingError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            guard shift < 64 else { throw corrupt("integer too long") }
            value |= UInt64(b & 0x7f) << shift
            if b < 0x80 { return value }
            shift += 7
        }
    }

    mutating func count() throws(DecodingError) -> Int {
        let n = try varint()
        guard n <= UInt64(bytes.count - position) else { throw corrupt("count \(n) beyond the data") }
        return Int(n)
    }

    mutating func string() throws(DecodingError) -> String {
        let n = try count()
        defer { position += n }
        return String(decoding: bytes[position..<position + n], as: UTF8.self)
    }

    mutating func node(depth: Int) throws(DecodingError) -> CompactNode {
        guard depth < Self.maximumDepth else { throw corrupt("nested too deeply") }
        switch try byte() {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3:
            let z = try varint()
            return .int(Int64(bitPattern: (z >> 1) ^ (0 &- (z & 1))))
        case 4: return .uint(try varint())
        case 5:
            guard bytes.count - position >= 8 else { throw corrupt("truncated double") }
            var bits: UInt64 = 0
            for k in 0..<8 { bits |= UInt64(bytes[position + k]) << (8 * UInt64(k)) }
            position += 8
            return .double(Double(bitPattern: bits))
        case 6: return .string(try string())
        case 7:
            let n = try count()
            var members: [String: CompactNode] = [:]
            members.reserveCapacity(n)
            for _ in 0..<n {
                let key = try string()
                members[key] = try node(depth: depth + 1)
            }
            return .keyed(members)
        case 8:
            let n = try count()
            var items: [CompactNode] = []
            items.reserveCapacity(n)
            for _ in 0..<n { items.append(try node(depth: depth + 1)) }
            return .unkeyed(items)
        case let tag:
            position -= 1
            throw corrupt("unknown tag \(tag)")
        }
    }
}

struct CompactDecoder: Decoder {
    let node: CompactNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .keyed(let members) = node else { throw Self.mismatch([String: Int].self, node, codingPath) }
        return KeyedDecodingContainer(CompactKeyedDecoder<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .unkeyed(let items) = node else { throw Self.mismatch([Int].self, node, codingPath) }
        return CompactUnkeyedDecoder(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { CompactSingleDecoder(node: node, codingPath: codingPath) }

    static func mismatch(_ type: Any.Type, _ node: CompactNode, _ path: [any CodingKey]) -> DecodingError {
        .typeMismatch(type, .init(codingPath: path, debugDescription: "expected \(type), found \(node.typeName)"))
    }

    /// A primitive of type `T` from `node`, or nil when `T` is not a primitive.
    static func primitive<T>(_ type: T.Type, _ node: CompactNode, _ path: [any CodingKey]) throws -> T? {
        func integer<I: FixedWidthInteger>(_: I.Type) throws -> I {
            switch node {
            case .int(let n): if let v = I(exactly: n) { return v }
            case .uint(let n): if let v = I(exactly: n) { return v }
            default: break
            }
            throw mismatch(I.self, node, path)
        }
        switch type {
        case is Double.Type:
            switch node {
            case .double(let d): return d as? T
            case .int(let n): return Double(n) as? T
            case .uint(let n): return Double(n) as? T
            default: throw mismatch(Double.self, node, path)
            }
        case is Float.Type:
            guard case .double(let d) = node else { throw mismatch(Float.self, node, path) }
            return Float(d) as? T
        case is String.Type:
            guard case .string(let s) = node else { throw mismatch(String.self, node, path) }
            return s as? T
        case is Bool.Type:
            guard case .bool(let b) = node else { throw mismatch(Bool.self, node, path) }
            return b as? T
        case is Int.Type: return try integer(Int.self) as? T
        case is Int64.Type: return try integer(Int64.self) as? T
        case is Int32.Type: return try integer(Int32.self) as? T
        case is Int16.Type: return try integer(Int16.self) as? T
        case is Int8.Type: return try integer(Int8.self) as? T
        case is UInt.Type: return try integer(UInt.self) as? T
        case is UInt64.Type: return try integer(UInt64.self) as? T
        case is UInt32.Type: return try integer(UInt32.self) as? T
        case is UInt16.Type: return try integer(UInt16.self) as? T
        case is UInt8.Type: return try integer(UInt8.self) as? T
        default: return nil
        }
    }

    static func value<T: Decodable>(_ type: T.Type, _ node: CompactNode, _ path: [any CodingKey]) throws -> T {
        if let v = try primitive(type, node, path) { return v }
        return try T(from: CompactDecoder(node: node, codingPath: path))
    }
}

struct CompactKeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: CompactNode]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }
    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func node(_ key: Key) throws -> CompactNode {
        guard let n = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no member '\(key.stringValue)'"))
        }
        return n
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try node(key) { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try CompactDecoder.value(type, try node(key), codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try CompactDecoder(node: try node(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try CompactDecoder(node: try node(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { CompactDecoder(node: members["super"] ?? .null, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { CompactDecoder(node: try node(key), codingPath: codingPath + [key]) }
}

struct CompactUnkeyedDecoder: UnkeyedDecodingContainer {
    let items: [CompactNode]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [CompactNode], codingPath: [any CodingKey]) { self.items = items; self.codingPath = codingPath }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> CompactNode {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath, debugDescription: "unkeyed container ended at \(currentIndex)"))
        }
        defer { currentIndex += 1 }
        return items[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if case .null = items[currentIndex] { currentIndex += 1; return true }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try CompactDecoder.value(type, try next(), codingPath) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try CompactDecoder(node: try next(), codingPath: codingPath).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try CompactDecoder(node: try next(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { CompactDecoder(node: try next(), codingPath: codingPath) }
}

struct CompactSingleDecoder: SingleValueDecodingContainer {
    let node: CompactNode
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { if case .null = node { return true } else { return false } }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try CompactDecoder.value(type, node, codingPath) }
}

import IndoorJSON

/// Reads the fields of one delimited line left to right, each once, for the importers' short paths
/// (``RecordLineDecoder/commonSample(_:)``): the field splitting, number and integer rules are those of
/// ``FieldSplitter`` and ``DelimitedFieldReader`` (a field is the bytes up to the next separator or the
/// line end; the last field ends the line), so a value read here is the value the general path reads.
/// Anything a general path would report as a problem gives `nil` here.
struct FieldCursor {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private let separator: UInt8
    /// Where the next field starts.
    private var index = 0
    /// Whether the last field was read (the line has no further field).
    private var exhausted = false

    /// A cursor at the first field of `line` (which must stay alive while it is used).
    init?(_ line: UnsafeBufferPointer<UInt8>, separator: UInt8) {
        guard let base = line.baseAddress else { return nil }
        self.base = base
        count = line.count
        self.separator = separator
    }

    /// Whether a further field exists.
    var hasField: Bool { !exhausted }

    /// The next field's bytes (possibly empty); `nil` when the line has no further field.
    @inline(__always)
    mutating func field() -> UnsafeBufferPointer<UInt8>? {
        guard !exhausted else { return nil }
        let start = index
        var k = index
        while k < count, base[k] != separator { k += 1 }
        if k == count { exhausted = true; index = count } else { index = k + 1 }
        return UnsafeBufferPointer(start: base + start, count: k - start)
    }

    /// Passes over the next field; `false` when there is none.
    @inline(__always)
    mutating func skip() -> Bool { field() != nil }

    /// The next field as a finite number (``IndoorJSON/NumberScanning/double(_:)``); `nil` when it is
    /// missing or not one. Plain decimals take ``IndoorJSON/NumberScanning/plainDecimalPrefix(_:from:to:)``,
    /// other forms that scanner's general path.
    @inline(__always)
    mutating func number() -> Double? {
        guard !exhausted else { return nil }
        if let (value, k) = NumberScanning.plainDecimalPrefix(base, from: index, to: count), k == count || base[k] == separator {
            if k == count { exhausted = true; index = count } else { index = k + 1 }
            return value
        }
        guard let bytes = field() else { return nil }
        return NumberScanning.double(bytes)
    }

    /// An optional number: `.some(nil)` when the field is missing or empty, `nil` when it is malformed.
    @inline(__always)
    mutating func optionalNumber() -> Double?? {
        guard !exhausted else { return .some(nil) }
        if index == count || base[index] == separator {
            _ = field()
            return .some(nil)
        }
        guard let value = number() else { return nil }
        return .some(value)
    }

    /// The next field as an integer (``IndoorJSON/NumberScanning/int(_:)``); `nil` when missing or not one.
    @inline(__always)
    mutating func integer() -> Int? {
        guard let bytes = field() else { return nil }
        return NumberScanning.int(bytes)
    }

    /// An optional integer: `.some(nil)` when the field is missing or empty, `nil` when it is malformed.
    @inline(__always)
    mutating func optionalInteger() -> Int?? {
        guard !exhausted else { return .some(nil) }
        guard let bytes = field() else { return .some(nil) }
        if bytes.isEmpty { return .some(nil) }
        guard let value = NumberScanning.int(bytes) else { return nil }
        return .some(value)
    }
}

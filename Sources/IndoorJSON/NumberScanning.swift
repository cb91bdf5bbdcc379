#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decimal number parsing straight from UTF-8 bytes, without building a `String`: the one number
/// scanner of IndoorNav (``JSONParser`` after checking JSON's stricter grammar, and the recording
/// formats, whose fields allow a leading `+` and leading zeros).
///
/// Numbers with at most 15 significant digits and a decimal exponent within ±22 take Clinger's fast
/// path (W. D. Clinger, "How to read floating point numbers accurately", PLDI 1990): the digits form an
/// exact integer and one multiplication or division by an exact power of ten rounds correctly. Anything
/// else goes through C `strtod`, so results are always correctly rounded.
public enum NumberScanning {
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Parses the whole of `bytes` as a finite decimal number (`-1.5`, `2e-3`, `+4`, `007`, `.5`, `5.`);
    /// `nil` when it is empty, has other characters, or is not finite (`nan`, `inf`, overflow such as
    /// `1e400`). Underflow rounds to zero (or the nearest subnormal), keeping the sign.
    /// - Complexity: O(n) in the byte count; no allocation on the fast path.
    public static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = bytes.count
        guard n > 0 else { return nil }
        var i = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") { negative = true; i = 1 } else if bytes[0] == UInt8(ascii: "+") { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var significant = 0
        var exponent = 0
        while i < n, bytes[i] &- 48 < 10 {
            if significant > 0 || bytes[i] != 48 { significant += 1 }
            if significant <= 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 48) } else { exponent += 1 }
            digits += 1
            i += 1
        }
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, bytes[i] &- 48 < 10 {
                if significant > 0 || bytes[i] != 48 { significant += 1 }
                if significant <= 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 48); exponent -= 1 }
                digits += 1
                i += 1
            }
        }
        guard digits > 0 else { return nil }
        if i < n, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var expNegative = false
            if i < n, bytes[i] == UInt8(ascii: "-") { expNegative = true; i += 1 } else if i < n, bytes[i] == UInt8(ascii: "+") { i += 1 }
            var e = 0
            var expDigits = 0
            while i < n, bytes[i] &- 48 < 10 {
                if e < 100_000 { e = e * 10 + Int(bytes[i] &- 48) }
                expDigits += 1
                i += 1
            }
            guard expDigits > 0 else { return nil }
            exponent += expNegative ? -e : e
        }
        guard i == n else { return nil }
        if significant <= 15, exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            value = exponent < 0 ? value / powersOfTen[-exponent] : value * powersOfTen[exponent]
            return negative ? -value : value
        }
        return slowDouble(bytes)
    }

    /// `strtod` on a NUL-terminated copy (the input was already checked to be a decimal number).
    private static func slowDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var copy = [CChar](repeating: 0, count: bytes.count + 1)
        for k in 0..<bytes.count { copy[k] = CChar(bitPattern: bytes[k]) }
        let value = copy.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { strtod($0, nil) } ?? .nan }
        return value.isFinite ? value : nil
    }

    /// Parses the whole of `bytes` as a decimal integer with an optional sign; `nil` on anything else
    /// or overflow.
    public static func int(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = bytes.count
        guard n > 0 else { return nil }
        var i = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") { negative = true; i = 1 } else if bytes[0] == UInt8(ascii: "+") { i = 1 }
        guard i < n else { return nil }
        var value = 0
        while i < n {
            let d = bytes[i] &- 48
            guard d < 10 else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int(d))
            guard !o1, !o2 else { return nil }
            value = s
            i += 1
        }
        return negative ? -value : value
    }

    /// Text of a field for messages (at most 40 characters).
    public static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let s = String(decoding: bytes, as: UTF8.self)
        return s.count > 40 ? String(s.prefix(40)) + "…" : s
    }
}

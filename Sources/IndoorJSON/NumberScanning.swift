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
    /// 10^e for 0 ≤ e ≤ 22, every one exact in a `Double` (a switch compiles to a constant table).
    @usableFromInline @inline(__always)
    static func exactPowerOfTen(_ e: Int) -> Double {
        switch e {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// The short path for the plain decimals recordings are full of: an optional `-`, at least one digit,
    /// optionally a point and at least one more digit, at most 15 digits in all, no exponent. The value and
    /// the index just past the number, computed as ``doublePrefix(_:from:to:)`` computes it (an exact
    /// integer divided by an exact power of ten), or `nil` for any other form, which the caller then gives
    /// to ``doublePrefix(_:from:to:)``. Inlinable, so the recording readers' per-field loops compile it in place.
    @inlinable @inline(__always)
    public static func plainDecimalPrefix(_ base: UnsafePointer<UInt8>, from: Int, to n: Int) -> (value: Double, end: Int)? {
        var k = from
        let negative = k < n && base[k] == 0x2D
        if negative { k += 1 }
        var mantissa: UInt64 = 0
        var digits = appendDigits(base, at: &k, to: n, onto: &mantissa)
        var fraction = 0
        if digits > 0, k < n, base[k] == 0x2E {
            k += 1
            fraction = appendDigits(base, at: &k, to: n, onto: &mantissa)
            digits = fraction == 0 ? 0 : digits + fraction
        }
        guard digits > 0, digits <= 15 else { return nil }
        let value = Double(mantissa) / exactPowerOfTen(fraction)
        return (negative ? -value : value, k)
    }

    /// Appends the run of decimal digits at `k` (before `n`) to `mantissa` (wrapping past 2⁶⁴) and moves
    /// `k` past it; returns how many digits there were.
    @inlinable @inline(__always)
    static func appendDigits(_ base: UnsafePointer<UInt8>, at k: inout Int, to n: Int, onto mantissa: inout UInt64) -> Int {
        var digits = 0
        while k < n {
            let d = base[k] &- 48
            guard d < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(d)
            digits += 1
            k += 1
        }
        return digits
    }

    /// Parses the whole of `bytes` as a finite decimal number (`-1.5`, `2e-3`, `+4`, `007`, `.5`, `5.`);
    /// `nil` when it is empty, has other characters, or is not finite (`nan`, `inf`, overflow such as
    /// `1e400`). Underflow rounds to zero (or the nearest subnormal), keeping the sign.
    /// - Complexity: O(n) in the byte count; no allocation on the fast path.
    public static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let base = bytes.baseAddress, let (value, end) = doublePrefix(base, from: 0, to: bytes.count), end == bytes.count
        else { return nil }
        return value
    }

    /// Parses the decimal number that starts at `base[from]` and ends before the first byte that cannot
    /// continue it (or at `to`), in the one pass a scanner makes over a line: the value and the index
    /// just past the number. `nil` when no number starts there, when it is malformed as far as it goes
    /// (`1e` without exponent digits, a lone sign or point), or when it is not finite. The caller checks
    /// that what follows is a separator; the accepted grammar is that of ``double(_:)``.
    /// - Complexity: O(length of the number); no allocation on the fast path.
    @inline(__always)
    public static func doublePrefix(_ base: UnsafePointer<UInt8>, from: Int, to n: Int) -> (value: Double, end: Int)? {
        var i = from
        guard i < n else { return nil }
        var negative = false
        if base[i] == UInt8(ascii: "-") {
            negative = true; i += 1
        } else if base[i] == UInt8(ascii: "+") {
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var significant = 0
        var exponent = 0
        // Leading zeros are not significant; the common case (fewer than 19 digits) accumulates directly.
        while i < n, base[i] == 48 { digits += 1; i += 1 }
        while i < n {
            let d = base[i] &- 48
            guard d < 10 else { break }
            significant += 1
            if significant <= 19 { mantissa = mantissa &* 10 &+ UInt64(d) } else { exponent += 1 }
            digits += 1
            i += 1
        }
        if i < n, base[i] == UInt8(ascii: ".") {
            i += 1
            if significant == 0 {
                while i < n, base[i] == 48 { digits += 1; exponent -= 1; i += 1 }
            }
            while i < n {
                let d = base[i] &- 48
                guard d < 10 else { break }
                significant += 1
                if significant <= 19 { mantissa = mantissa &* 10 &+ UInt64(d); exponent -= 1 }
                digits += 1
                i += 1
            }
        }
        guard digits > 0 else { return nil }
        if i < n, base[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var expNegative = false
            if i < n, base[i] == UInt8(ascii: "-") {
                expNegative = true; i += 1
            } else if i < n, base[i] == UInt8(ascii: "+") {
                i += 1
            }
            var e = 0
            var expDigits = 0
            while i < n {
                let d = base[i] &- 48
                guard d < 10 else { break }
                if e < 100_000 { e = e * 10 + Int(d) }
                expDigits += 1
                i += 1
            }
            guard expDigits > 0 else { return nil }
            exponent += expNegative ? -e : e
        }
        if significant == 0 { return (negative ? -0.0 : 0.0, i) }
        if significant <= 15, exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            value = exponent < 0 ? value / exactPowerOfTen(-exponent) : value * exactPowerOfTen(exponent)
            return (negative ? -value : value, i)
        }
        guard let value = slowDouble(UnsafeBufferPointer(start: base + from, count: i - from)) else { return nil }
        return (value, i)
    }

    /// `strtod` on a NUL-terminated copy (the input was already checked to be a decimal number).
    private static func slowDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var copy = [CChar](repeating: 0, count: bytes.count + 1)
        for k in 0..<bytes.count { copy[k] = CChar(bitPattern: bytes[k]) }
        let value = copy.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { strtod($0, nil) } ?? .nan }
        return value.isFinite ? value : nil
    }

    /// Parses the whole of `bytes` as a decimal integer with an optional sign; `nil` on anything else
    /// or overflow. Inlinable: the recording readers call it for every integer field.
    @inlinable
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

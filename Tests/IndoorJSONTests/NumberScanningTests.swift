import Foundation
import IndoorJSON
import Testing

/// The one number scanner, on its own (the recordings' lenient fields) and inside the JSON parser
/// (strict grammar first).
@Suite struct NumberScanningTests {
    private func scan(_ s: String) -> Double? {
        Array(s.utf8).withUnsafeBufferPointer { NumberScanning.double($0) }
    }

    private func int(_ s: String) -> Int? {
        Array(s.utf8).withUnsafeBufferPointer { NumberScanning.int($0) }
    }

    /// A small xorshift stream for the comparison tests (IndoorJSON imports no other module).
    private struct Bits {
        var state: UInt64
        mutating func next(below n: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(n))
        }
    }

    @Test func matchesSwiftParserOnRandomDecimals() {
        var bits = Bits(state: 42)
        for _ in 0..<20_000 {
            let digits = 1 + bits.next(below: 20)
            var text = bits.next(below: 2) == 0 ? "-" : ""
            let dot = bits.next(below: digits)
            for k in 0..<digits {
                if k == dot && k > 0 { text += "." }
                text += String(bits.next(below: 10))
            }
            if bits.next(below: 4) == 0 { text += "e\(bits.next(below: 61) - 30)" }
            #expect(scan(text) == Double(text), "\(text)")
        }
    }

    @Test func roundTripsShortestDescriptions() {
        var bits = Bits(state: 7)
        for _ in 0..<20_000 {
            let high = UInt64(bits.next(below: 1 << 30)) << 33
            let value = Double(bitPattern: (high | UInt64(bits.next(below: 1 << 30))) & 0x7FEF_FFFF_FFFF_FFFF)
            #expect(scan(value.description) == value, "\(value)")
        }
    }

    @Test func recordingFieldEdgeCases() {
        // Signs, leading zeros, bare fractions and exponents are accepted in recording fields.
        #expect(scan("+4") == 4)
        #expect(scan("007") == 7)
        #expect(scan("-007.50") == -7.5)
        #expect(scan("1.") == 1)
        #expect(scan(".5") == 0.5)
        #expect(scan("-0.5E1") == -5)
        #expect(scan("2e-3") == 0.002)
        #expect(scan("1E+2") == 100)
        #expect(scan("-0")?.sign == .minus)
        // Past the fast path (more than 15 digits, exponent beyond ±22): still correctly rounded.
        // 12345678901234567890 lies between the doubles …7168 and …9216; the nearer is …7168.
        #expect(scan("12345678901234567890") == 12_345_678_901_234_567_168)
        #expect(scan("1e23") == 1e23)
        #expect(scan("4.9e-324") == Double.leastNonzeroMagnitude)
        #expect(scan("1e-400") == 0)
        for text in [
            "", "-", "+", ".", "nan", "NaN", "inf", "-Infinity", "1e", "1e+", "12a", "1.2.3", "0x10", " 1", "1 ",
            "1e400", "-1e400", "--1", "+-1",
        ] {
            #expect(scan(text) == nil, "\(text)")
        }
    }

    @Test func integerEdgeCases() {
        #expect(int("1574559529168") == 1_574_559_529_168)
        #expect(int("-42") == -42)
        #expect(int("+42") == 42)
        #expect(int("0042") == 42)
        #expect(int("9223372036854775807") == Int.max)
        for text in ["4.5", "", "-", "1e3", "99999999999999999999", "9223372036854775808", "nan"] {
            #expect(int(text) == nil, "\(text)")
        }
    }

    @Test func jsonNumbersUseTheSameScanner() throws {
        for text in [
            "0", "-0.5", "123456789012345", "1234567890.12345", "0.1", "1e-7", "-2.5E+3", "1e23", "12345678901234567890", "5e-324",
        ] {
            #expect(try JSONParser().parse(text).value.double == Double(text), "\(text)")
        }
        #expect(try JSONParser().parse("-0").value.double?.sign == .minus)
        #expect(try JSONParser().parse("1e-400").value.double == 0)
    }

    @Test(arguments: [
        ("[01]", "leading zero"),
        ("[-01]", "leading zero"),
        ("[+1]", "expected a value"),
        ("[.5]", "expected a value"),
        ("[1.]", "expected a digit after '.'"),
        ("[1e]", "expected a digit in the exponent"),
        ("[1e+]", "expected a digit in the exponent"),
        ("[-]", "expected a digit"),
        ("[NaN]", "expected a value"),
        ("[Infinity]", "expected a value"),
        ("[1e400]", "out of the range of a double"),
        ("[-1e400]", "out of the range of a double"),
    ])
    func jsonRejectsWhatItsGrammarForbids(text: String, fragment: String) {
        do {
            _ = try JSONParser().parse(text)
            Issue.record("expected a parse error for \(text)")
        } catch {
            #expect(error.position.line == 1)
            #expect(error.message.contains(fragment), "\(text): \(error.message)")
        }
    }

    /// The plain-decimal short path gives what `Double(String)` gives, stops where the number stops, and
    /// declines every other form (for the general path to read).
    @Test func thePlainDecimalPathAgreesOrDeclines() {
        func plain(_ s: String) -> (value: Double, end: Int)? {
            Array(s.utf8).withUnsafeBufferPointer { NumberScanning.plainDecimalPrefix($0.baseAddress!, from: 0, to: $0.count) }
        }
        for text in ["0", "-0", "7", "-12.5", "0012.5", "3.14159265358979", "-999999999999.999", "123456789012345", "0.000001"] {
            let found = plain(text)
            #expect(found?.value == Double(text), "\(text): \(String(describing: found))")
            #expect(found?.value.sign == Double(text)?.sign)
            #expect(found?.end == text.utf8.count)
        }
        #expect(plain("-1.25,7")?.end == 5)
        #expect(plain("2.5e3")?.end == 3)  // stops before the exponent: the caller's separator check sends it on
        for declined in ["", "-", ".5", "5.", "+4", "1234567890123456", "0.1234567890123456", "abc", "-.5"] {
            #expect(plain(declined) == nil, "\(declined)")
        }
    }
}

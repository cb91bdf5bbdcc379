import Testing

@testable import IndoorJSON

@Suite struct JSONParserTests {
    @Test func parsesEveryValueKind() throws {
        let (v, warnings) = try JSONParser().parse(#"{"a": [1, -2.5, 3e2, true, false, null], "s": "x\"\u00e9\ud83d\ude00\n"}"#)
        #expect(warnings.isEmpty)
        #expect(v["a"] == [1, -2.5, 300, true, false, .null])
        #expect(v["s"]?.string == "x\"é😀\n")
    }

    @Test func numbersMatchFoundationParsing() throws {
        for text in ["0", "-0.5", "123456789012345", "1234567890.12345", "0.1", "30.381056329937220", "1e-7", "-2.5E+3"] {
            let v = try JSONParser().parse(text).value
            #expect(v.double == Double(text), "\(text)")
        }
    }

    @Test func trailingCommaIsWarnedWithPosition() throws {
        let (v, warnings) = try JSONParser().parse("{\n  \"a\": [1, 2,],\n}")
        #expect(v["a"] == [1, 2])
        #expect(warnings.map(\.position) == [JSONPosition(line: 2, column: 14), JSONPosition(line: 3, column: 1)])
        #expect(throws: JSONParseError.self) { try JSONParser(allowTrailingCommas: false).parse("[1,]") }
    }

    @Test(arguments: [
        ("{\"a\": 1", 1, "unterminated object"),
        ("[1, 2\n, x]", 2, "expected a value"),
        ("", 1, "empty input"),
        ("{\"a\" 1}", 1, "expected ':'"),
        ("[01]", 1, "leading zero"),
        ("\"abc", 1, "unterminated string"),
        ("[1] 2", 1, "after the JSON value"),
        ("{\n\n\"k\": tru}", 3, "invalid literal"),
    ])
    func malformedInputNamesLineAndProblem(text: String, line: Int, fragment: String) {
        do {
            _ = try JSONParser().parse(text)
            Issue.record("expected a parse error for \(text)")
        } catch {
            #expect(error.position.line == line)
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONParser().parse(deep) }
    }

    @Test func writerRoundTrips() throws {
        let v: JSONValue = ["b": [1, 2.5, "é\t"], "a": .null, "c": ["x": true]]
        let text = v.serialized()
        #expect(text == #"{"a":null,"b":[1,2.5,"é\t"],"c":{"x":true}}"#)
        #expect(try JSONParser().parse(text).value == v)
        #expect(try JSONParser().parse(v.serialized(pretty: true)).value == v)
        #expect(JSONValue.finite(.nan).serialized() == "null")
    }
}

@Suite struct StreamingParseTests {
    @Test func streamsTheArrayMemberAndKeepsTheRest() throws {
        var seen: [JSONValue] = []
        let text = "{\"type\": \"FeatureCollection\",\n \"features\": [{\"a\": 1}, 2, [3],],\n \"name\": \"x\"}"
        let (value, warnings) = try JSONParser().parseObject(Array(text.utf8), streamingArrayMember: "features") { v, index, _ in
            #expect(index == seen.count)
            seen.append(v)
        }
        #expect(seen == [["a": 1], 2, [3]])
        #expect(value["type"] == "FeatureCollection" && value["name"] == "x")
        #expect(value["features"] == [])
        #expect(warnings.count == 1 && warnings[0].position.line == 2)
    }

    @Test(arguments: [
        ("{\"features\": [1, 2", 1, "unterminated array"), ("{\"features\": [1,\n x]}", 2, "expected a value"), ("", 1, "empty input"),
    ])
    func malformedStreamsReportThePosition(text: String, line: Int, fragment: String) {
        do {
            _ = try JSONParser().parseObject(Array(text.utf8), streamingArrayMember: "features") { _, _, _ in }
            Issue.record("expected an error")
        } catch {
            #expect(error.position.line == line)
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }

    @Test func nonObjectDocumentsComeBackWhole() throws {
        let (value, _) = try JSONParser().parseObject(Array("[1, 2]".utf8), streamingArrayMember: "features") { _, _, _ in
            Issue.record("nothing to stream")
        }
        #expect(value == [1, 2])
    }
}

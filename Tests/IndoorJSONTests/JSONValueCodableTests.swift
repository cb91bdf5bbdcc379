import Foundation
import Testing
import IndoorJSON

/// `JSONValue` through `JSONEncoder`/`JSONDecoder`: every kind keeps its kind.
@Suite struct JSONValueCodableTests {
    @Test func everyKindRoundTrips() throws {
        let value: JSONValue = [
            "null": .null, "true": true, "false": false, "integer": 3, "fraction": -0.125, "text": "é \"q\"",
            "array": [1, "two", [3], ["four": 4]], "empty": [:], "none": [],
        ]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
        // What JSONEncoder wrote is the same document for IndoorNav's own parser.
        #expect(try JSONParser().parse(data).value == value)
    }

    @Test func booleansStayBooleansAndNumbersStayNumbers() throws {
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(#"[true, 1, 0, "1", null]"#.utf8))
        #expect(decoded == .array([.bool(true), .number(1), .number(0), .string("1"), .null]))
    }

    @Test func encodesAsPlainJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let value: JSONValue = ["b": [true, .null], "a": 1.5]
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        #expect(text == #"{"a":1.5,"b":[true,null]}"#)
    }
}

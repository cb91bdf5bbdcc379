import Foundation
import IndoorJSON
import Testing

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

/// `JSONValue.decode(from:as:)`: a file format's reader behind `init(from:)`.
@Suite struct JSONValueDecodeAsTests {
    struct Version: Error, CustomStringConvertible {
        var description: String { "version: expected 1" }
    }

    /// A stored form `{"version": 1, "name": …}` read by a reader that checks the version.
    struct Named: Decodable, Equatable {
        var name: String
        init(name: String) { self.name = name }
        init(from decoder: any Decoder) throws {
            self = try JSONValue.decode(from: decoder) { value in
                guard value["version"]?.int == 1, let name = value["name"]?.string else { throw Version() }
                return Named(name: name)
            }
        }
    }

    @Test func theReaderDecidesAndItsErrorIsADecodingError() throws {
        #expect(try JSONDecoder().decode(Named.self, from: Data(#"{"version": 1, "name": "a"}"#.utf8)) == Named(name: "a"))
        do {
            _ = try JSONDecoder().decode([Named].self, from: Data(#"[{"version": 2, "name": "a"}]"#.utf8))
            Issue.record("decoded version 2")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "version: expected 1")
            #expect(context.codingPath.count == 1)
        }
    }
}

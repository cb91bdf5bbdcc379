import IndoorJSON

@testable import IndoorPositioning

/// Radio maps of two walks ("a", "b") written as text, for the decoding tests of the members added
/// to the format over time.
enum RadioMapText {
    /// `{…header…}` of a map with the given levels and no fingerprints, plus `extra` members.
    static func json(levels: String, extra: String = "") -> String {
        #"{"format":"indoornav-radio-map","version":1,"frameReference":null,"transmitters":[],"levels":"#
            + levels + #","walks":["a","b"],"fingerprints":[]"# + extra + "}"
    }

    /// The map decoded from ``json(levels:extra:)`` without the member (as written before it existed).
    static func decode(levels: String = "[]") throws -> RadioMap {
        try RadioMap.decode(try JSONParser().parse(json(levels: levels)).value, file: "m.json")
    }

    /// What decoding says of a map whose `member` is `value` ("no error" when it decodes).
    static func decodeError(levels: String = "[]", member: String, value: String) -> String {
        do {
            _ = try RadioMap.decode(try JSONParser().parse(json(levels: levels, extra: ",\"\(member)\":\(value)")).value, file: "m.json")
            return "no error"
        } catch { return "\(error)" }
    }
}

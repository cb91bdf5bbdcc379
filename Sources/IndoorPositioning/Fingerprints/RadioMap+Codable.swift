import IndoorJSON

/// A radio map through any `Codable` coder, in its file format (``RadioMap/json``, `indoornav-radio-map`
/// version 1): with `JSONEncoder` the output is a radio map file, and decoding checks what
/// ``RadioMap/decode(_:file:)`` checks. Like the file, the stored form rounds positions to the
/// centimetre, times to the millisecond and signal strengths to 0.1 dBm.
extension RadioMap: Codable {
    /// Decodes a map in the radio map file format.
    /// - Throws: `DecodingError.dataCorrupted` naming the bad field (as ``PositioningError`` does).
    public init(from decoder: any Decoder) throws {
        self = try JSONValue.decode(from: decoder) { try RadioMap.decode($0, file: "decoded radio map") }
    }

    /// Encodes the map as its file format's JSON value.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

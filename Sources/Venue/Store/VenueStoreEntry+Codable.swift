import IndoorJSON

/// A venue store entry (the summary of an installed venue) through any `Codable` coder, in the entry
/// file's format (``VenueStore/Entry/json``): with `JSONEncoder` the output is a `store-entry.json`, and
/// decoding checks what reading the file checks.
extension VenueStore.Entry: Codable {
    /// Decodes an entry in the entry file's format.
    /// - Throws: `DecodingError.dataCorrupted` naming the bad field.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            self = try Self.decode(value, path: "decoded venue store entry")
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Encodes the entry as its file format's JSON value.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

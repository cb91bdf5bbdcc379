import IndoorJSON

/// A venue store entry (the summary of an installed venue) through any `Codable` coder, in the entry
/// file's format (``VenueStore/Entry/json``): with `JSONEncoder` the output is a `store-entry.json`, and
/// decoding checks what reading the file checks.
extension VenueStore.Entry: Codable {
    /// Decodes an entry in the entry file's format.
    /// - Throws: `DecodingError.dataCorrupted` naming the bad field.
    public init(from decoder: any Decoder) throws {
        self = try JSONValue.decode(from: decoder) { try Self.decode($0, path: "decoded venue store entry") }
    }

    /// Encodes the entry as its file format's JSON value.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

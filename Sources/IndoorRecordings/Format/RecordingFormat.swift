/// The recording formats the module reads.
public enum RecordingFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// IndoorNav's canonical JSON Lines format (see `Recordings/README.md`).
    case canonical
    /// Microsoft Indoor Location Competition 2.0 path file (tab-separated `TYPE_` records).
    case ilc
    /// IPIN competition "GetSensorData" logfile (`;`-separated records such as `ACCE;…`).
    case ipin

    /// A short name.
    public var description: String { rawValue }

    /// "an ILC path file", for messages.
    public var articleName: String {
        switch self {
        case .canonical: "an IndoorNav canonical recording"
        case .ilc: "an ILC path file"
        case .ipin: "an IPIN logfile"
        }
    }

    /// Recognises a format from the first bytes of a file (a few kilobytes are plenty).
    ///
    /// Canonical: the first non-blank line is a JSON object naming `"indoornav-recording"`. ILC: a line
    /// starts with `#\t` or has a tab followed by `TYPE_`. IPIN: a line starts with `%` or with one of
    /// the GetSensorData record tags followed by `;`. Returns `nil` when nothing matches.
    /// - Complexity: O(n) in the prefix length.
    public static func detect<Bytes: Collection>(prefix: Bytes) -> RecordingFormat? where Bytes.Element == UInt8 {
        let bytes = Array(prefix)
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        var lineStart = start
        var examined = 0
        while lineStart < bytes.count, examined < 200 {
            var end = lineStart
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            let line = bytes[lineStart..<end]
            lineStart = end + 1
            let trimmed = line.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D })
            guard let first = trimmed.first else { continue }
            examined += 1
            if first == UInt8(ascii: "{") {
                return containsSequence(line, "indoornav-recording") ? .canonical : nil
            }
            if first == UInt8(ascii: "%") { return .ipin }
            if line.first == UInt8(ascii: "#"), line.dropFirst().first == 0x09 { return .ilc }
            if containsSequence(line, "\tTYPE_") { return .ilc }
            if let semicolon = line.firstIndex(of: UInt8(ascii: ";")) {
                let tag = String(decoding: line[line.startIndex..<semicolon], as: UTF8.self)
                if IPINLineDecoder.knownTags.contains(tag) { return .ipin }
            }
        }
        return nil
    }

    static func containsSequence(_ haystack: ArraySlice<UInt8>, _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard !n.isEmpty, haystack.count >= n.count else { return false }
        var i = haystack.startIndex
        while i + n.count <= haystack.endIndex {
            if haystack[i] == n[0], haystack[i..<(i + n.count)].elementsEqual(n) { return true }
            i += 1
        }
        return false
    }
}

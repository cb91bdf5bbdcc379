/// Text for XML documents (SVG plots, GPX and KML tracks): the one escaping of IndoorNav's XML writers, and the
/// decoding of character references in names read from sources written for HTML.
public enum XMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, for element content and attribute values.
    /// - Complexity: O(n).
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }

    /// `text` with its character references decoded: the five XML entities (`&amp;` `&lt;` `&gt;`
    /// `&quot;` `&apos;`), `&nbsp;` and numeric ones (`&#38;`, `&#x26;`). Anything else that starts with
    /// `&` (an unknown name, no `;`, a code point that is not a scalar) stays as written, so text without
    /// references comes back unchanged (e.g. ILC shop names, written for HTML: `CHOW&amp;RAY`).
    /// - Complexity: O(n).
    public static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        out.reserveCapacity(text.count)
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            out += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            // A reference is at most 10 characters long between `&` and `;`.
            if let semicolon = rest[afterAmpersand...].prefix(11).firstIndex(of: ";"),
                let decoded = reference(rest[afterAmpersand..<semicolon])
            {
                out.append(decoded)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                out.append("&")
                rest = rest[afterAmpersand...]
            }
        }
        out += rest
        return out
    }

    /// The named references ``unescaped(_:)`` decodes.
    private static let namedReferences: [Substring: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
    ]

    /// The character of the reference `body` (between `&` and `;`), nil when it names none.
    private static func reference(_ body: Substring) -> Character? {
        if let character = namedReferences[body] { return character }
        guard body.first == "#" else { return nil }
        let digits = body.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        return value.flatMap(Unicode.Scalar.init).map(Character.init)
    }
}

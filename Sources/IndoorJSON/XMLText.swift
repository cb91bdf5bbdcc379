/// Text for XML documents (SVG plots, GPX and KML tracks): the one escaping of IndoorNav's XML writers.
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
}

/// A name in several languages, keyed by language code (`"en"`, `"ru"`, …).
public struct LocalizedName: Hashable, Sendable {
    /// Text by language code.
    public var byLanguage: [String: String]

    /// A name from texts by language code (empty: no name).
    public init(_ byLanguage: [String: String] = [:]) { self.byLanguage = byLanguage }

    /// A name in one language.
    public init(_ text: String, language: String) { self.byLanguage = [language: text] }

    /// Whether there is no text in any language.
    public var isEmpty: Bool { byLanguage.isEmpty }

    /// The text in the first of `preferred` languages that has one, else in `defaultLanguage`, else in
    /// any language (the alphabetically first code, so the choice is stable); `nil` when empty.
    public func resolved(preferred: [String] = [], defaultLanguage: String? = nil) -> String? {
        for language in preferred {
            if let t = byLanguage[language] { return t }
            // "en-GB" falls back to "en".
            if let dash = language.firstIndex(of: "-"), let t = byLanguage[String(language[..<dash])] { return t }
        }
        if let d = defaultLanguage, let t = byLanguage[d] { return t }
        return byLanguage.keys.min().flatMap { byLanguage[$0] }
    }

    /// Every text in every language (for search).
    public var allTexts: [String] { byLanguage.keys.sorted().compactMap { byLanguage[$0] } }
}

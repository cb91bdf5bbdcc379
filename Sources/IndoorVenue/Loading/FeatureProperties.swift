import IndoorJSON

extension GeoJSONFeature {
    /// A localized name: an object `{"en": "…", "de": "…"}`, or a plain string taken as
    /// `defaultLanguage`. Absent or `null` gives an empty name; members that are not strings are a problem.
    func localizedName(_ key: String, defaultLanguage: String) throws(FeatureProblem) -> LocalizedName {
        try LocalizedName.parse(properties[key], field: key, defaultLanguage: defaultLanguage)
    }

    /// External ids from `external_id` (a string) and `external_ids` (an array of strings).
    func externalIDs() throws(FeatureProblem) -> [String] {
        var out: [String] = []
        if let single = try optionalString("external_id") { out.append(single) }
        out += try stringArray("external_ids")
        return out
    }
}

extension LocalizedName {
    /// Parses a localized-name value as found in IMDF and the extension file.
    static func parse(_ value: JSONValue?, field: String, defaultLanguage: String) throws(FeatureProblem) -> LocalizedName {
        switch value {
        case nil, .null?: return LocalizedName()
        case .string(let s)?: return s.isEmpty ? LocalizedName() : LocalizedName(s, language: defaultLanguage)
        case .object(let members)?:
            var texts: [String: String] = [:]
            for (language, text) in members {
                switch text {
                case .string(let s): if !s.isEmpty { texts[language] = s }
                case .null: continue
                default: throw FeatureProblem(field, "name in language '\(language)' is \(text.typeName), expected a string")
                }
            }
            return LocalizedName(texts)
        case let other?:
            throw FeatureProblem(field, "expected a localized name (object of language to text, or a string), found \(other.typeName)")
        }
    }
}

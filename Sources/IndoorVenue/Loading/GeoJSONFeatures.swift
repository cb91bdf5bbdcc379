import Foundation
import IndoorGeometry
import IndoorJSON

/// One GeoJSON feature as read from a file, before a loader interprets it.
struct GeoJSONFeature {
    /// The feature's `id` (a number is turned into its decimal text); `nil` when absent.
    var id: String?
    /// IMDF `feature_type`, when given.
    var featureType: String?
    /// The `geometry` member; `nil` when absent or `null`.
    var geometry: JSONValue?
    /// The `properties` object (empty when absent or `null`).
    var properties: [String: JSONValue]
    /// Position of the feature in the collection, for messages about features without an id.
    var position: Int

    /// Whether the feature has a geometry member.
    var hasGeometry: Bool { if case .some = geometry { return true } else { return false } }

    /// Whether the property is present and not `null`.
    func has(_ key: String) -> Bool {
        switch properties[key] {
        case .none, .some(.null): return false
        default: return true
        }
    }

    /// The id, or `#<position>` when the feature has none (for messages).
    var label: String { id ?? "#\(position)" }
}

/// A GeoJSON FeatureCollection file, parsed.
struct GeoJSONFile {
    /// File name used in messages (relative to the venue folder).
    let name: String
    let features: [GeoJSONFeature]
    /// Top-level members other than `features` (IMDF files put `name` there).
    let root: [String: JSONValue]
}

/// Why one feature (or one member of it) cannot be used: the field and the problem.
struct FeatureProblem: Error {
    var field: String
    var message: String

    init(_ field: String, _ message: String) { self.field = field; self.message = message }

    /// The problem as a venue issue about `feature` in `file`.
    func issue(file: String, featureID: String?, severity: VenueIssue.Severity = .error) -> VenueIssue {
        VenueIssue(severity, SourceLocation(file: file, featureID: featureID, field: field), message)
    }
}

/// Reads JSON and GeoJSON files into values, turning every failure into a ``VenueError`` that names the
/// file (and line, for syntax errors) and every tolerated oddity into a warning ``VenueIssue``.
enum GeoJSONReader {
    /// Reads and parses one JSON file; trailing commas come back as warnings with their line.
    static func readJSON(path: String, name: String) throws(VenueError) -> (value: JSONValue, warnings: [VenueIssue]) {
        guard FileManager.default.fileExists(atPath: path) else { throw .missingFile(path: name) }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadable(path: name, reason: "\(IOErrorText.reason(error))")
        }
        do {
            let parsed = try JSONParser().parse(data)
            let warnings = parsed.warnings.map {
                VenueIssue.warning(SourceLocation(file: name, line: $0.position.line), "\($0.message) (tolerated)")
            }
            return (parsed.value, warnings)
        } catch {
            throw .malformedJSON(path: name, line: error.position.line, column: error.position.column, reason: error.message)
        }
    }

    /// Reads a GeoJSON FeatureCollection. Entries of `features` that are not objects become `.error`
    /// issues and are skipped.
    static func readFeatureCollection(
        path: String, name: String
    ) throws(VenueError)
        -> (file: GeoJSONFile, issues: [VenueIssue])
    {
        let (value, warnings) = try readJSON(path: path, name: name)
        return try featureCollection(value, name: name, issues: warnings)
    }

    /// Interprets a parsed document as a FeatureCollection.
    static func featureCollection(
        _ value: JSONValue, name: String, issues: [VenueIssue] = []
    ) throws(VenueError)
        -> (file: GeoJSONFile, issues: [VenueIssue])
    {
        guard case .object(var root) = value else {
            throw .invalidFeature(
                SourceLocation(file: name), problem: "expected a GeoJSON FeatureCollection object, found \(value.typeName)")
        }
        if let type = root["type"], type.string != "FeatureCollection" {
            throw .invalidFeature(
                SourceLocation(file: name, field: "type"),
                problem: "expected \"FeatureCollection\", found \(type.string.map { "\"\($0)\"" } ?? type.typeName)")
        }
        guard let list = root["features"]?.array else {
            throw .invalidFeature(SourceLocation(file: name, field: "features"), problem: "missing or not an array")
        }
        root["features"] = nil
        var issues = issues
        var features: [GeoJSONFeature] = []
        features.reserveCapacity(list.count)
        for (position, entry) in list.enumerated() {
            if let f = feature(entry, position: position, name: name, issues: &issues) { features.append(f) }
        }
        return (GeoJSONFile(name: name, features: features, root: root), issues)
    }

    /// One entry of `features` as a feature; non-objects become `.error` issues (`nil`).
    static func feature(_ entry: JSONValue, position: Int, name: String, issues: inout [VenueIssue]) -> GeoJSONFeature? {
        guard case .object(let member) = entry else {
            issues.append(
                .error(SourceLocation(file: name, featureID: "#\(position)"), "feature is \(entry.typeName), not an object; skipped"))
            return nil
        }
        var id: String?
        switch member["id"] {
        case .string(let s)?: id = s
        case .number(let d)? where d.rounded() == d && abs(d) < 9e15: id = String(Int(d))
        case nil, .null?: id = nil
        case let other?:
            issues.append(
                .warning(
                    SourceLocation(file: name, featureID: "#\(position)", field: "id"),
                    "id is \(other.typeName), expected a string; ignored"))
        }
        var geometry: JSONValue? = member["geometry"]
        if case .some(.null) = geometry { geometry = .none }
        return GeoJSONFeature(
            id: id, featureType: member["feature_type"]?.string, geometry: geometry,
            properties: member["properties"]?.object ?? [:], position: position)
    }

    /// Streams a FeatureCollection file: each feature goes to `body` as soon as it is parsed, so a large
    /// file never exists as one tree. Returns the issues (tolerated syntax, skipped entries).
    static func forEachFeature(path: String, name: String, _ body: (GeoJSONFeature) -> Void) throws(VenueError) -> [VenueIssue] {
        guard FileManager.default.fileExists(atPath: path) else { throw .missingFile(path: name) }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadable(path: name, reason: "\(IOErrorText.reason(error))")
        }
        var issues: [VenueIssue] = []
        var sawFeatures = false
        let root: JSONValue
        do {
            let parsed = try JSONParser().parseObject(data, streamingArrayMember: "features") { entry, position, _ in
                sawFeatures = true
                if let f = feature(entry, position: position, name: name, issues: &issues) { body(f) }
            }
            issues += parsed.warnings.map {
                VenueIssue.warning(SourceLocation(file: name, line: $0.position.line), "\($0.message) (tolerated)")
            }
            root = parsed.value
        } catch {
            throw .malformedJSON(path: name, line: error.position.line, column: error.position.column, reason: error.message)
        }
        guard case .object(let members) = root else {
            throw .invalidFeature(
                SourceLocation(file: name), problem: "expected a GeoJSON FeatureCollection object, found \(root.typeName)")
        }
        if let type = members["type"], type.string != "FeatureCollection" {
            throw .invalidFeature(
                SourceLocation(file: name, field: "type"),
                problem: "expected \"FeatureCollection\", found \(type.string.map { "\"\($0)\"" } ?? type.typeName)")
        }
        guard sawFeatures || members["features"]?.array != nil else {
            throw .invalidFeature(SourceLocation(file: name, field: "features"), problem: "missing or not an array")
        }
        return issues
    }
}

// MARK: - Typed property access

extension GeoJSONFeature {
    /// A required string property.
    func requiredString(_ key: String) throws(FeatureProblem) -> String {
        switch properties[key] {
        case .string(let s)?: return s
        case nil, .null?: throw FeatureProblem(key, "required property is missing")
        case let other?: throw FeatureProblem(key, "expected a string, found \(other.typeName)")
        }
    }

    /// An optional string property: `nil` when absent or `null`; wrong types are a problem.
    func optionalString(_ key: String) throws(FeatureProblem) -> String? {
        switch properties[key] {
        case .string(let s)?: return s
        case nil, .null?: return nil
        case let other?: throw FeatureProblem(key, "expected a string, found \(other.typeName)")
        }
    }

    /// An optional array of strings: `[]` when absent or `null`.
    func stringArray(_ key: String) throws(FeatureProblem) -> [String] {
        switch properties[key] {
        case nil, .null?: return []
        case .array(let items)?:
            var out: [String] = []
            out.reserveCapacity(items.count)
            for item in items {
                guard let s = item.string else {
                    throw FeatureProblem(key, "expected an array of strings, found an element of type \(item.typeName)")
                }
                out.append(s)
            }
            return out
        case let other?: throw FeatureProblem(key, "expected an array of strings, found \(other.typeName)")
        }
    }

    /// An optional finite number.
    func optionalNumber(_ key: String) throws(FeatureProblem) -> Double? {
        switch properties[key] {
        case .number(let d)?:
            guard d.isFinite else { throw FeatureProblem(key, "number is not finite") }
            return d
        case nil, .null?: return nil
        case let other?: throw FeatureProblem(key, "expected a number, found \(other.typeName)")
        }
    }

    /// An optional boolean.
    func optionalBool(_ key: String) throws(FeatureProblem) -> Bool? {
        switch properties[key] {
        case .bool(let b)?: return b
        case nil, .null?: return nil
        case let other?: throw FeatureProblem(key, "expected a boolean, found \(other.typeName)")
        }
    }
}

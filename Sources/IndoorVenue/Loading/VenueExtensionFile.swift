import IndoorJSON

/// IndoorNav's own additions to an IMDF archive: `indoornav.json` in the archive folder (optional).
///
/// ```json
/// {
///   "default_language": "en",
///   "direction_modes": [{"name": "stroller", "exclude": ["stairs", "escalator"], "accessible_only": false,
///                        "walking_speed_mps": 1.0}],
///   "universes": [{"id": "staff", "name": {"en": "Staff"}, "pois": ["poi-id"], "spaces": ["unit-id"]}],
///   "levels": {"<level id>": {"elevation_m": 4.5}},
///   "external_ids": {"<feature id>": ["ext-1"]},
///   "connectors": {"<connector id or unit id>": {"transition_type": "bridge", "accessible": true}}
/// }
/// ```
/// Every member is optional. Unknown members are warnings; members of the wrong type are `.error`
/// issues and are ignored, the rest of the file still applies.
public struct VenueExtensionFile: Hashable, Sendable {
    /// The file name inside an IMDF archive folder.
    public static let fileName = "indoornav.json"

    /// A universe (view) and the POIs and spaces it holds.
    public struct UniverseEntry: Hashable, Sendable {
        /// The universe's id and name.
        public var universe: Universe
        /// POIs in the universe, by id.
        public var poiIDs: [String]
        /// Spaces (units) in the universe, by id.
        public var spaceIDs: [String]
        /// A universe with its members.
        public init(universe: Universe, poiIDs: [String] = [], spaceIDs: [String] = []) {
            self.universe = universe; self.poiIDs = poiIDs; self.spaceIDs = spaceIDs
        }
    }

    /// Authored facts about one connector.
    public struct ConnectorOverride: Hashable, Sendable {
        /// Transition type id (`bridge`, `tunnel`, …), copied to ``Connector/transitionTypeID``.
        public var transitionType: String?
        /// Replaces the kind's default accessibility when given.
        public var isAccessible: Bool?
        /// An override; `nil` members leave the connector as loaded.
        public init(transitionType: String? = nil, isAccessible: Bool? = nil) {
            self.transitionType = transitionType; self.isAccessible = isAccessible
        }
    }

    /// Universes and their members, in file order.
    public var universes: [UniverseEntry] = []
    /// Level elevation above the venue's ground in metres, by level id.
    public var levelElevationsMeters: [String: Double] = [:]
    /// Extra external ids by feature id (any feature type).
    public var externalIDs: [String: [String]] = [:]
    /// By connector id or by the id of a unit the connector was derived from or refers to.
    public var connectors: [String: ConnectorOverride] = [:]
    /// Replaces the manifest language when given.
    public var defaultLanguage: String?
    /// Direction modes, in file order.
    public var directionModes: [VenueDirectionMode] = []

    /// An empty extension (no universes, elevations, external ids or overrides).
    public init() {}

    /// Parses the file's JSON. `issues` collects unknown members (warnings) and wrong types (errors).
    public static func parse(_ value: JSONValue, file: String, issues: inout [VenueIssue]) -> VenueExtensionFile {
        var out = VenueExtensionFile()
        guard case .object(let root) = value else {
            issues.append(.error(SourceLocation(file: file), "expected an object at the top level, found \(value.typeName); file ignored"))
            return out
        }
        func bad(_ field: String, _ id: String? = nil, _ message: String) {
            issues.append(.error(SourceLocation(file: file, featureID: id, field: field), message + "; ignored"))
        }
        for (key, member) in root.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "default_language":
                if let s = member.string { out.defaultLanguage = s } else { bad(key, nil, "expected a string, found \(member.typeName)") }
            case "universes":
                guard let list = member.array else { bad(key, nil, "expected an array, found \(member.typeName)"); continue }
                for (k, entry) in list.enumerated() {
                    guard let id = entry["id"]?.string else { bad("universes[\(k)].id", nil, "universe needs a string id"); continue }
                    let fallback = out.defaultLanguage ?? "en"
                    let name = (try? LocalizedName.parse(entry["name"], field: "name", defaultLanguage: fallback)) ?? LocalizedName()
                    guard let pois = stringList(entry["pois"]), let spaces = stringList(entry["spaces"]) else {
                        bad("universes[\(k)]", id, "pois and spaces must be arrays of ids"); continue
                    }
                    out.universes.append(UniverseEntry(universe: Universe(id: id, name: name), poiIDs: pois, spaceIDs: spaces))
                }
            case "levels":
                guard let levels = member.object else {
                    bad(key, nil, "expected an object by level id, found \(member.typeName)"); continue
                }
                for (id, entry) in levels {
                    guard let e = entry["elevation_m"]?.double, e.isFinite else {
                        bad("levels.elevation_m", id, "expected a finite number of metres"); continue
                    }
                    out.levelElevationsMeters[id] = e
                }
            case "external_ids":
                guard let map = member.object else { bad(key, nil, "expected an object by feature id, found \(member.typeName)"); continue }
                for (id, entry) in map {
                    if let single = entry.string {
                        out.externalIDs[id, default: []].append(single)
                    } else if let list = stringList(entry) {
                        out.externalIDs[id, default: []] += list
                    } else {
                        bad(key, id, "expected an array of strings, found \(entry.typeName)")
                    }
                }
            case "direction_modes":
                guard let list = member.array else { bad(key, nil, "expected an array, found \(member.typeName)"); continue }
                for (k, entry) in list.enumerated() {
                    guard let name = entry["name"]?.string else {
                        bad("direction_modes[\(k)].name", nil, "a direction mode needs a string name"); continue
                    }
                    guard let excluded = stringList(entry["exclude"]) else {
                        bad("direction_modes[\(k)].exclude", name, "expected an array of connector kinds"); continue
                    }
                    var kinds: Set<ConnectorKind> = []
                    var unknown: String?
                    for text in excluded { if let kind = ConnectorKind(rawValue: text) { kinds.insert(kind) } else { unknown = text } }
                    if let unknown { bad("direction_modes[\(k)].exclude", name, "unknown connector kind '\(unknown)'"); continue }
                    let accessible = entry["accessible_only"] ?? .null
                    guard accessible.isNull || accessible.bool != nil else {
                        bad("direction_modes[\(k)].accessible_only", name, "expected a boolean"); continue
                    }
                    let speed = entry["walking_speed_mps"] ?? .null
                    if !speed.isNull {
                        guard let v = speed.double, (0.5...2.0).contains(v) else {
                            bad("direction_modes[\(k)].walking_speed_mps", name, "expected a number in 0.5...2.0"); continue
                        }
                    }
                    out.directionModes.append(
                        VenueDirectionMode(
                            name: name, excludedConnectors: kinds, accessibleOnly: accessible.bool ?? false,
                            walkingSpeedMetersPerSecond: speed.double))
                }
            case "connectors":
                guard let map = member.object else {
                    bad(key, nil, "expected an object by connector id, found \(member.typeName)"); continue
                }
                for (id, entry) in map {
                    let transition = entry["transition_type"] ?? .null
                    let accessible = entry["accessible"] ?? .null
                    guard case .object = entry, transition.isNull || transition.string != nil, accessible.isNull || accessible.bool != nil
                    else { bad(key, id, "expected {\"transition_type\": string, \"accessible\": bool}"); continue }
                    out.connectors[id] = ConnectorOverride(transitionType: transition.string, isAccessible: accessible.bool)
                }
            default:
                issues.append(.warning(SourceLocation(file: file, field: key), "unknown member; ignored"))
            }
        }
        return out
    }

    /// An array of strings; `[]` when absent; `nil` for anything else.
    private static func stringList(_ value: JSONValue?) -> [String]? {
        guard let value, !value.isNull else { return [] }
        guard let items = value.array else { return nil }
        var out: [String] = []
        for item in items { guard let s = item.string else { return nil }; out.append(s) }
        return out
    }
}

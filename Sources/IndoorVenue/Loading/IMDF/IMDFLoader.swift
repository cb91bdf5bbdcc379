import Foundation
import IndoorGeometry
import IndoorJSON

/// Loads an IMDF archive folder (`manifest.json` plus one `<feature_type>.geojson` per feature type)
/// into a ``Venue``.
///
/// Required: `manifest.json`, `venue.geojson`, `level.geojson`, `unit.geojson`. Read when present:
/// `building`, `section`, `footprint`, `opening`, `anchor`, `amenity`, `occupant`, `relationship`, the
/// extension file ``VenueExtensionFile`` and an authored graph (in the folder, or beside it in a folder
/// holding only this archive). Other files are reported as warnings.
/// A feature that cannot be used is skipped with an `.error` issue; the rest still loads.
public enum IMDFLoader {
    /// Files the loader must find.
    public static let requiredFiles = ["manifest.json", "venue.geojson", "level.geojson", "unit.geojson"]
    /// Files the loader reads or knowingly ignores (no warning for these).
    static let knownFiles: Set<String> = [
        "manifest.json", "venue.geojson", "level.geojson", "unit.geojson", "building.geojson", "section.geojson",
        "footprint.geojson", "opening.geojson", "anchor.geojson", "amenity.geojson", "occupant.geojson",
        "relationship.geojson", "address.geojson", "detail.geojson", "fixture.geojson", "geofence.geojson",
        "kiosk.geojson", "annotation.geojson", VenueExtensionFile.fileName, NavPathGraphLoader.fileName,
        NavPathGraphLoader.associationFileName, NodeEdgeGraphLoader.defaultFileName, NodeEdgeGraphLoader.nodeFileName,
        NodeEdgeGraphLoader.edgeFileName,
    ]

    /// Whether `folder` looks like an IMDF archive (holds `manifest.json`).
    public static func isArchive(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("manifest.json"))
    }

    /// Loads the archive in `folder`, then its graph (authored, or built by
    /// ``VenueLoadOptions/graphWhenNoneAuthored``).
    public static func load(folder: String, options: VenueLoadOptions = VenueLoadOptions()) throws(VenueError) -> Venue {
        var archive = IMDFArchive(folder: folder, options: options)
        let venue = try archive.loadFeatures()
        // The folder around the archive, when it holds no other archive, may hold the graph beside it.
        let parent = (folder as NSString).deletingLastPathComponent
        let beside = !parent.isEmpty && parent != folder && VenueFormat.imdf.detect(parent) == folder ? parent : nil
        return try AuthoredGraphImport.attachGraph(to: venue, folder: folder, beside: beside, options: options)
    }
}

/// The state of one IMDF load: what has been read so far and the issues found.
struct IMDFArchive {
    let folder: String
    let options: VenueLoadOptions
    var issues: [VenueIssue] = []
    var defaultLanguage = "en"
    var geometry = GeoJSONGeometryReader(frame: LocalFrame(reference: GeoCoordinate(latitudeDegrees: 0, longitudeDegrees: 0)))
    var extensionFile = VenueExtensionFile()

    var buildings: [Building] = []
    var levels: [Level] = []
    var levelIndexByID: [String: Int] = [:]
    var spaces: [Space] = []
    var spaceIndexByID: [String: Int] = [:]
    /// `display_point` of units that give one.
    var unitDisplayPoints: [String: LocalPoint] = [:]
    var openings: [Opening] = []
    var openingIndexByID: [String: Int] = [:]
    var anchors: [String: (point: LocalPoint, unitID: String)] = [:]
    var pois: [PointOfInterest] = []
    var connectors: [Connector] = []
    /// Units referred to by relationship connectors (not derived again from stacking).
    var unitsInRelationships: Set<String> = []
    /// Units behind each connector (by index into `connectors`), for extension-file overrides by unit id.
    var connectorUnitIDs: [Int: [String]] = [:]
    /// Every feature id seen, with its file, to report ids used twice.
    var fileOfFeatureID: [String: String] = [:]

    init(folder: String, options: VenueLoadOptions) { self.folder = folder; self.options = options }

    func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

    /// Reads a feature collection, collecting its warnings.
    mutating func collection(_ name: String) throws(VenueError) -> GeoJSONFile {
        let (file, found) = try GeoJSONReader.readFeatureCollection(path: path(name), name: name)
        issues += found
        return file
    }

    /// Reads an optional feature collection; `nil` when the file is absent.
    mutating func optionalCollection(_ name: String) throws(VenueError) -> GeoJSONFile? {
        exists(name) ? try collection(name) : nil
    }

    /// Records a skipped feature.
    mutating func skip(_ problem: FeatureProblem, file: String, feature: GeoJSONFeature) {
        issues.append(
            .error(SourceLocation(file: file, featureID: feature.label, field: problem.field), problem.message + "; feature skipped"))
    }

    /// Records a tolerated problem in an optional property.
    mutating func note(_ problem: FeatureProblem, file: String, feature: GeoJSONFeature) {
        issues.append(problem.issue(file: file, featureID: feature.label, severity: .warning))
    }

    /// The feature's id, registered as seen; duplicate ids are an error.
    mutating func requireID(_ feature: GeoJSONFeature, file: String) throws(FeatureProblem) -> String {
        guard let id = feature.id, !id.isEmpty else { throw FeatureProblem("id", "feature has no id") }
        if let other = fileOfFeatureID[id] {
            throw FeatureProblem("id", "id is already used by a feature in \(other)")
        }
        fileOfFeatureID[id] = file
        return id
    }

    /// The feature's `level_id` (required), which must name a level already read.
    func requireLevelID(_ feature: GeoJSONFeature) throws(FeatureProblem) -> String {
        let levelID = try feature.requiredString("level_id")
        guard levelIndexByID[levelID] != nil else { throw FeatureProblem("level_id", "refers to unknown level '\(levelID)'") }
        return levelID
    }

    /// A localized name, or an empty one with a warning when malformed.
    mutating func name(_ feature: GeoJSONFeature, _ key: String = "name", file: String) -> LocalizedName {
        do { return try feature.localizedName(key, defaultLanguage: defaultLanguage) } catch {
            note(error, file: file, feature: feature)
            return LocalizedName()
        }
    }

    /// External ids from the feature's properties and the extension file.
    mutating func externalIDs(_ feature: GeoJSONFeature, id: String, file: String) -> [String] {
        var out: [String]
        do { out = try feature.externalIDs() } catch { note(error, file: file, feature: feature); out = [] }
        return out + (extensionFile.externalIDs[id] ?? [])
    }

    /// An optional string property, or `nil` with a warning when it has the wrong type.
    mutating func optionalString(_ feature: GeoJSONFeature, _ key: String, file: String) -> String? {
        do { return try feature.optionalString(key) } catch { note(error, file: file, feature: feature); return nil }
    }

    /// Loads every feature family and returns the venue with an empty graph.
    mutating func loadFeatures() throws(VenueError) -> Venue {
        for name in IMDFLoader.requiredFiles where !exists(name) { throw .missingFile(path: path(name)) }
        let (manifest, manifestWarnings) = try GeoJSONReader.readJSON(path: path("manifest.json"), name: "manifest.json")
        issues += manifestWarnings
        guard case .object = manifest else {
            throw .invalidFeature(SourceLocation(file: "manifest.json"), problem: "expected an object, found \(manifest.typeName)")
        }
        if let language = manifest["language"]?.string, !language.isEmpty { defaultLanguage = language }
        try readExtensionFile()
        if let language = extensionFile.defaultLanguage { defaultLanguage = language }
        reportUnknownFiles()

        let venueFeature = try readVenueFeature()
        try readBuildings()
        try readLevels()
        try readSections()
        try readUnits()
        try readOpenings()
        try readPOIs()
        try readRelationships()
        deriveStackedConnectors()
        applyExtension()

        let venueID = venueFeature.id ?? "venue"
        return Venue(
            id: venueID, name: name(venueFeature, file: "venue.geojson"),
            category: optionalString(venueFeature, "category", file: "venue.geojson"),
            defaultLanguage: defaultLanguage, frame: geometry.frame, buildings: buildings, levels: levels,
            spaces: spaces, openings: openings, pois: pois, connectors: connectors,
            universes: extensionFile.universes.map(\.universe), graph: .empty,
            version: manifest["version"]?.string, issues: issues, directionModes: extensionFile.directionModes)
    }

    /// Reads `indoornav.json` when present.
    private mutating func readExtensionFile() throws(VenueError) {
        guard exists(VenueExtensionFile.fileName) else { return }
        let (value, warnings) = try GeoJSONReader.readJSON(path: path(VenueExtensionFile.fileName), name: VenueExtensionFile.fileName)
        issues += warnings
        extensionFile = VenueExtensionFile.parse(value, file: VenueExtensionFile.fileName, issues: &issues)
    }

    /// Warns about files IMDF does not define and the loader does not read.
    private mutating func reportUnknownFiles() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted() where !IMDFLoader.knownFiles.contains(name) && !name.hasPrefix(".") {
            issues.append(.warning(SourceLocation(file: name), "file is not an IMDF feature file IndoorNav reads; ignored"))
        }
    }

    /// The venue feature; fixes the local frame at its display point or centroid.
    private mutating func readVenueFeature() throws(VenueError) -> GeoJSONFeature {
        let file = try collection("venue.geojson")
        guard let feature = file.features.first else {
            throw .invalidFeature(SourceLocation(file: file.name, field: "features"), problem: "the venue file has no feature")
        }
        if file.features.count > 1 {
            issues.append(.warning(SourceLocation(file: file.name), "\(file.features.count) venue features; only the first is used"))
        }
        do {
            let reference = try GeoJSONGeometryReader.referenceCoordinate(
                displayPoint: feature.properties["display_point"],
                geometry: feature.geometry)
            geometry = GeoJSONGeometryReader(frame: LocalFrame(reference: reference))
        } catch {
            throw .invalidFeature(SourceLocation(file: file.name, featureID: feature.label, field: error.field), problem: error.message)
        }
        if let id = feature.id { fileOfFeatureID[id] = file.name }
        return feature
    }
}

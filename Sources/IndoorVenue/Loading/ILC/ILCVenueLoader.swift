import Foundation
import IndoorGeometry

/// Loads a Microsoft Indoor Location Competition (ILC 2.0) site: a folder of floor folders (`B1`, `F1`,
/// …), each holding `floor_info.json` (map size in metres) and `geojson_map.json` (floor outline and
/// shop polygons in lon/lat).
///
/// What becomes what:
/// - each floor folder → a ``Level`` with id, name and short name = the folder name, ordinal and floor
///   number by the rule in `ILCFloorName` (`F<n>` → ordinal n − 1, `B<n>` → −n; unknown names get a
///   warning and the ordinals above the known ones), outline = the floor outline (disjoint parts
///   joined into one ring, see `ILCOutlineJoin`), and a
///   ``FloorFrame`` mapping ILC waypoint metres (origin at the floor map's south-west corner, x east,
///   y north) onto the venue frame;
/// - each outline part → a walkable `walkway` ``Space`` `<level>-floor-<k>` (some floors have two);
/// - each shop polygon → a non-walkable `shop` ``Space`` with the shop's `id`, and, when named, a `shop`
///   ``PointOfInterest`` with the same id at its `point` property (web Mercator) when that lies in the
///   polygon, else at the polygon centroid.
///
/// The venue frame's reference is the south-west corner of the union of all floors' outline boxes.
/// Every venue point is computed through its floor's ``FloorFrame`` (see `ILCFloorMapping`), so ILC
/// waypoints land exactly where the competition puts them. The data has no connectors and no graph:
/// the venue's graph is empty and is derived from the geometry by the caller.
public enum ILCVenueLoader {
    /// Language code under which names are stored (site names are Latin script: brands and pinyin).
    public static let nameLanguage = "en"
    /// Per-floor file with `map_info.width` / `map_info.height` in metres.
    public static let floorInfoFileName = "floor_info.json"
    /// Per-floor GeoJSON map.
    public static let mapFileName = "geojson_map.json"

    /// Whether `path` is a folder with at least one subfolder holding a floor file. Never throws.
    public static func isILCFolder(_ path: String) -> Bool {
        !floorFolders(in: path).isEmpty
    }

    /// Loads the site at `path`.
    ///
    /// Throws a ``VenueError`` naming the file (and line, field) when a floor cannot be placed: a
    /// missing or malformed `floor_info.json` / `geojson_map.json`, a map size that is not a positive
    /// number, an outline that is missing or not a polygon. A shop it cannot use is skipped with an
    /// `.error` issue. - Complexity: O(total vertices)
    public static func load(path: String) throws(VenueError) -> Venue {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .missingFile(path: path)
        }
        let folderNames = floorFolders(in: path)
        guard !folderNames.isEmpty else {
            throw .unsupportedFormat(path: path, reason: "no floor folder with \(floorInfoFileName) or \(mapFileName)")
        }
        var floors: [ILCFloorSource] = []
        for name in folderNames { floors.append(try ILCFloorSource.read(folder: path + "/" + name, name: name)) }

        var issues = floors.flatMap(\.issues)
        let assignments = ILCFloorName.assign(folderNames)
        for (floor, assignment) in zip(floors, assignments) {
            let location = SourceLocation(file: path + "/" + floor.folderName)
            if !assignment.isKnown {
                issues.append(
                    .warning(
                        location,
                        "floor name does not follow F<n>/B<n> (or names an ordinal twice); "
                            + "given ordinal \(assignment.ordinal) by name order"))
            } else if let declared = floor.declaredFloorNumber, Double(declared) != assignment.floorNumber {
                issues.append(
                    .warning(
                        SourceLocation(file: path + "/" + floor.folderName + "/" + mapFileName, field: "floor_num"),
                        "floor_num \(declared) disagrees with the folder name; the folder name wins"))
            }
        }

        let reference = GeoCoordinate(
            latitudeDegrees: floors.map(\.mapping.latMinDegrees).min() ?? 0,
            longitudeDegrees: floors.map(\.mapping.lonMinDegrees).min() ?? 0)
        let frame = LocalFrame(reference: reference)
        let venueID = URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
        let buildingID = venueID + "-building"

        var levels: [Level] = []
        var spaces: [Space] = []
        var pois: [PointOfInterest] = []
        for (floor, assignment) in zip(floors, assignments) {
            let placed = place(
                floor, ordinal: assignment.ordinal, floorNumber: assignment.floorNumber, frame: frame,
                buildingID: buildingID)
            levels.append(placed.level)
            spaces += placed.spaces
            pois += placed.pois
            issues += placed.issues
        }
        return Venue(
            id: venueID, name: LocalizedName(venueID, language: nameLanguage), category: nil,
            defaultLanguage: nameLanguage, frame: frame,
            buildings: [Building(id: buildingID, name: LocalizedName(venueID, language: nameLanguage))],
            levels: levels, spaces: spaces, openings: [], pois: pois, connectors: [], graph: .empty,
            issues: issues)
    }

    /// Names of the subfolders holding a floor file, in byte order.
    static func floorFolders(in path: String) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        return entries.filter { name in
            guard !name.hasPrefix(".") else { return false }
            var isDirectory: ObjCBool = false
            let folder = path + "/" + name
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { return false }
            return FileManager.default.fileExists(atPath: folder + "/" + floorInfoFileName)
                || FileManager.default.fileExists(atPath: folder + "/" + mapFileName)
        }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}

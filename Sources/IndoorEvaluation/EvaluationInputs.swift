import Foundation
import IndoorGeometry
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// Inputs shared by the scoring runs (`eval`, `eval-providers`, `survey`, `replay`): folder walking,
/// beacon registries and venues. Recordings are read by ``LoadedRecording/read(_:venue:registry:)``.
public enum EvaluationInputs {
    /// Files under the paths (folders walked recursively, sorted) with one of `extensions`. Symbolic
    /// links are followed, to folders as to files (a data set linked into a work folder is walked like
    /// the original); a folder reached again through a link is walked once.
    /// - Throws: ``EvaluationInputError/pathNotFound(command:path:)`` naming a path that does not exist.
    public static func collectFiles(_ paths: [String], extensions: Set<String>, command: String) throws -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw EvaluationInputError.pathNotFound(command: command, path: path)
            }
            guard isDirectory.boolValue else { files.append(path); continue }
            var visited: Set<String> = []
            var found: [String] = []
            walk(path, extensions: extensions, visited: &visited, into: &found)
            files += found.sorted()
        }
        return files
    }

    /// Appends the files under `folder` with one of `extensions` to `found`, following symbolic links
    /// (`fileExists` resolves them); `visited` holds the real paths of the folders walked, so a link
    /// back up the tree ends the walk there.
    private static func walk(_ folder: String, extensions: Set<String>, visited: inout Set<String>, into found: inout [String]) {
        let manager = FileManager.default
        let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardizedFileURL.path
        guard visited.insert(real).inserted, let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() {
            let path = (folder as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }  // a dangling link
            if isDirectory.boolValue {
                walk(path, extensions: extensions, visited: &visited, into: &found)
            } else if extensions.contains((name as NSString).pathExtension.lowercased()) {
                found.append(path)
            }
        }
    }

    /// An IPIN `BLE_Locations.csv` (by extension) or an `indoornav-beacons` registry.
    public static func loadRegistry(
        path: String, txPowerDbm: Double = BeaconRegistry.defaultTxPowerDbm,
        pathLossExponent: Double? = nil
    ) throws -> BeaconRegistry {
        path.lowercased().hasSuffix(".csv")
            ? try BeaconRegistry.importIPINLocations(path: path, txPowerDbm: txPowerDbm, pathLossExponent: pathLossExponent)
            : try BeaconRegistry.load(path: path)
    }

    /// An ILC site folder (read directly, without deriving its navigation graph unless `withGraph`) or
    /// any format `VenueLoader` reads (graph included).
    public static func loadVenue(path: String, withGraph: Bool = false) throws -> Venue {
        ILCVenueLoader.isILCFolder(path) && !withGraph ? try ILCVenueLoader.load(path: path) : try VenueLoader.load(path: path)
    }

    /// Why a file that failed to read is skipped: "not a recording" for an unrecognised format, else the
    /// error itself (which names the file and line).
    public static func skipReason(for error: any Error) -> String {
        if let error = error as? RecordingError, case .unrecognisedFormat = error { return "not a recording" }
        return "\(error)"
    }

    /// A frame at the mean latitude/longitude of the registry's geographic beacons.
    public static func beaconCentroidFrame(_ registry: BeaconRegistry) -> LocalFrame? {
        let coordinates = registry.beacons.compactMap { beacon -> GeoCoordinate? in
            if case .geographic(let c) = beacon.position { return c }
            return nil
        }
        guard !coordinates.isEmpty else { return nil }
        let n = Double(coordinates.count)
        return LocalFrame(
            reference: GeoCoordinate(
                latitudeDegrees: coordinates.map(\.latitudeDegrees).reduce(0, +) / n,
                longitudeDegrees: coordinates.map(\.longitudeDegrees).reduce(0, +) / n))
    }

    /// The floor frame of the venue level a truth level names.
    public static func floorFrame(for level: LevelReference?, in venue: Venue?) -> FloorFrame? {
        guard let venue, let level else { return nil }
        let name: String
        switch level {
        case .levelId(let id): name = id
        case .floorName(let floor): name = floor
        case .floorNumber(let n): name = String(Int(n))
        }
        return (try? venue.level(name))?.floorFrame
    }
}

/// Bad input to an evaluation run, naming what and where.
public enum EvaluationInputError: Error, CustomStringConvertible, Equatable {
    /// A recording path given to `command` that does not exist.
    case pathNotFound(command: String, path: String)

    /// The message, with where the public data sets come from.
    public var description: String {
        switch self {
        case .pathNotFound(let command, let path):
            "\(command): \(path) does not exist (the public data sets, where to download them and "
                + "where the tests look for them are listed in README.md, \"Data\")"
        }
    }
}

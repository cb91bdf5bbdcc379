import Foundation
import IndoorGeometry
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// Inputs shared by the scoring commands (`eval`, `eval-providers`): folder walking, beacon registries,
/// venues, and recordings read with their ground truth put into the local frame.
enum EvaluationInputs {
    /// A recording's samples in time order and its ground truth in the scoring frame.
    struct LoadedRecording {
        var format: String
        var samples: [SensorSample]
        /// The ground truth, validated once (nil when the recording has none).
        var truth: GroundTruthTrack?
        /// True when ILC waypoints stayed in the floor plan's own frame (no venue level with a floor frame).
        var usedFloorFrame: Bool
        /// The frame geographic positions were converted with.
        var frame: LocalFrame?
        /// The Unix time (seconds) of the recording's time zero, when its header tells it (ILC `startTime`).
        var startEpochSeconds: Double? = nil
    }

    /// Files under the paths (folders walked recursively, sorted) with one of `extensions`. Symbolic
    /// links are followed, to folders as to files (a data set linked into a work folder is walked like
    /// the original); a folder reached again through a link is walked once.
    /// - Throws: ``ToolFailure`` naming a path that does not exist (and where the public data sets come from).
    static func collectFiles(_ paths: [String], extensions: Set<String>, command: String) throws -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ToolFailure(
                    "\(command): \(path) does not exist (the public data sets, where to download them and "
                        + "where the tests look for them are listed in README.md, \"Data\")")
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
    static func loadRegistry(
        path: String, txPowerDbm: Double = BeaconRegistry.defaultTxPowerDbm,
        pathLossExponent: Double? = nil
    ) throws -> BeaconRegistry {
        path.lowercased().hasSuffix(".csv")
            ? try BeaconRegistry.importIPINLocations(path: path, txPowerDbm: txPowerDbm, pathLossExponent: pathLossExponent)
            : try BeaconRegistry.load(path: path)
    }

    /// An ILC site folder (read directly, without deriving its navigation graph unless `withGraph`) or
    /// any format `VenueLoader` reads (graph included).
    static func loadVenue(path: String, withGraph: Bool = false) throws -> Venue {
        ILCVenueLoader.isILCFolder(path) && !withGraph ? try ILCVenueLoader.load(path: path) : try VenueLoader.load(path: path)
    }

    /// Reads a recording (format detected), in time order, with its truth in the local frame: the venue
    /// frame, else a frame at the beacons' centroid, else at the first geographic truth point. ILC
    /// floor-frame waypoints use the venue level's floor frame when there is one. The truth is validated
    /// here, once (``GroundTruthTrack``: a non-finite point is an error naming the file and line).
    static func readRecording(_ file: String, venue: Venue?, registry: BeaconRegistry?) throws -> LoadedRecording {
        let reader = try RecordingReader(path: file)
        let player = try RecordingPlayer(source: reader)
        var samples: [SensorSample] = []
        // Room for as many samples as the file could hold at 64 bytes a line (the formats' lines are
        // longer), so the array is not regrown and copied while it fills; pages never filled cost nothing.
        let fileBytes = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? nil
        samples.reserveCapacity((fileBytes ?? 0) / 64)
        var truthSamples: [(Double, GroundTruthPosition, Int?)] = []
        while let event = try player.next() {
            guard case .sample(let sample) = event else { continue }
            samples.append(sample)
            if case .groundTruth(let truth) = sample.reading { truthSamples.append((sample.timeSeconds, truth, player.lastPlayedLine)) }
        }
        let frame =
            venue?.frame ?? registry.flatMap(beaconCentroidFrame)
            ?? truthSamples.lazy.compactMap {
                if case .geographic(let c) = $0.1.location { return LocalFrame(reference: c) } else { return nil }
            }.first
        var usedFloorFrame = false
        let truth: [TruthPoint] = truthSamples.compactMap { time, position, line in
            let point: LocalPoint?
            switch position.location {
            case .local(let p): point = p
            case .geographic(let c): point = frame?.localPoint(from: c)
            case .floorFrame(let f):
                if let floorFrame = floorFrame(for: position.level, in: venue) {
                    point = floorFrame.venuePoint(floorX: f.xMeters, floorY: f.yMeters)
                } else {
                    usedFloorFrame = true
                    point = LocalPoint(x: f.xMeters, y: f.yMeters)
                }
            }
            return point.map { TruthPoint(timeSeconds: time, point: $0, level: position.level, line: line) }
        }
        return LoadedRecording(
            format: reader.format.rawValue, samples: samples,
            truth: truth.isEmpty ? nil : try GroundTruthTrack(truth, source: file),
            usedFloorFrame: usedFloorFrame, frame: frame,
            startEpochSeconds: reader.header.source["startTimeEpochMs"].flatMap(Double.init).map { $0 / 1000 })
    }

    /// Why a file that failed to read is skipped: "not a recording" for an unrecognised format, else the
    /// error itself (which names the file and line).
    static func skipReason(for error: any Error) -> String {
        if let error = error as? RecordingError, case .unrecognisedFormat = error { return "not a recording" }
        return "\(error)"
    }

    /// A frame at the mean latitude/longitude of the registry's geographic beacons.
    static func beaconCentroidFrame(_ registry: BeaconRegistry) -> LocalFrame? {
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
    static func floorFrame(for level: LevelReference?, in venue: Venue?) -> FloorFrame? {
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

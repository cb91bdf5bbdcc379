import Foundation
import IndoorGeometry
import IndoorJSON

/// Writes a synthetic multi-tower venue as an IMDF archive folder plus an authored navigation graph
/// (`graph.geojson`), for load, routing and rendering benchmarks at any size.
///
/// Output files: `manifest.json`, `venue`, `building` (one per tower), `level` (parking levels P1, P2, …
/// below ground, then L0 …), `unit` (corridors, spines, rooms, parking bays and aisles, elevators,
/// stairs, escalators, ramps), `opening` (a door per room), `amenity`, `occupant`, `anchor`,
/// `relationship` (elevators across all levels; stairs, escalators (directed), ramps and car ramps per
/// flight) `.geojson`, and `graph.geojson` in the generic node/edge format. Names are in English and
/// German. The layout is described in `SyntheticVenuePlanner`; the seed only picks room categories and
/// names, so geometry and counts depend on the configuration alone and the bytes on configuration and
/// seed (no clock, no global random generator).
///
/// Graph nodes, with R rooms per corridor side, C corridors, T towers, N levels and P parking levels:
///
///     waypoints per tower plate  W = C·(4R + 3) + 18·(C − 1)
///     above-ground plate         W + 6RC        (door, room or connector node, POI node per room)
///     parking plate              W + 4RC + 4    (bays have no POI; 6 connector slots do)
///     links between towers       15·(T − 1) per ground and parking level
///     total = T·(N·(W + 6RC) + P·(W + 4RC + 4)) + 15·(T − 1)·(1 + P)
///
/// (the ground level adds nothing: its drop-off replaces a room). Defaults (R 32, C 8, T 2, N 40,
/// P 1): 221,234 nodes. Car ramps are written as IMDF `ramp` relationships (IMDF has no vehicle ramp);
/// their graph edges carry `kind: driveRamp` and `modes: ["vehicle"]`.
public struct SyntheticVenueGenerator: Sendable {
    /// What was written.
    public struct Summary: Hashable, Sendable {
        /// Feature counts per IMDF feature type.
        public var levels = 0, buildings = 0, units = 0, openings = 0, amenities = 0, occupants = 0, anchors = 0
        /// IMDF relationships (one per connector).
        public var relationships = 0
        /// Node and edge features in `graph.geojson`.
        public var graphNodes = 0, graphEdges = 0
        /// Total size of the files written, in bytes.
        public var bytesWritten = 0
        /// Names of the files written, in writing order.
        public var files: [String] = []
    }

    /// What to build.
    public let configuration: SyntheticVenueConfiguration

    /// A generator for `configuration` (checked by ``write(to:overwrite:)``).
    public init(configuration: SyntheticVenueConfiguration) { self.configuration = configuration }

    /// The venue's local frame: reference at the configured origin (the first tower's south-west corner).
    public var frame: LocalFrame { LocalFrame(reference: configuration.origin) }

    /// Writes the venue into `directory`, creating it when missing.
    ///
    /// Refuses an invalid configuration (``SyntheticVenueConfiguration/validated()``) and a non-empty
    /// directory unless `overwrite` is true; then the generator's own files are
    /// replaced and any other file is left alone. - Complexity: O(size of the output)
    public func write(to directory: String, overwrite: Bool = false) throws(SyntheticVenueError) -> Summary {
        _ = try configuration.validated()
        try prepare(directory, overwrite: overwrite)
        var planner = SyntheticVenuePlanner(configuration: configuration)
        let plan = planner.makePlan()
        var summary = Summary()
        summary.levels = plan.levels.count
        summary.buildings = plan.buildings.count
        summary.units = plan.units.count
        summary.openings = plan.openings.count
        summary.amenities = plan.pois.filter { $0.kind == .amenity }.count
        summary.occupants = plan.pois.count - summary.amenities
        summary.anchors = summary.occupants
        summary.relationships = plan.relationships.count
        summary.graphNodes = plan.nodes.count
        summary.graphEdges = plan.edges.count
        let writer = SyntheticVenueFileWriter(plan: plan, configuration: configuration, frame: frame, directory: directory)
        try writer.writeAll(into: &summary)
        return summary
    }

    private func prepare(_ directory: String, overwrite: Bool) throws(SyntheticVenueError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .unwritable(path: directory, reason: "exists and is not a directory") }
            let contents: [String]
            do { contents = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
                throw .unwritable(path: directory, reason: "cannot list: \(IOErrorText.reason(error))")
            }
            if !contents.isEmpty && !overwrite { throw .outputNotEmpty(path: directory) }
        } else {
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw .unwritable(path: directory, reason: "cannot create directory: \(IOErrorText.reason(error))")
            }
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw .unwritable(path: directory, reason: "permission denied")
        }
    }
}

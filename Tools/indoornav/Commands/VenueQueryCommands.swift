import Foundation
import IndoorCommandLine
import IndoorGeometry
import IndoorJSON
import IndoorPlot
import IndoorRouting
import IndoorVenue

/// `indoornav venue validate PATH [--graph derived|authored|FILE] [--json]`: exit 0 when usable
/// (warnings printed), 1 with one line per error. Then, for each unit with openings, whether a route can
/// reach it and if not why (`UnitReachability`): unreachable units are warnings
/// (`unit.geojson: ID: reachability: reason`), followed by a count; `--json` lists every unit.
enum VenueValidateCommand {
    static let spec = CommandSpec(
        path: ["venue", "validate"], summary: "check a venue: errors, warnings, and which units with openings routes cannot reach and why",
        positionals: [SharedOptions.venue],
        options: [SharedOptions.graph, SharedOptions.json],
        notes: ["Exit status 1 when the venue has errors (one line each); unreachable units are warnings."],
        examples: ["venue validate Recordings/venues/campus --graph derived"],
        run: run)

    static func run(_ args: inout Arguments) throws -> Int32 {
        let path = try args.positional("venue path")
        let graph = try args.option("--graph")
        let json = args.flag("--json")
        try args.finish()
        let venue: Venue
        do { venue = try VenueLoader.load(path: path, options: graph.map(VenueGraphChoice.options) ?? VenueLoadOptions()) } catch {
            print("\(error)")
            return 1
        }
        let issues = VenueValidator.validate(venue)
        let errors = issues.filter { $0.severity == .error }
        let reach = UnitReachability(index: RoutingIndex(venue: venue))
        if json {
            let units: [JSONValue] = reach.units.map { u in
                [
                    "id": .string(u.id), "level": .string(u.levelID), "building": .optional(u.buildingID),
                    "openings": .number(Double(u.openingCount)), "reachable": .bool(u.isReachable),
                    "reason": .optional(u.reason.map { "\($0)" }),
                ]
            }
            let result: JSONValue = [
                "errors": .array(errors.map { .string("\($0)") }),
                "warnings": .array(issues.filter { $0.severity == .warning }.map { .string("\($0)") }),
                "units": .array(units),
                "unitsWithOpenings": .number(Double(reach.units.count)),
                "reachableUnits": .number(Double(reach.units.count - reach.unreachable.count)),
            ]
            print(result.serialized(pretty: true))
            return errors.isEmpty ? 0 : 1
        }
        for issue in issues where issue.severity == .warning { warn("warning: \(issue)") }
        for issue in errors { print("\(issue)") }
        for unit in reach.unreachable {
            warn("warning: unit.geojson: \(unit.id): reachability: \(unit.reason.map { "\($0)" } ?? "")")
        }
        warn(
            "\(errors.count) errors, \(issues.count - errors.count) warnings; "
                + "\(reach.units.count - reach.unreachable.count) of \(reach.units.count) units with openings reachable")
        return errors.isEmpty ? 0 : 1
    }
}

/// `indoornav venue at PATH --point x,y --level LEVEL [--graph …] [--json]`: the space and POI at a local point.
enum VenueAtCommand {
    static let spec = CommandSpec(
        path: ["venue", "at"], summary: "the space and POI at a point of a level",
        positionals: [SharedOptions.venue],
        options: [
            .value("--point", "x,y", "the point in the venue's local frame, metres", example: "--point 5,4", required: true),
            .value("--level", "LEVEL", "a level id, ordinal, floor number or name", example: "--level lvl-a0", required: true),
            SharedOptions.json, SharedOptions.languages, SharedOptions.graph,
        ],
        exitNotes: [2: "nothing of the venue is at the point"],
        examples: ["venue at Recordings/venues/campus --point 5,4 --level lvl-a0"],
        run: run)

    static func run(_ args: inout Arguments) throws -> Int32 {
        let path = try args.positional("venue path")
        let pointText = try args.required("--point")
        let levelRef = try args.required("--level")
        let json = args.flag("--json")
        let languages = try args.options("--lang")
        let graph = try args.option("--graph")
        try args.finish()
        let point = try parsePoint(pointText, flag: "--point")
        let venue = try VenueGraphChoice.load(path, graph: graph)
        let levelIndex = try venue.levelIndex(levelRef)
        // The same lookup as the service's GET /venues/{id}/at.
        let found = venue.lookup(at: point, levelIndex: levelIndex)
        let space = found.spaceIndex.map { venue.spaces[$0] }
        let levelID = venue.levels[levelIndex].id
        let poi = found.poiIndex.map { venue.pois[$0] }
        let result: JSONValue = [
            "level": .string(levelID),
            "building": .optional(found.buildingID),
            "point": ["x": .number(point.x), "y": .number(point.y)],
            "space": space.map { s in
                [
                    "id": .string(s.id), "category": .string(s.category),
                    "name": .optional(venue.displayName(s.name, preferred: languages)),
                    "walkable": .bool(s.isWalkable),
                ] as JSONValue
            } ?? .null,
            "poi": poi.map { p in
                [
                    "id": .string(p.id), "category": .string(p.category),
                    "name": .optional(venue.displayName(p.name, preferred: languages)),
                    "distanceMeters": .number(p.position.distance(to: point)),
                ] as JSONValue
            } ?? .null,
        ]
        if json {
            print(result.serialized(pretty: true))
        } else if let space {
            print("space \(space.id) (\(space.category)) \(venue.displayName(space.name, preferred: languages) ?? "")")
            if let poi { print("poi \(poi.id) (\(poi.category)) \(venue.displayName(poi.name, preferred: languages) ?? "")") }
        } else {
            print("no space at \(point) on level \(levelID)")
        }
        return space == nil ? ExitStatus.notFound : ExitStatus.success
    }
}

/// `indoornav venue graph PATH -o graph.geojson [--graph derived|authored|FILE|DIR]`: the navigation graph in
/// IndoorNav's node/edge GeoJSON (`--graph derived` exports the graph derived from the geometry).
enum VenueGraphCommand {
    static let spec = CommandSpec(
        path: ["venue", "graph"], summary: "export the navigation graph as node/edge GeoJSON for GIS tools",
        positionals: [SharedOptions.venue],
        options: [
            SharedOptions.output("graph.geojson", "the GeoJSON file to write", example: "-o graph.geojson").with(
                default: "standard output"),
            SharedOptions.graph,
        ],
        examples: ["venue graph Recordings/venues/campus -o graph.geojson"],
        run: run)

    static func run(_ args: inout Arguments) throws -> Int32 {
        let path = try args.positional("venue path")
        let output = try args.option("-o") ?? args.option("--output")
        let graph = try args.option("--graph")
        try args.finish()
        let venue = try VenueGraphChoice.load(path, graph: graph)
        if let output { try OutputFile.refuseOverwritingInput(output, inputs: [path], folders: [path]) }
        try emit(NodeEdgeGeoJSON.write(venue), to: output)
        if let output { warn("wrote \(venue.graph.nodes.count) nodes and \(venue.graph.edges.count) edges to \(output)") }
        return 0
    }
}

/// `indoornav venue render PATH --level LEVEL -o level.svg [--style style.json] [--labels a,b] [--lang CODE] [--draw-graph]`:
/// the level cropped to its plan, with scale bar, north arrow and legend; the navigation graph only with `--draw-graph` (`--graph` names which graph elsewhere).
enum VenueRenderCommand {
    static let spec = CommandSpec(
        path: ["venue", "render"], summary: "draw one level as SVG with scale bar, north arrow and legend",
        positionals: [SharedOptions.venue],
        options: [
            .value("--level", "LEVEL", "a level id, ordinal, floor number or name", example: "--level lvl-a0", required: true),
            SharedOptions.output("level.svg", "the SVG file to write").with(default: "standard output"),
            .value("--style", "STYLE.json", "colours and widths (IndoorPlot RenderStyle)", example: "--style style.json"),
            .value(
                "--labels", "SOURCE[,SOURCE]", "what labels show (\(LabelSource.allCases.map(\.rawValue).joined(separator: ", ")))",
                default: "occupant,space-name", example: "--labels occupant,category"),
            SharedOptions.languages,
            .flag("--draw-graph", "draw the navigation graph"),
            .flag("--no-graph", "do not draw the graph (the default)"),
        ],
        examples: ["venue render Recordings/venues/campus --level lvl-a0 -o l0.svg"],
        run: run)

    static func run(_ args: inout Arguments) throws -> Int32 {
        let path = try args.positional("venue path")
        let levelRef = try args.required("--level")
        let output = try args.option("-o") ?? args.option("--output")
        let stylePath = try args.option("--style")
        let labelText = try args.option("--labels")
        let languages = try args.options("--lang")
        let graph = args.flag("--draw-graph")
        _ = args.flag("--no-graph")  // the default; still accepted
        try args.finish()
        var labels: [LabelSource] = [.occupant, .spaceName]
        if let labelText {
            labels = try labelText.split(separator: ",").map { part throws(UsageError) -> LabelSource in
                guard let l = LabelSource(rawValue: String(part)) else {
                    throw UsageError(
                        "--labels: unknown label '\(part)' (use \(LabelSource.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                return l
            }
        }
        let style = try stylePath.map { try RenderStyle.load(path: $0) } ?? RenderStyle()
        let venue = try VenueLoader.load(path: path)
        let levelIndex = try venue.levelIndex(levelRef)
        let renderer = LevelRenderer(style: style, labels: labels, languages: languages, drawGraph: graph)
        if let output { try OutputFile.refuseOverwritingInput(output, inputs: [path] + (stylePath.map { [$0] } ?? []), folders: [path]) }
        try emit(renderer.render(venue, levelIndex: levelIndex, source: path), to: output)
        return 0
    }
}

/// Parses `x,y` in metres.
func parsePoint(_ text: String, flag: String) throws(UsageError) -> LocalPoint {
    let parts = text.split(separator: ",")
    guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else {
        throw UsageError("\(flag): expected x,y in metres, got '\(text)'")
    }
    return LocalPoint(x: x, y: y)
}

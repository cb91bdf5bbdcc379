import Foundation
import IndoorCommandLine
import IndoorGeometry
import IndoorJSON
import IndoorRouting
import IndoorVenue

/// `indoornav venue inspect PATH [--graph derived|authored|FILE|DIR] [--json]`: what a venue holds, per level, and its graph.
enum VenueInspectCommand {
    static let spec = CommandSpec(
        path: ["venue", "inspect"], summary: "what a venue holds: levels, spaces, POIs, connectors and its graph", inputs: Inputs.self,
        examples: ["venue inspect Recordings/venues/campus --json"])

    struct Inputs: RunnableInputs {
        @Positional(SharedOptions.venue) var path: String
        @Option(SharedOptions.json) var json: Bool
        @Option(SharedOptions.languages) var languages: [String]
        @Option(SharedOptions.graph) var graph: String?

        func run() throws -> Int32 {
            let venue = try VenueGraphChoice.load(path, graph: graph)
            let summary = summarize(venue, languages: languages)
            if json {
                print(summary.serialized(pretty: true))
            } else {
                print(text(summary))
                for issue in venue.issues.prefix(20) { print("  \(issue.severity.rawValue): \(issue)") }
                if venue.issues.count > 20 { print("  … \(venue.issues.count - 20) more issues (indoornav venue validate)") }
            }
            return 0
        }
    }

    /// The JSON summary: `id`, `name`, `levels` [{`id`,`ordinal`,`name`,`spaces`,`openings`,`pois`}],
    /// totals `spaces`, `openings`, `pois`, `connectors`, `graph` {`nodes`,`edges`,`components`,`source`,
    /// `files` (what the graph was read from), `issues` (what in those files was not understood)}.
    static func summarize(_ venue: Venue, languages: [String]) -> JSONValue {
        var spacesPerLevel: [String: Int] = [:], openingsPerLevel: [String: Int] = [:], poisPerLevel: [String: Int] = [:]
        for s in venue.spaces { spacesPerLevel[s.levelID, default: 0] += 1 }
        for o in venue.openings { openingsPerLevel[o.levelID, default: 0] += 1 }
        for p in venue.pois { poisPerLevel[p.levelID, default: 0] += 1 }
        let levels: [JSONValue] = venue.levels.map { level in
            [
                "id": .string(level.id),
                "ordinal": .number(Double(level.ordinal)),
                "name": .optional(venue.displayName(level.name, preferred: languages)),
                "shortName": .optional(venue.displayName(level.shortName, preferred: languages)),
                "floorNumber": level.floorNumber.map(JSONValue.number) ?? .null,
                "spaces": .number(Double(spacesPerLevel[level.id] ?? 0)),
                "openings": .number(Double(openingsPerLevel[level.id] ?? 0)),
                "pois": .number(Double(poisPerLevel[level.id] ?? 0)),
            ]
        }
        var connectorKinds: [String: JSONValue] = [:]
        for c in venue.connectors {
            connectorKinds[c.kind.rawValue] = .number((connectorKinds[c.kind.rawValue]?.double ?? 0) + 1)
        }
        let components = venue.graph.components().count
        let graphFileNames = Set(venue.graphFiles.map { ($0 as NSString).lastPathComponent })
        let graphIssues = venue.issues.filter { graphFileNames.contains($0.location.file) }
        return [
            "id": .string(venue.id),
            "name": .optional(venue.displayName(venue.name, preferred: languages)),
            "defaultLanguage": .string(venue.defaultLanguage),
            "version": .optional(venue.version),
            "reference": [
                "latitude": .number(venue.frame.reference.latitudeDegrees),
                "longitude": .number(venue.frame.reference.longitudeDegrees),
            ],
            "buildings": .number(Double(venue.buildings.count)),
            "levels": .array(levels),
            "spaces": .number(Double(venue.spaces.count)),
            "openings": .number(Double(venue.openings.count)),
            "pois": .number(Double(venue.pois.count)),
            "connectors": .number(Double(venue.connectors.count)),
            "connectorKinds": .object(connectorKinds),
            "universes": .array(venue.universes.map { .string($0.id) }),
            "directionModes": .array(DirectionMode.names(for: venue).map(JSONValue.string)),
            "graph": [
                "nodes": .number(Double(venue.graph.nodes.count)),
                "edges": .number(Double(venue.graph.edges.count)),
                "components": .number(Double(components)),
                "source": .string(venue.graph.source.rawValue),
                "files": .array(venue.graphFiles.map(JSONValue.string)),
                "issues": .array(graphIssues.map { .string("\($0.severity.rawValue): \($0)") }),
            ],
            "issues": [
                "errors": .number(Double(venue.issues.filter { $0.severity == .error }.count)),
                "warnings": .number(Double(venue.issues.filter { $0.severity == .warning }.count)),
            ],
        ]
    }

    static func text(_ s: JSONValue) -> String {
        func n(_ v: JSONValue?) -> String { v?.int.map(String.init) ?? "-" }
        var lines: [String] = []
        lines.append("venue \(s["id"]?.string ?? "?") — \(s["name"]?.string ?? "(unnamed)")")
        lines.append(
            "  \(n(s["buildings"])) buildings/sections, \(s["levels"]?.array?.count ?? 0) levels, \(n(s["spaces"])) spaces, \(n(s["openings"])) openings, \(n(s["pois"])) POIs, \(n(s["connectors"])) connectors"
        )
        if let kinds = s["connectorKinds"]?.object, !kinds.isEmpty {
            lines.append("  connectors: " + kinds.keys.sorted().map { "\(n(kinds[$0])) \($0)" }.joined(separator: ", "))
        }
        if let modes = s["directionModes"]?.array {
            lines.append("  direction modes: " + modes.compactMap(\.string).joined(separator: ", "))
        }
        let g = s["graph"]
        let files = (g?["files"]?.array ?? []).compactMap(\.string)
        let origin = files.isEmpty ? "" : " from " + files.joined(separator: " + ")
        lines.append(
            "  graph (\(g?["source"]?.string ?? "?")\(origin)): \(n(g?["nodes"])) nodes, \(n(g?["edges"])) edges, \(n(g?["components"])) components"
        )
        let graphIssues = (g?["issues"]?.array ?? []).compactMap(\.string)
        for issue in graphIssues.prefix(10) { lines.append("    \(issue)") }
        if graphIssues.count > 10 { lines.append("    … \(graphIssues.count - 10) more graph issues") }
        lines.append("  levels:")
        for level in s["levels"]?.array ?? [] {
            let name = level["name"]?.string ?? ""
            lines.append(
                "    \(n(level["ordinal"])) \(level["id"]?.string ?? "?") \(name): \(n(level["spaces"])) spaces, \(n(level["openings"])) openings, \(n(level["pois"])) POIs"
            )
        }
        lines.append("  issues: \(n(s["issues"]?["errors"])) errors, \(n(s["issues"]?["warnings"])) warnings")
        return lines.joined(separator: "\n")
    }
}

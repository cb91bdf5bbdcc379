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
        inputs: Inputs.self,
        notes: ["Exit status 1 when the venue has errors (one line each); unreachable units are warnings."],
        examples: ["venue validate Recordings/venues/campus --graph derived"])

    struct Inputs: RunnableInputs {
        @Positional(SharedOptions.venue) var path: String
        @Option(SharedOptions.graph) var graph: String?
        @Option(SharedOptions.json) var json: Bool

        func run() throws -> Int32 {
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

}

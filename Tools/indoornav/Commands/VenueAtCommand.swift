import Foundation
import IndoorCommandLine
import IndoorGeometry
import IndoorJSON
import IndoorPlot
import IndoorRouting
import IndoorVenue

/// `indoornav venue at PATH --point x,y --level LEVEL [--graph …] [--json]`: the space and POI at a local point.
enum VenueAtCommand {
    static let spec = CommandSpec(
        path: ["venue", "at"], summary: "the space and POI at a point of a level", inputs: Inputs.self,
        exitNotes: [2: "nothing of the venue is at the point"],
        examples: ["venue at Recordings/venues/campus --point 5,4 --level lvl-a0"])

    struct Inputs: RunnableInputs {
        @Positional(SharedOptions.venue) var path: String
        @Option(.value("--point", "x,y", "the point in the venue's local frame, metres", example: "--point 5,4", required: true))
        var pointText: String
        @Option(.value("--level", "LEVEL", "a level id, ordinal, floor number or name", example: "--level lvl-a0", required: true))
        var levelRef: String
        @Option(SharedOptions.json) var json: Bool
        @Option(SharedOptions.languages) var languages: [String]
        @Option(SharedOptions.graph) var graph: String?

        func run() throws -> Int32 {
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

}

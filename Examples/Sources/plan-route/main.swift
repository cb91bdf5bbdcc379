import ExampleSupport
import IndoorNav

// Plans a route on the bundled campus from the information desk to the dean's office (two floors up)
// and prints its sections and turn-by-turn instructions.
//
//   swift run plan-route [VENUE] [FROM] [TO]

runExample("plan-route") {
    let venuePath = ExamplePaths.argument(1, default: ExamplePaths.bundled("Recordings/venues/campus"))
    let from = ExamplePaths.argument(2, default: "am-info")
    let to = ExamplePaths.argument(3, default: "occ-deans-office")

    let venue = try VenueLoader.load(path: venuePath)
    let router = IndoorRouter(venue: venue)
    var options = RouteOptions()
    options.language = "en"
    let response = try router.route(RouteRequest(from: .feature(id: from), to: .feature(id: to), options: options))
    guard let route = response.route else {
        throw ExampleFailure("no route from \(from) to \(to): \(response.notices.map(\.title).joined(separator: "; "))")
    }
    let writer = InstructionWriter(language: options.language, units: options.units)
    print(RouteJSON.text(response, writer: writer), terminator: "")
    let levels = Set(route.sections.flatMap { $0.polyline.map(\.levelID) })
    print("\(route.sections.count) section(s), \(Int(route.lengthMeters.rounded())) m over \(levels.count) level(s)")
    guard route.lengthMeters > 0, route.sections.last?.arrival.featureID != nil else {
        throw ExampleFailure("the route does not end at a feature")
    }
}

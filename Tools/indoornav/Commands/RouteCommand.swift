import Foundation
import IndoorCommandLine
import IndoorJSON
import IndoorRouting
import IndoorVenue

/// `indoornav route VENUE --from X --to Y [--graph derived|authored|FILE] …`: exit 0 with a route, 2 when
/// none exists, 1 on bad input. Places are ids, `x,y@LEVEL`, `geo:lat,lon@LEVEL` or names (``PlaceNames``).
enum RouteCommand {
    static let spec = CommandSpec(
        path: ["route"], summary: "plan a route between two places and print its instructions, JSON or GeoJSON",
        positionals: [SharedOptions.venue],
        options: requestOptions + [
            .value("--format", "text|json|geojson", "output format", default: "text", example: "--format json"),
            SharedOptions.graph,
        ],
        notes: [
            "PLACE: a feature id, x,y@LEVEL (metres in the venue frame), geo:lat,lon@LEVEL, or a name the venue's place search finds once.",
            "--to category:KIND: the nearest POI (category or occupant type) or space of that kind the options allow, e.g. --to category:restroom.",
        ],
        exitNotes: [2: "no route: a place did not match, or no path joins them (the JSON says why)"],
        examples: ["route Recordings/venues/campus --from am-info --to occ-staff-lounge --avoid stairs --format json"],
        run: run)

    /// Graphs with more nodes than this answer one route with A* instead of building the hierarchy.
    static let aStarNodeCount = 50_000

    /// The routing flags (``parseRequest(_:)``).
    static let requestOptions: [OptionSpec] = [
        .value("--from", "PLACE", "where the route starts", example: "--from am-info", required: true),
        .repeated(
            "--to", "PLACE[:stop=S]", "destination (stop S seconds there); several are alternatives and the nearest is chosen",
            example: "--to occ-staff-lounge",
            required: true),
        .repeated(
            "--via", "PLACE[:stop=S|:pass]", "waypoint in order (up to 5): stop S seconds there, or only pass through",
            example: "--via 5,4@lvl-a0:stop=60"),
        .repeated(
            "--avoid", "KIND[,KIND]",
            "connector kinds to avoid (\(ConnectorKind.allCases.map(\.rawValue).joined(separator: ", "))); repeats add up",
            example: "--avoid stairs,escalator"),
        .value("--mode", "MODE", "direction mode (the venue's, e.g. accessible)", example: "--mode accessible"),
        .value(
            "--optimize", "fastest|shortest", "what the route minimises", default: RouteOptions().optimization.rawValue,
            example: "--optimize shortest"),
        .value(
            "--transport", "pedestrian|car|taxi|scooter", "how the user moves", default: RouteOptions().transportMode.rawValue,
            example: "--transport car"),
        .value(
            "--enable", "routeHead|routeTail|entireRoute", "where a vehicle is used", default: "entireRoute", example: "--enable routeHead"),
        .number(
            "--speed", "M_PER_S", "walking speed (the vehicle speed with --transport and no --vehicle-speed)",
            defaultText:
                "\(RouteOptions.defaultWalkingSpeedMetersPerSecond) walking, \(RouteOptions.defaultVehicleSpeedMetersPerSecond) vehicle",
            example: "--speed 1.2"),
        .number(
            "--vehicle-speed", "M_PER_S", "vehicle speed, 2.0–5.0 (ignored, with a notice, without a vehicle --transport)",
            default: RouteOptions.defaultVehicleSpeedMetersPerSecond, example: "--vehicle-speed 4"),
        .value(
            "--prefer-transition", "TYPE_ID",
            "authored transition type (the venue's transition_type, not a connector kind) to prefer at every level change",
            example: "--prefer-transition bridge"),
        .value(
            "--units", "metric|imperial", "distance units of the instructions", default: RouteOptions().units.rawValue,
            example: "--units imperial"),
        .value(
            "--lang", "CODE", "instruction language; names fall back to the venue's default", default: RouteOptions().language,
            example: "--lang de"),
        .number(
            "--max-match-distance", "M", "how far a place may be from the graph to match, metres", in: 0.1...1000,
            default: RouteOptions().maxMatchDistanceMeters,
            example: "--max-match-distance 50"),
        .repeated(
            "--closed", "ID", "keep out of this edge (edge:N), opening, connector or space; repeats add up",
            example: "--closed rel-escalator-up"),
        .integer(
            "--alternatives", "N", "return up to N routes: the best and materially different alternatives, ranked",
            in: RouteOptions.alternativesRange,
            default: 1, example: "--alternatives 3"),
        .value(
            "--universe", "NAME", "a venue universe (e.g. visitors): keep out of the spaces it hides when possible",
            example: "--universe visitors"),
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let path = try args.positional("venue path")
        let parsed = try parseRequest(&args)
        let format = try args.text("--format")
        guard ["text", "json", "geojson"].contains(format) else {
            throw UsageError("--format: expected text, json or geojson, got '\(format)'")
        }
        let graph = try args.option("--graph")
        try args.finish()
        let venue = try VenueLoader.load(path: path, options: graph.map(VenueGraphChoice.options) ?? VenueLoadOptions())
        do { try parsed.validate() } catch { throw UsageError("\(error)") }
        let request = try PlaceNames.resolve(parsed, venue: venue)
        // The contraction hierarchy, as the library's default router and the service use it, so that every
        // surface picks the same one of several equally long paths. On graphs larger than
        // `aStarNodeCount` building it costs seconds, and one request is answered with goal-directed A*
        // (which may break such ties otherwise) unless alternatives, read from the hierarchy, are asked.
        let hierarchy = (request.options.alternatives ?? 1) > 1 || venue.graph.nodes.count <= aStarNodeCount
        let router = IndoorRouter(index: RoutingIndex(venue: venue, options: .init(hierarchy: .init(enabled: hierarchy))))
        let response: RouteResponse
        do { response = try router.route(request) } catch {
            throw UsageError("\(error)")
        }
        switch format {
        case "json": print(RouteJSON.encode(response, venue: venue).serialized(pretty: true))
        case "geojson":
            if let route = response.route {
                print(RouteJSON.geoJSON(route, venue: venue).serialized(pretty: true))
            } else {
                print(RouteJSON.encode(response, venue: venue).serialized(pretty: true))
            }
        default:
            let writer = InstructionWriter(language: request.options.language, units: request.options.units)
            let text = RouteJSON.text(response, writer: writer) { id in
                guard let level = try? venue.level(id) else { return id }
                return venue.displayName(level.shortName, preferred: [request.options.language])
                    ?? venue.displayName(level.name, preferred: [request.options.language]) ?? id
            }
            print(text, terminator: "")
        }
        return response.route == nil ? ExitStatus.notFound : ExitStatus.success
    }

    /// Reads every routing flag into a request (shared by `route` and the service's tests).
    static func parseRequest(_ args: inout Arguments) throws(UsageError) -> RouteRequest {
        let fromText = try args.required("--from")
        let toTexts = try args.options("--to")
        guard !toTexts.isEmpty else { throw UsageError("missing required option --to") }
        let origin = try specifier(fromText, flag: "--from")
        var destinations: [PlaceSpecifier] = []
        for t in toTexts { destinations.append(try specifier(t, flag: "--to")) }
        var waypoints: [PlaceSpecifier] = []
        for v in try args.options("--via") { waypoints.append(try specifier(v, flag: "--via")) }
        var options = RouteOptions()
        // Repeated --avoid flags add up (--avoid stairs --avoid escalator = --avoid stairs,escalator).
        for avoid in try args.options("--avoid") {
            for name in avoid.split(separator: ",") {
                guard let kind = ConnectorKind(rawValue: String(name)) else {
                    throw UsageError(
                        "--avoid: unknown connector '\(name)' (use \(ConnectorKind.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                options.avoid.insert(kind)
            }
        }
        options.directionMode = try args.option("--mode")
        if let o = try args.option("--optimize") {
            guard let v = Optimization(rawValue: o) else { throw UsageError("--optimize: expected fastest or shortest, got '\(o)'") }
            options.optimization = v
        }
        if let t = try args.option("--transport") {
            guard let v = TransportMode(rawValue: t) else {
                throw UsageError("--transport: expected pedestrian, car, taxi or scooter, got '\(t)'")
            }
            options.transportMode = v
        }
        if let e = try args.option("--enable") {
            guard let v = VehicleEnableOption(rawValue: e) else {
                throw UsageError("--enable: expected routeHead, routeTail or entireRoute, got '\(e)'")
            }
            options.enableOption = v
        }
        let vehicleSpeed = try args.double("--vehicle-speed")
        options.setSpeeds(speed: try args.double("--speed"), vehicleSpeed: vehicleSpeed)
        options.preferredTransitionTypeID = try args.option("--prefer-transition")
        if let u = try args.option("--units") {
            guard let v = DistanceUnits(rawValue: u) else { throw UsageError("--units: expected metric or imperial, got '\(u)'") }
            options.units = v
        }
        if let l = try args.option("--lang") { options.language = l }
        if let d = try args.double("--max-match-distance") { options.maxMatchDistanceMeters = d }
        options.universe = try args.option("--universe")
        options.alternatives = try args.int("--alternatives")
        // Repeated --closed flags add up: edge:N, opening, connector or space ids closed for this request.
        let closed = try args.options("--closed")
        if !closed.isEmpty { options.closedFeatureIDs = closed }
        do {
            return try RouteRequest(origin: origin, destinations: destinations, waypoints: waypoints, options: options)
        } catch {
            throw UsageError("\(error)")
        }
    }

    /// `PLACE`, `PLACE:stop=SECONDS`, `PLACE:pass` (``PlaceSpecifier``), or a usage error saying what
    /// is wrong with it.
    static func specifier(_ text: String, flag: String) throws(UsageError) -> PlaceSpecifier {
        do { return try PlaceSpecifier.parsing(text) } catch {
            throw UsageError("\(flag): \(error) (expected an id, x,y@LEVEL or geo:lat,lon@LEVEL, then :stop=S or :pass)")
        }
    }

    /// A place argument, or a usage error saying what is wrong with it.
    static func place(_ text: String, flag: String) throws(UsageError) -> Place {
        do { return try Place.parsing(text) } catch {
            throw UsageError("\(flag): \(error) (expected an id, x,y@LEVEL or geo:lat,lon@LEVEL)")
        }
    }
}

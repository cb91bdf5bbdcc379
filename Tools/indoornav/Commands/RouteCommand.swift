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
        inputs: Inputs.self,
        notes: [
            "PLACE: a feature id, x,y@LEVEL (metres in the venue frame), geo:lat,lon@LEVEL, or a name the venue's place search finds once.",
            "--to category:KIND: the nearest POI (category or occupant type) or space of that kind the options allow, e.g. --to category:restroom.",
        ],
        exitNotes: [2: "no route: a place did not match, or no path joins them (the JSON says why)"],
        examples: ["route Recordings/venues/campus --from am-info --to occ-staff-lounge --avoid stairs --format json"])

    /// Graphs with more nodes than this answer one route with A* instead of building the hierarchy.
    static let aStarNodeCount = 50_000

    struct Inputs: RunnableInputs {
        @Positional(SharedOptions.venue) var venuePath: String
        @Option(.value("--from", "PLACE", "where the route starts", example: "--from am-info", required: true)) var fromText: String
        @Option(
            .repeated(
                "--to", "PLACE[:stop=S]", "destination (stop S seconds there); several are alternatives and the nearest is chosen",
                example: "--to occ-staff-lounge",
                required: true)) var toTexts: [String]
        @Option(
            .repeated(
                "--via", "PLACE[:stop=S|:pass]", "waypoint in order (up to 5): stop S seconds there, or only pass through",
                example: "--via 5,4@lvl-a0:stop=60")) var viaTexts: [String]
        @Option(
            .repeated(
                "--avoid", "KIND[,KIND]",
                "connector kinds to avoid (\(ConnectorKind.allCases.map(\.rawValue).joined(separator: ", "))); repeats add up",
                example: "--avoid stairs,escalator")) var avoidTexts: [String]
        @Option(.value("--mode", "MODE", "direction mode (the venue's, e.g. accessible)", example: "--mode accessible")) var directionMode:
            String?
        @Option(
            .choice(
                "--optimize", Optimization.self, "what the route minimises", default: RouteOptions().optimization,
                example: "--optimize shortest")) var optimize: Optimization?
        @Option(
            .choice(
                "--transport", TransportMode.self, "how the user moves", default: RouteOptions().transportMode,
                example: "--transport car")) var transport: TransportMode?
        @Option(
            .choice(
                "--enable", VehicleEnableOption.self, "where a vehicle is used", default: .entireRoute,
                example: "--enable routeHead")) var enable: VehicleEnableOption?
        @Option(
            .number(
                "--speed", "M_PER_S", "walking speed (the vehicle speed with --transport and no --vehicle-speed)",
                defaultText:
                    "\(RouteOptions.defaultWalkingSpeedMetersPerSecond) walking, \(RouteOptions.defaultVehicleSpeedMetersPerSecond) vehicle",
                example: "--speed 1.2")) var speed: Double?
        @Option(
            .number(
                "--vehicle-speed", "M_PER_S", "vehicle speed, 2.0–5.0 (ignored, with a notice, without a vehicle --transport)",
                default: RouteOptions.defaultVehicleSpeedMetersPerSecond, example: "--vehicle-speed 4")) var vehicleSpeed: Double?
        @Option(
            .value(
                "--prefer-transition", "TYPE_ID",
                "authored transition type (the venue's transition_type, not a connector kind) to prefer at every level change",
                example: "--prefer-transition bridge")) var preferredTransition: String?
        @Option(
            .choice(
                "--units", DistanceUnits.self, "distance units of the instructions", default: RouteOptions().units,
                example: "--units imperial")) var units: DistanceUnits?
        @Option(
            .value(
                "--lang", "CODE", "instruction language; names fall back to the venue's default", default: RouteOptions().language,
                example: "--lang de")) var language: String?
        @Option(
            .number(
                "--max-match-distance", "M", "how far a place may be from the graph to match, metres", in: 0.1...1000,
                default: RouteOptions().maxMatchDistanceMeters,
                example: "--max-match-distance 50")) var maxMatchDistance: Double?
        @Option(
            .repeated(
                "--closed", "ID", "keep out of this edge (edge:N), opening, connector or space; repeats add up",
                example: "--closed rel-escalator-up")) var closedIDs: [String]
        @Option(
            .integer(
                "--alternatives", "N", "return up to N routes: the best and materially different alternatives, ranked",
                in: RouteOptions.alternativesRange,
                default: 1, example: "--alternatives 3")) var alternatives: Int?
        @Option(
            .value(
                "--universe", "NAME", "a venue universe (e.g. visitors): keep out of the spaces it hides when possible",
                example: "--universe visitors")) var universe: String?
        @Option(.choice("--format", ["text", "json", "geojson"], "output format", default: "text", example: "--format json")) var format:
            String
        @Option(SharedOptions.graph) var graph: String?

        func run() throws -> Int32 {
            let path = venuePath
            let parsed = try request()
            let venue = try VenueLoader.load(path: path, options: graph.map(VenueGraphChoice.options) ?? VenueLoadOptions())
            do { try parsed.validate() } catch { throw UsageError("\(error)") }
            let request = try PlaceNames.resolve(parsed, venue: venue)
            // The contraction hierarchy, as the library's default router and the service use it, so that every
            // surface picks the same one of several equally long paths. On graphs larger than
            // `RouteCommand.aStarNodeCount` building it costs seconds, and one request is answered with goal-directed A*
            // (which may break such ties otherwise) unless alternatives, read from the hierarchy, are asked.
            let hierarchy = (request.options.alternatives ?? 1) > 1 || venue.graph.nodes.count <= RouteCommand.aStarNodeCount
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

        /// The routing flags as a request.
        func request() throws(UsageError) -> RouteRequest {
            guard !toTexts.isEmpty else { throw UsageError("missing required option --to") }
            let origin = try RouteCommand.specifier(fromText, flag: "--from")
            var destinations: [PlaceSpecifier] = []
            for t in toTexts { destinations.append(try RouteCommand.specifier(t, flag: "--to")) }
            var waypoints: [PlaceSpecifier] = []
            for v in viaTexts { waypoints.append(try RouteCommand.specifier(v, flag: "--via")) }
            var options = RouteOptions()
            // Repeated --avoid flags add up (--avoid stairs --avoid escalator = --avoid stairs,escalator).
            for avoid in avoidTexts {
                for name in avoid.split(separator: ",") {
                    guard let kind = ConnectorKind(rawValue: String(name)) else {
                        throw UsageError(
                            "--avoid: unknown connector '\(name)' (use \(ConnectorKind.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    options.avoid.insert(kind)
                }
            }
            options.directionMode = directionMode
            if let optimize { options.optimization = optimize }
            if let transport { options.transportMode = transport }
            if let enable { options.enableOption = enable }
            options.setSpeeds(speed: speed, vehicleSpeed: vehicleSpeed)
            options.preferredTransitionTypeID = preferredTransition
            if let units { options.units = units }
            if let l = language { options.language = l }
            if let d = maxMatchDistance { options.maxMatchDistanceMeters = d }
            options.universe = universe
            options.alternatives = alternatives
            // Repeated --closed flags add up: edge:N, opening, connector or space ids closed for this request.
            if !closedIDs.isEmpty { options.closedFeatureIDs = closedIDs }
            do {
                return try RouteRequest(origin: origin, destinations: destinations, waypoints: waypoints, options: options)
            } catch {
                throw UsageError("\(error)")
            }
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

import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorRouting
import IndoorVenue

/// Reads route requests and their options from JSON: the same request as `indoornav route` flags.
enum RouteRequestDecoding {
    /// Option members shared by `POST /venues/{id}/routes` (top level) and `POST /sessions` (`options`).
    static let optionKeys: Set<String> = [
        "avoid", "mode", "optimize", "transport", "enable", "speed", "vehicleSpeed", "preferTransition",
        "units", "lang", "maxMatchDistance", "universe", "alternatives",
    ]

    /// `{from, to, via?, …options}` → a validated request. `modes` are the direction modes the venue
    /// knows (the built-in ones plus the venue's own, ``DirectionMode/modes(for:)``).
    static func request(_ body: JSONValue, modes: Set<String> = Set(DirectionMode.builtIn.keys)) throws(ServiceError) -> RouteRequest {
        let fields = try JSONFields(body, path: "")
        try fields.rejectUnknown(optionKeys.union(["from", "to", "via"]))
        guard let fromValue = fields.value("from") else { throw .badRequest(field: "from", reason: "required") }
        let origin = try specifier(fromValue, field: "from")
        guard let toValue = fields.value("to") else { throw .badRequest(field: "to", reason: "required") }
        var destinations: [PlaceSpecifier] = []
        if let list = toValue.array {
            guard !list.isEmpty else { throw .unprocessable(field: "to", reason: "at least one destination is required") }
            for (i, item) in list.enumerated() { destinations.append(try specifier(item, field: "to[\(i)]")) }
        } else {
            destinations = [try specifier(toValue, field: "to")]
        }
        let waypoints = try self.waypoints(fields).map {
            PlaceSpecifier($0.place, stopDurationSeconds: $0.stopDurationSeconds, passThrough: $0.passThrough)
        }
        let options = try options(fields, modes: modes)
        let request: RouteRequest
        do {
            request = try RouteRequest(origin: origin, destinations: destinations, waypoints: waypoints, options: options)
        } catch { throw serviceError(error) }
        try validate(request)
        return request
    }

    /// A place with the string form's suffixes (`PLACE:stop=S`, `PLACE:pass`, ``PlaceSpecifier``);
    /// an object place has none.
    static func specifier(_ value: JSONValue, field: String) throws(ServiceError) -> PlaceSpecifier {
        guard let text = value.string else { return PlaceSpecifier(try place(value, field: field)) }
        do { return try PlaceSpecifier.parsing(text) } catch {
            throw .unprocessable(field: field, reason: "\(error): expected an id, x,y@LEVEL or geo:lat,lon@LEVEL, then :stop=S or :pass")
        }
    }

    /// The `via` array of `fields` (absent = none).
    static func waypoints(_ fields: JSONFields) throws(ServiceError) -> [Waypoint] {
        guard let list = try fields.array("via") else { return [] }
        var out: [Waypoint] = []
        for (i, item) in list.enumerated() {
            let path = fields.field("via") + "[\(i)]"
            if item.string != nil {
                out.append(try specifier(item, field: path).waypoint)
                continue
            }
            let w = try JSONFields(item, path: path)
            try w.rejectUnknown(["place", "stop", "pass"])
            guard let p = w.value("place") else { throw .badRequest(field: w.field("place"), reason: "required") }
            out.append(
                Waypoint(
                    try place(p, field: w.field("place")), stopDurationSeconds: try w.int("stop"),
                    passThrough: try w.bool("pass") ?? false))
        }
        return out
    }

    /// Route options from the members named in ``optionKeys``.
    static func options(_ fields: JSONFields, modes: Set<String> = Set(DirectionMode.builtIn.keys)) throws(ServiceError) -> RouteOptions {
        var options = RouteOptions()
        if let avoid = fields.value("avoid") {
            let names: [String]
            if let s = avoid.string {
                names = s.split(separator: ",").map(String.init)
            } else if let list = avoid.array {
                var collected: [String] = []
                for (i, v) in list.enumerated() {
                    guard let s = v.string else {
                        throw .badRequest(field: fields.field("avoid") + "[\(i)]", reason: "expected a string, got \(v.typeName)")
                    }
                    collected.append(s)
                }
                names = collected
            } else {
                throw .badRequest(field: fields.field("avoid"), reason: "expected an array of connector kinds or a comma-separated string")
            }
            for name in names {
                guard let kind = ConnectorKind(rawValue: name) else {
                    throw .unprocessable(
                        field: fields.field("avoid"),
                        reason:
                            "unknown connector \(ServiceError.quoted(name)) (expected one of: \(ConnectorKind.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                options.avoid.insert(kind)
            }
        }
        if let mode = try fields.string("mode") {
            guard modes.contains(mode) else {
                throw .unprocessable(
                    field: fields.field("mode"),
                    reason:
                        "unknown direction mode \(ServiceError.quoted(mode)) (expected one of: \(modes.sorted().joined(separator: ", ")))")
            }
            options.directionMode = mode
        }
        if let v = try fields.enumeration("optimize", Optimization.self) { options.optimization = v }
        if let v = try fields.enumeration("transport", TransportMode.self) { options.transportMode = v }
        if let v = try fields.enumeration("enable", VehicleEnableOption.self) { options.enableOption = v }
        let vehicleSpeed = try fields.double("vehicleSpeed")
        options.setSpeeds(speed: try fields.double("speed"), vehicleSpeed: vehicleSpeed)
        options.preferredTransitionTypeID = try fields.string("preferTransition")
        if let v = try fields.enumeration("units", DistanceUnits.self) { options.units = v }
        if let lang = try fields.string("lang") {
            guard !lang.isEmpty, lang.unicodeScalars.count <= 35 else {
                throw .unprocessable(field: fields.field("lang"), reason: "expected a language code like 'en'")
            }
            options.language = lang
        }
        if let d = try fields.double("maxMatchDistance") { options.maxMatchDistanceMeters = d }
        options.universe = try fields.string("universe")
        options.alternatives = try fields.int("alternatives")
        return options
    }

    /// A place: a string in the CLI forms (`id`, `x,y@LEVEL`, `geo:lat,lon@LEVEL`) or an object
    /// `{id}`, `{x, y, level}` or `{latitude, longitude, level}`.
    static func place(_ value: JSONValue, field: String) throws(ServiceError) -> Place {
        if let text = value.string {
            guard let p = Place.parse(text) else {
                throw .unprocessable(field: field, reason: "\(ServiceError.quoted(text)) is not an id, x,y@LEVEL or geo:lat,lon@LEVEL")
            }
            return p
        }
        let f = try JSONFields(value, path: field)
        try f.rejectUnknown(["id", "x", "y", "latitude", "longitude", "level"])
        if let id = try f.string("id") {
            guard !id.isEmpty else { throw .unprocessable(field: f.field("id"), reason: "must not be empty") }
            return .feature(id: id)
        }
        let level = try f.requiredString("level")
        if f.has("latitude") || f.has("longitude") {
            let g = GeoCoordinate(latitudeDegrees: try f.requiredDouble("latitude"), longitudeDegrees: try f.requiredDouble("longitude"))
            guard g.isValid else { throw .unprocessable(field: field, reason: "latitude must be −90…90 and longitude −180…180") }
            return .geographic(g, level: level)
        }
        return .local(LocalPoint(x: try f.requiredDouble("x"), y: try f.requiredDouble("y")), level: level)
    }

    /// The router's own checks, with its field names mapped to the JSON ones.
    static func validate(_ request: RouteRequest) throws(ServiceError) {
        do { try request.validate() } catch { throw serviceError(error) }
    }

    /// A router error with its field names mapped to the JSON ones.
    static func serviceError(_ error: RoutingError) -> ServiceError {
        switch error {
        case .badRequest(let field, let reason), .parsingError(let field, let reason):
            .unprocessable(field: jsonField(field), reason: reason)
        case .venueNotFound(let id):
            .notFound(kind: "venue", id: id)
        }
    }

    private static func jsonField(_ routerField: String) -> String {
        switch routerField {
        case "walkingSpeed": "speed"
        case "waypoints": "via"
        case "destination", "destination.stopDuration": "to"
        case "origin": "from"
        default:
            routerField.hasPrefix("waypoints[")
                ? "via" + routerField.dropFirst("waypoints".count).replacingOccurrences(of: ".stopDuration", with: ".stop")
                : routerField
        }
    }
}

import Foundation

/// A place as the command line and the service's string forms write it, with its request suffixes:
/// `PLACE`, `PLACE:stop=SECONDS`, `PLACE:pass`, or both suffixes (which ``RouteRequest/validate()``
/// then refuses for a waypoint, as HERE does).
public struct PlaceSpecifier: Hashable, Sendable {
    /// The place before the suffixes.
    public var place: Place
    /// `:stop=SECONDS`, when given.
    public var stopDurationSeconds: Int?
    /// Whether `:pass` was given.
    public var passThrough: Bool

    /// A place with optional suffix values.
    public init(_ place: Place, stopDurationSeconds: Int? = nil, passThrough: Bool = false) {
        self.place = place; self.stopDurationSeconds = stopDurationSeconds; self.passThrough = passThrough
    }

    /// Parses `PLACE[:stop=S][:pass]` (the suffixes in either order, each at most once); the place is
    /// read by ``Place/parsing(_:)``.
    /// - Throws: ``Place/SyntaxError`` for a stop that is no whole number, a repeated suffix or a bad place.
    public static func parsing(_ text: String) throws(Place.SyntaxError) -> PlaceSpecifier {
        var body = Substring(text)
        var stop: Int?
        var pass = false
        while true {
            if body.hasSuffix(":pass") {
                guard !pass else { throw Place.SyntaxError(text: text, reason: "':pass' is given twice") }
                pass = true
                body = body.dropLast(5)
            } else if let r = body.range(of: ":stop=", options: .backwards), !body[r.upperBound...].contains(":") {
                guard stop == nil else { throw Place.SyntaxError(text: text, reason: "':stop=' is given twice") }
                let value = body[r.upperBound...]
                guard let seconds = Int(value) else {
                    throw Place.SyntaxError(text: text, reason: "stop duration '\(value)' is not a whole number of seconds")
                }
                stop = seconds
                body = body[..<r.lowerBound]
            } else {
                break
            }
        }
        return PlaceSpecifier(try Place.parsing(String(body)), stopDurationSeconds: stop, passThrough: pass)
    }

    /// The specifier as a via-waypoint.
    public var waypoint: Waypoint { Waypoint(place, stopDurationSeconds: stopDurationSeconds, passThrough: passThrough) }
}

extension RouteRequest {
    /// A request from places with suffixes, applying the HERE rules the plain fields cannot express:
    /// the origin takes neither a stop nor a pass-through, a destination takes no pass-through, and
    /// destinations that give a stop give the same one (it becomes ``destinationStopDurationSeconds``).
    /// Waypoint rules (not both stop and pass, durations in range) are ``validate()``'s.
    /// - Throws: ``RoutingError/badRequest(field:reason:)`` naming `origin` or `destination`.
    public init(
        origin: PlaceSpecifier, destinations: [PlaceSpecifier], waypoints: [PlaceSpecifier] = [],
        options: RouteOptions = RouteOptions()
    ) throws(RoutingError) {
        if origin.stopDurationSeconds != nil || origin.passThrough {
            throw .badRequest(field: "origin", reason: "the origin takes no stop duration or pass-through (\(origin.place))")
        }
        var stop: Int?
        for d in destinations {
            if d.passThrough {
                throw .badRequest(field: "destination", reason: "a destination cannot be passed through (\(d.place))")
            }
            if let s = d.stopDurationSeconds {
                if let stop, stop != s {
                    throw .badRequest(field: "destination", reason: "destinations give different stop durations (\(stop) s and \(s) s)")
                }
                stop = s
            }
        }
        self.init(
            origin: origin.place, destinations: destinations.map(\.place), waypoints: waypoints.map(\.waypoint),
            destinationStopDurationSeconds: stop, options: options)
    }
}

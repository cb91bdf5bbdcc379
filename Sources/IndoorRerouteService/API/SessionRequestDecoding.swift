import IndoorGeometry
import IndoorJSON
import IndoorNavigation
import IndoorRouting
import IndoorVenue

/// A decoded `POST /sessions` body.
struct SessionRequest {
    var venueID: String
    var destination: NavigationDestination
    var waypoints: [Waypoint]
    var options: RouteOptions
    var location: PostedFix?
}

/// Reads `{venue, destination | deepLink, via?, options?, location?}`. A deep link
/// (`…?placeId=…&sectionId=…&poiId=…`) names the destination POI, checked against its section, and
/// may stand for `venue` with its `placeId`.
enum SessionRequestDecoding {
    /// The request; `venues` resolves the venue (404 when unknown) so places and levels can be checked.
    static func request(_ body: JSONValue, venues: VenueCatalog) throws(ServiceError) -> (SessionRequest, ServedVenue) {
        let f = try JSONFields(body, path: "")
        try f.rejectUnknown(["venue", "destination", "deepLink", "via", "options", "location"])
        var link: NavigationDeepLink?
        if let text = try f.string("deepLink") {
            do { link = try NavigationDeepLink(url: text) } catch { throw .badRequest(field: "deepLink", reason: "\(error)") }
        }
        guard let venueID = try f.string("venue") ?? link?.placeID else {
            // A well-formed link without `placeId` names no venue: the request is complete in form but
            // says nowhere to navigate in (422); with neither a link nor a venue a member is missing (400).
            if link != nil { throw .unprocessable(field: "deepLink", reason: "the link names no place (placeId) and no venue is given") }
            throw .badRequest(field: "venue", reason: "required")
        }
        guard let served = venues[venueID] else { throw .notFound(kind: "venue", id: venueID) }
        let destinationValue = f.value("destination")
        if destinationValue != nil, link != nil { throw .badRequest(field: "deepLink", reason: "give destination or deepLink, not both") }
        let destination: NavigationDestination
        if let link {
            do {
                destination = try link.navigationDestination(in: served.venue)
            } catch {
                throw .unprocessable(field: "deepLink", reason: "\(error)")
            }
        } else if let destinationValue {
            destination = try self.destination(RouteRequestDecoding.place(destinationValue, field: "destination"), venue: served.venue)
        } else {
            throw .badRequest(field: "destination", reason: "required")
        }
        var options = RouteOptions()
        if let o = f.value("options") {
            let of = try JSONFields(o, path: "options")
            try of.rejectUnknown(RouteRequestDecoding.optionKeys)
            options = try RouteRequestDecoding.options(of, modes: Set(DirectionMode.modes(for: served.venue).keys))
        }
        let waypoints = try RouteRequestDecoding.waypoints(f)
        // The router's rules (waypoint count, speeds, stop durations) apply before anything starts.
        try RouteRequestDecoding.validate(
            RouteRequest(
                origin: .feature(id: "-"), destinations: [.feature(id: "-")],
                waypoints: waypoints, options: options))
        let location = try f.value("location").map { v throws(ServiceError) in
            try LocationDecoding.fix(v, field: "location", venue: served.venue)
        }
        if let location, location.location.levelID == nil {
            throw .unprocessable(field: "location.level", reason: "the start location needs a level")
        }
        return (
            SessionRequest(venueID: served.id, destination: destination, waypoints: waypoints, options: options, location: location), served
        )
    }

    private static func destination(_ place: Place, venue: Venue) throws(ServiceError) -> NavigationDestination {
        switch place {
        case .feature(let id):
            guard (try? venue.poi(id)) != nil || (try? venue.space(id)) != nil else {
                throw .unprocessable(field: "destination", reason: "no POI or space \(ServiceError.quoted(id)) in venue '\(venue.id)'")
            }
            return .feature(id: id)
        case .local(let p, let level):
            let levelID = try LocationDecoding.levelID(level, field: "destination.level", venue: venue)
            return .point(p, levelID: levelID)
        case .geographic(let g, let level):
            let levelID = try LocationDecoding.levelID(level, field: "destination.level", venue: venue)
            return .point(venue.frame.localPoint(from: g), levelID: levelID)
        }
    }
}

/// The service's endpoints, matched from method and path segments.
enum ServiceEndpoint: Equatable {
    case health, metrics, venues
    /// `GET /ready`: whether the store answers and snapshots are being written.
    case ready
    /// `GET /`: the live map viewer.
    case viewer
    /// `GET /sessions`: the live sessions, for the viewer.
    case listSessions
    case pois(venueID: String)
    /// `GET /venues/{id}/pois/{poi}`: one POI's or space's details.
    case poi(venueID: String, poiID: String)
    /// `GET /venues/{id}/at?x=&y=&level=`: the space, POI, building and level at a point.
    case lookup(venueID: String)
    case routes(venueID: String)
    /// `POST /venues/{id}/closures`.
    case addClosure(venueID: String)
    /// `GET /venues/{id}/closures`: the closures with owner and expiry.
    case listClosures(venueID: String)
    /// `DELETE /venues/{id}/closures/{closureId}`.
    case deleteClosure(venueID: String, closureID: String)
    case createSession
    case getSession(String)
    case deleteSession(String)
    case postLocations(String)
    case confirmTransition(String)
    /// The path exists, but not for the request's method.
    case method(allowed: [String])

    /// Whether it answers without an API key when the service has keys: liveness, the viewer page and
    /// venue information (no sessions, no route planning, no metrics).
    var isPublic: Bool {
        switch self {
        case .health, .ready, .viewer, .venues, .pois, .poi, .lookup: true
        default: false
        }
    }

    /// The endpoint and its route template (the metrics label), or nil for an unknown path.
    static func match(method: String, parts: [String]) -> (String, ServiceEndpoint)? {
        func pick(_ template: String, _ table: [String: ServiceEndpoint]) -> (String, ServiceEndpoint) {
            // Every GET is also answered for HEAD (``RerouteService/handle(_:)`` drops the body).
            let allowed = table.keys.sorted() + (table["GET"] != nil ? ["HEAD"] : [])
            return (template, table[method] ?? .method(allowed: allowed.sorted()))
        }
        switch parts.count {
        case 0:
            return pick("/", ["GET": .viewer])
        case 1:
            switch parts[0] {
            case "health": return pick("/health", ["GET": .health])
            case "ready": return pick("/ready", ["GET": .ready])
            case "metrics": return pick("/metrics", ["GET": .metrics])
            case "venues": return pick("/venues", ["GET": .venues])
            case "sessions": return pick("/sessions", ["POST": .createSession, "GET": .listSessions])
            default: return nil
            }
        case 2 where parts[0] == "sessions":
            return pick("/sessions/{id}", ["GET": .getSession(parts[1]), "DELETE": .deleteSession(parts[1])])
        case 3 where parts[0] == "venues" && parts[2] == "pois":
            return pick("/venues/{id}/pois", ["GET": .pois(venueID: parts[1])])
        case 4 where parts[0] == "venues" && parts[2] == "pois":
            return pick("/venues/{id}/pois/{poiId}", ["GET": .poi(venueID: parts[1], poiID: parts[3])])
        case 3 where parts[0] == "venues" && parts[2] == "at":
            return pick("/venues/{id}/at", ["GET": .lookup(venueID: parts[1])])
        case 3 where parts[0] == "venues" && parts[2] == "routes":
            return pick("/venues/{id}/routes", ["POST": .routes(venueID: parts[1])])
        case 3 where parts[0] == "venues" && parts[2] == "closures":
            return pick("/venues/{id}/closures", ["POST": .addClosure(venueID: parts[1]), "GET": .listClosures(venueID: parts[1])])
        case 4 where parts[0] == "venues" && parts[2] == "closures":
            return pick("/venues/{id}/closures/{closureId}", ["DELETE": .deleteClosure(venueID: parts[1], closureID: parts[3])])
        case 3 where parts[0] == "sessions" && parts[2] == "locations":
            return pick("/sessions/{id}/locations", ["POST": .postLocations(parts[1])])
        case 3 where parts[0] == "sessions" && parts[2] == "transition":
            return pick("/sessions/{id}/transition", ["POST": .confirmTransition(parts[1])])
        default:
            return nil
        }
    }
}

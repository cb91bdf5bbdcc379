import IndoorJSON
import IndoorVenue

/// Checks that a route JSON (``IndoorRouting/RouteJSON``) is drawable on a venue before it goes into a page.
public enum ViewerRouteCheck {
    /// Passes a route whose sections each have a polyline of `{x, y, level}` points on levels of `venue`.
    /// - Throws: ``ViewerError/badRoute(field:reason:)`` naming the JSON path of the first problem.
    public static func check(_ route: JSONValue, venue: Venue) throws(ViewerError) {
        guard let object = route.object else { throw .badRoute(field: "(top level)", reason: "expected an object, got \(route.typeName)") }
        if object["route"]?.isNull == true {
            let notice = object["notices"]?.array?.first?["title"]?.string ?? "no notice"
            throw .badRoute(field: "route", reason: "there is no route (\(notice))")
        }
        guard let sections = object["sections"]?.array else { throw .badRoute(field: "sections", reason: "expected an array of sections") }
        guard !sections.isEmpty else { throw .badRoute(field: "sections", reason: "no section") }
        let levels = Set(venue.levels.map(\.id))
        for (k, section) in sections.enumerated() {
            guard let polyline = section["polyline"]?.array else {
                throw .badRoute(field: "sections[\(k)].polyline", reason: "expected an array of points")
            }
            for (j, p) in polyline.enumerated() {
                let field = "sections[\(k)].polyline[\(j)]"
                guard let x = p["x"]?.double, let y = p["y"]?.double, x.isFinite, y.isFinite else {
                    throw .badRoute(field: field, reason: "expected finite numbers x and y")
                }
                guard let level = p["level"]?.string else { throw .badRoute(field: field + ".level", reason: "expected a level id") }
                guard levels.contains(level) else {
                    throw .badRoute(field: field + ".level", reason: "no level '\(level)' in venue '\(venue.id)'")
                }
            }
        }
    }
}

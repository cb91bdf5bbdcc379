import IndoorGeometry
import IndoorRouting
import IndoorVenue

/// Where to navigate to.
public enum NavigationDestination: Hashable, Sendable, Codable {
    /// A POI or space by any accepted id form (id, external id, `default:`/`console:` prefix).
    case feature(id: String)
    /// A point in the venue's local frame on a level (any accepted level reference).
    case point(LocalPoint, levelID: String)

    /// The routing place, after checking that the venue knows the feature or level.
    func resolve(
        in venue: Venue, language: String
    ) throws(NavigationError) -> (place: Place, id: String?, name: String?, point: LocalPoint, levelID: String) {
        switch self {
        case .feature(let id):
            if let poi = try? venue.poi(id), let level = try? venue.level(poi.levelID) {
                return (.feature(id: poi.id), poi.id, venue.displayName(poi.name, preferred: [language]), poi.position, level.id)
            }
            if let space = try? venue.space(id), let level = try? venue.level(space.levelID) {
                let c = space.polygon.centroid
                let point = space.polygon.contains(c) ? c : (space.polygon.exterior.first ?? c)
                return (.feature(id: space.id), space.id, venue.displayName(space.name, preferred: [language]), point, level.id)
            }
            throw .navigationGraphUnavailable(id: id)
        case .point(let p, let levelReference):
            guard p.isFinite else { throw .invalidRequest(reason: "destination point \(p) is not finite") }
            guard let level = try? venue.level(levelReference) else { throw .navigationGraphUnavailable(id: levelReference) }
            return (.local(p, level: level.id), nil, nil, p, level.id)
        }
    }
}

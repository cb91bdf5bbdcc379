import IndoorVenue

/// Destinations of a kind: `category:KIND` (Mapwize's nearest of several destinations, MapsIndoors'
/// "nearest restroom") stands for every POI whose category or occupant type is KIND, and every space
/// of that category holding no such POI, that the requested universe shows. The router searches them
/// all at once, so the nearest one the request's direction mode, avoidances and closures allow wins;
/// the route's arrival names it.
enum CategoryPlaces {
    /// The prefix of a kind reference.
    static let prefix = "category:"

    /// The kind a destination names, when it is `category:KIND` and no POI or space has that id.
    static func kind(of place: Place, venue: Venue) -> String? {
        guard case .feature(let id) = place, id.hasPrefix(prefix), (try? venue.poi(id)) == nil, (try? venue.space(id)) == nil else {
            return nil
        }
        return String(id.dropFirst(prefix.count))
    }

    /// Whether `category` is `kind` or one of its subcategories (`restroom.female` for `restroom`),
    /// ignoring case.
    static func matches(_ category: String, kind: String) -> Bool {
        let c = category.lowercased(), k = kind.lowercased()
        return c == k || c.hasPrefix(k + ".")
    }

    /// The destinations with every `category:KIND` replaced by its places, and for each the index of
    /// the request destination it came from; `unknown` is a kind with no place (and the categories the
    /// venue has, for the message).
    static func expand(
        _ destinations: [Place], venue: Venue, universe: String?
    ) -> (places: [Place], source: [Int], unknown: (kind: String, known: [String])?) {
        var places: [Place] = []
        var source: [Int] = []
        for (k, d) in destinations.enumerated() {
            guard let kind = kind(of: d, venue: venue) else {
                places.append(d); source.append(k); continue
            }
            let pois = venue.pois(inUniverse: universe).filter { matches($0.category, kind: kind) }
            let held = Set(pois.compactMap(\.spaceID))
            let spaces = venue.spaces(inUniverse: universe).filter {
                $0.isWalkable && matches($0.category, kind: kind) && !held.contains($0.id)
            }
            let found = pois.map { Place.feature(id: $0.id) } + spaces.map { Place.feature(id: $0.id) }
            guard !found.isEmpty else {
                let known = Set(venue.pois.map(\.category) + venue.spaces.filter(\.isWalkable).map(\.category)).sorted()
                return (places, source, (kind, known))
            }
            places += found
            source += Array(repeating: k, count: found.count)
        }
        return (places, source, nil)
    }
}

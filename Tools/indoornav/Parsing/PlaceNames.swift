import IndoorCommandLine
import IndoorNavigation
import IndoorRouting
import IndoorVenue

/// Places given by name on the command line (`--from "Reading room"`): a feature reference that is no
/// POI or space id is looked up with the venue's place search (``DestinationCatalog``, the service's
/// `/pois` search). One entry whose name equals the text (ignoring case and accents), else one whose
/// name starts with it (texts of three characters or more), is used; several are an error listing them; none leaves the reference as given
/// (the router then reports that it could not match it).
enum PlaceNames {
    /// Most candidates listed in an ambiguity error.
    static let listedCandidates = 8
    /// Shorter texts must match a name exactly (a single letter is no name).
    static let minimumPrefixCharacters = 3

    /// The request with every place given by name replaced by the id it names.
    static func resolve(_ request: RouteRequest, venue: Venue) throws(UsageError) -> RouteRequest {
        let catalog = DestinationCatalog(venue: venue)
        let language = request.options.language
        func resolved(_ place: Place, flag: String) throws(UsageError) -> Place {
            guard case .feature(let text) = place, (try? venue.poi(text)) == nil, (try? venue.space(text)) == nil else { return place }
            let found = catalog.search(text, language: language)
            let key = DestinationCatalog.fold(text)
            let exact = found.filter { entry in names(entry, venue: venue).contains { DestinationCatalog.fold($0) == key } }
            let prefix =
                key.count < minimumPrefixCharacters
                ? []
                : found.filter { entry in names(entry, venue: venue).contains { DestinationCatalog.fold($0).hasPrefix(key) } }
            for group in [exact, prefix] where !group.isEmpty {
                if group.count == 1 { return .feature(id: group[0].id) }
                let listed = group.prefix(listedCandidates).map { "\($0.id) (\"\($0.name)\", level \($0.levelID))" }
                throw UsageError(
                    "\(flag): '\(text)' names \(group.count) places: \(listed.joined(separator: ", "))"
                        + (group.count > listedCandidates ? ", …" : "") + "; give one of these ids")
            }
            return place
        }
        var out = request
        out.origin = try resolved(request.origin, flag: "--from")
        var destinations: [Place] = []
        for d in request.destinations { destinations.append(try resolved(d, flag: "--to")) }
        out.destinations = destinations
        var waypoints: [Waypoint] = []
        for w in request.waypoints {
            var copy = w
            copy.place = try resolved(w.place, flag: "--via")
            waypoints.append(copy)
        }
        out.waypoints = waypoints
        return out
    }

    /// Every name of a destination, in all languages.
    private static func names(_ entry: Destination, venue: Venue) -> [String] {
        switch entry.kind {
        case .poi: return ((try? venue.poi(entry.id))?.name.allTexts ?? []) + [entry.name]
        case .space: return ((try? venue.space(entry.id))?.name.allTexts ?? []) + [entry.name]
        }
    }
}

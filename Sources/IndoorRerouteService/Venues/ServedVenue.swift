import Foundation
import IndoorNavigation
import IndoorRouting
import IndoorVenue

/// One venue as the service serves it: the immutable model, its routing index (built once) and its
/// destination catalog, shared by every request and session.
public struct ServedVenue: Sendable {
    /// The venue model.
    public let venue: Venue
    /// Routing preprocessing, shared by every router of this venue.
    public let index: RoutingIndex
    /// The searchable destinations.
    public let destinations: DestinationCatalog
    /// Routers lent to stateless route requests and to sessions while they plan (a router holds a
    /// search workspace, so one per caller at a time).
    public let routers: RouterPool
    /// Parts of the venue closed now or later (`POST /venues/{id}/closures`).
    public let closures = VenueClosures()

    /// Builds the routing index of `venue` and, when `preparesRoutes`, starts building what the first
    /// route with default options needs (``RoutingIndex/prepareDefaultRoutes(optimization:)``: the
    /// contraction hierarchy, its fastest-walking customization and the route assembly lookups, about
    /// 3 s on 221,000 nodes) on a background thread, so neither startup nor `/health` waits for it and
    /// the first route waits only for what is not ready yet.
    public init(venue: Venue, preparesRoutes: Bool = true) {
        self.venue = venue
        let index = RoutingIndex(venue: venue)
        self.index = index
        self.destinations = DestinationCatalog(venue: venue)
        self.routers = RouterPool(index: index)
        if preparesRoutes {
            DispatchQueue.global(qos: .utility).async { index.prepareDefaultRoutes() }
        }
    }

    /// Whether routes with default options find everything they need built (see ``init(venue:preparesRoutes:)``).
    public var isRoutingPrepared: Bool { index.isPreparedForDefaultRoutes() }

    /// The venue's id.
    public var id: String { venue.id }
}

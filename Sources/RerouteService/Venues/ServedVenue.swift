import Foundation
import Navigation
import Routing
import Venue

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

    /// Builds the routing index of `venue`.
    public init(venue: Venue) {
        self.venue = venue
        self.index = RoutingIndex(venue: venue)
        self.destinations = DestinationCatalog(venue: venue)
        self.routers = RouterPool(index: index)
    }

    /// The venue's id.
    public var id: String { venue.id }
}

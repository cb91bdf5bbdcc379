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
    /// Routers for stateless route requests (a router holds a search workspace, so one per request).
    let routers: RouterPool

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

/// A free list of routers over one index. Routers are lent to one thread at a time.
///
/// `@unchecked Sendable`: the array is only touched under `lock`, and a router taken out is used by
/// one thread until it is put back.
final class RouterPool: @unchecked Sendable {
    private let index: RoutingIndex
    private let lock = NSLock()
    private var free: [IndoorRouter] = []

    init(index: RoutingIndex) { self.index = index }

    /// Runs `body` with a router no other thread uses meanwhile.
    func withRouter<T>(_ body: (IndoorRouter) throws(RoutingError) -> T) throws(RoutingError) -> T {
        lock.lock()
        let router = free.popLast() ?? IndoorRouter(index: index)
        lock.unlock()
        defer {
            lock.lock()
            if free.count < 16 { free.append(router) }
            lock.unlock()
        }
        return try body(router)
    }
}

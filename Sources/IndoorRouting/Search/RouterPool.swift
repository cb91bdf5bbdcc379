import Foundation

/// A free list of routers over one shared ``RoutingIndex``: a router is lent to one caller at a time
/// and taken back afterwards.
///
/// A router's search workspaces grow with the graph (about 22 MB on a 221,000-node venue: A* 15 MB,
/// hierarchy query 7 MB), so long-lived users that only plan now and then (navigation sessions)
/// borrow one while planning instead of owning one. At most ``maximumIdleRouters`` idle routers are kept; more are made while
/// callers overlap and dropped when given back to a full list.
///
/// `@unchecked Sendable`: the free list is only touched under `lock`, and a router taken out is used
/// by one caller until it is put back.
public final class RouterPool: @unchecked Sendable {
    /// The index every router of the pool reads.
    public let index: RoutingIndex
    /// Most idle routers kept for reuse (default 16, at least 1).
    public let maximumIdleRouters: Int
    private let lock = NSLock()
    private var free: [IndoorRouter]
    private var made = 0

    /// A pool over `index` keeping at most `maximumIdleRouters` idle routers (clamped to at least 1).
    public init(index: RoutingIndex, maximumIdleRouters: Int = 16) {
        self.index = index
        self.maximumIdleRouters = max(1, maximumIdleRouters)
        self.free = []
    }

    /// A pool whose first router is `router` (its index and direction modes are used; further routers
    /// get the index's default modes).
    public convenience init(router: IndoorRouter, maximumIdleRouters: Int = 16) {
        self.init(index: router.index, maximumIdleRouters: maximumIdleRouters)
        free.append(router)
    }

    /// Runs `body` with a router no other caller uses meanwhile.
    public func withRouter<T>(_ body: (IndoorRouter) throws(RoutingError) -> T) throws(RoutingError) -> T {
        let router = take()
        defer { giveBack(router) }
        return try body(router)
    }

    /// Routers made by this pool so far (telemetry; a pool seeded with a router does not count it).
    public var routersMade: Int { lock.withLock { made } }

    /// Idle routers in the free list now.
    public var idleRouters: Int { lock.withLock { free.count } }

    private func take() -> IndoorRouter {
        lock.lock()
        defer { lock.unlock() }
        if let router = free.popLast() { return router }
        made += 1
        return IndoorRouter(index: index)
    }

    private func giveBack(_ router: IndoorRouter) {
        lock.lock()
        defer { lock.unlock() }
        if free.count < maximumIdleRouters { free.append(router) }
    }
}

import Synchronization

/// A part of a venue closed for a while: an edge (`edge:N`), opening, connector or space.
public struct VenueClosure: Sendable, Hashable {
    /// The closure's id (`c1`, `c2`, … per venue).
    public var id: String
    /// What is closed: an edge id `edge:N`, or an opening, connector or space id.
    public var target: String
    /// Free text for operators (at most 200 characters).
    public var reason: String?
    /// Service-clock seconds from which it applies.
    public var startsAtSeconds: Double
    /// Service-clock seconds from which it no longer applies; `nil`: until deleted.
    public var endsAtSeconds: Double?
    /// Edges of the navigation graph it closes.
    public var closedEdgeCount: Int
    /// The client that made it (its API key's name, else `address:` and its address): only it, or an
    /// admin key, may delete it.
    public var owner: String

    /// Whether it applies at `nowSeconds` (service clock).
    public func isActive(atSeconds nowSeconds: Double) -> Bool {
        nowSeconds >= startsAtSeconds && (endsAtSeconds.map { nowSeconds < $0 } ?? true)
    }
}

/// The closures of one venue, shared by every request: added with `POST /venues/{id}/closures`,
/// removed with `DELETE /venues/{id}/closures/{closureId}`. Route requests and sessions of the venue
/// keep out of the active ones.
public final class VenueClosures: Sendable {
    private struct State {
        var next = 1
        var byID: [String: VenueClosure] = [:]
    }
    private let state = Mutex(State())

    /// No closures.
    public init() {}

    /// Why a closure was not added or removed.
    public enum Refusal: Error, Hashable, Sendable {
        /// The owner already holds `limit` closures that have not ended.
        case ownerLimit(limit: Int)
        /// The venue already holds `limit` closures that have not ended.
        case venueLimit(limit: Int)
        /// No closure with that id.
        case unknown
        /// The closure belongs to another client.
        case notOwner
    }

    /// Adds a closure owned by `owner` and returns it with its new id. Closures that ended before
    /// `nowSeconds` are dropped first; then at most `perOwnerLimit` of the owner's and `perVenueLimit`
    /// in all may remain.
    /// - Throws: ``Refusal/ownerLimit(limit:)`` or ``Refusal/venueLimit(limit:)``.
    public func add(
        target: String, reason: String?, startsAtSeconds: Double, endsAtSeconds: Double?, closedEdgeCount: Int, owner: String,
        nowSeconds: Double, perOwnerLimit: Int = .max, perVenueLimit: Int = .max
    ) throws(Refusal) -> VenueClosure {
        try state.withLock { s throws(Refusal) in
            s.byID = s.byID.filter { $0.value.endsAtSeconds.map { $0 > nowSeconds } ?? true }
            guard s.byID.count < perVenueLimit else { throw .venueLimit(limit: perVenueLimit) }
            guard s.byID.values.lazy.filter({ $0.owner == owner }).count < perOwnerLimit else { throw .ownerLimit(limit: perOwnerLimit) }
            let closure = VenueClosure(
                id: "c\(s.next)", target: target, reason: reason, startsAtSeconds: startsAtSeconds,
                endsAtSeconds: endsAtSeconds, closedEdgeCount: closedEdgeCount, owner: owner)
            s.next += 1
            s.byID[closure.id] = closure
            return closure
        }
    }

    /// Removes the closure `id` when `client` owns it or `isAdmin`; returns it.
    /// - Throws: ``Refusal/unknown`` when there is none, ``Refusal/notOwner`` when it belongs to another
    ///   client (it stays).
    public func remove(id: String, client: String, isAdmin: Bool) throws(Refusal) -> VenueClosure {
        try state.withLock { s throws(Refusal) in
            guard let closure = s.byID[id] else { throw .unknown }
            guard isAdmin || closure.owner == client else { throw .notOwner }
            s.byID[id] = nil
            return closure
        }
    }

    /// Every closure, in id order.
    public var all: [VenueClosure] {
        state.withLock { s in s.byID.values.sorted { ($0.id.count, $0.id) < ($1.id.count, $1.id) } }
    }

    /// The targets closed at `nowSeconds`, sorted and without repeats.
    public func activeTargets(atSeconds nowSeconds: Double) -> [String] {
        state.withLock { s in Array(Set(s.byID.values.filter { $0.isActive(atSeconds: nowSeconds) }.map(\.target))).sorted() }
    }
}

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

    /// Adds a closure and returns it with its new id.
    public func add(target: String, reason: String?, startsAtSeconds: Double, endsAtSeconds: Double?, closedEdgeCount: Int) -> VenueClosure
    {
        state.withLock { s in
            let closure = VenueClosure(
                id: "c\(s.next)", target: target, reason: reason, startsAtSeconds: startsAtSeconds,
                endsAtSeconds: endsAtSeconds, closedEdgeCount: closedEdgeCount)
            s.next += 1
            s.byID[closure.id] = closure
            return closure
        }
    }

    /// Removes the closure `id`; returns it, or `nil` when there is none.
    public func remove(id: String) -> VenueClosure? { state.withLock { $0.byID.removeValue(forKey: id) } }

    /// Every closure, in id order.
    public var all: [VenueClosure] {
        state.withLock { s in s.byID.values.sorted { ($0.id.count, $0.id) < ($1.id.count, $1.id) } }
    }

    /// The targets closed at `nowSeconds`, sorted and without repeats.
    public func activeTargets(atSeconds nowSeconds: Double) -> [String] {
        state.withLock { s in Array(Set(s.byID.values.filter { $0.isActive(atSeconds: nowSeconds) }.map(\.target))).sorted() }
    }
}

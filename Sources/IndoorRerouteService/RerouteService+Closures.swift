import IndoorJSON
import IndoorNavigation
import IndoorRouting
import IndoorVenue

extension RerouteService {
    /// `POST /venues/{id}/closures` `{target, reason?, startsInSeconds?, durationSeconds?}` → 201 with the
    /// closure. From then on (or from `startsInSeconds` on, for `durationSeconds` when given) route
    /// requests keep out of it, new sessions too, and a session whose route runs through it is rerouted
    /// once (reason `closure`) on its next request.
    ///
    /// The closure belongs to `client`; at most ``ServiceConfiguration/maximumClosuresPerClient`` of one
    /// client's and ``ServiceConfiguration/maximumClosuresPerVenue`` in all that have not ended (429).
    func addClosure(venueID: String, body: [UInt8], client: String) throws(ServiceError) -> HTTPResponse {
        guard let served = venues[venueID] else { throw .notFound(kind: "venue", id: venueID) }
        let fields = try JSONFields(try JSONBody.parse(body), path: "")
        try fields.rejectUnknown(["target", "reason", "startsInSeconds", "durationSeconds"])
        let target = try fields.requiredString("target")
        guard !target.isEmpty, target.unicodeScalars.count <= 128 else {
            throw .badRequest(field: "target", reason: "expected 1–128 characters")
        }
        let reason = try fields.string("reason")
        if let reason, reason.unicodeScalars.count > 200 { throw .badRequest(field: "reason", reason: "at most 200 characters") }
        let startsIn = try fields.double("startsInSeconds") ?? 0
        guard startsIn >= 0, startsIn <= Self.maximumClosureSeconds else {
            throw .unprocessable(field: "startsInSeconds", reason: "must be 0–\(Int(Self.maximumClosureSeconds)) s")
        }
        let duration = try fields.double("durationSeconds")
        if let duration, !(duration > 0 && duration <= Self.maximumClosureSeconds) {
            throw .unprocessable(field: "durationSeconds", reason: "must be more than 0 and at most \(Int(Self.maximumClosureSeconds)) s")
        }
        let edges: [Int32]
        do { edges = try served.index.closedEdges(for: target) } catch {
            throw .notFound(kind: "closure target (edge:N, opening, connector or space)", id: String(target.prefix(128)))
        }
        let now = clock()
        let closure: VenueClosure
        do {
            closure = try served.closures.add(
                target: target, reason: reason, startsAtSeconds: now + startsIn,
                endsAtSeconds: duration.map { now + startsIn + $0 }, closedEdgeCount: edges.count, owner: client, nowSeconds: now,
                perOwnerLimit: configuration.maximumClosuresPerClient, perVenueLimit: configuration.maximumClosuresPerVenue)
        } catch {
            if case .venueLimit(let limit) = error {
                throw .closureLimit(scope: "venue", limit: limit, retryAfterSeconds: configuration.retryAfterSeconds)
            }
            throw .closureLimit(
                scope: "client", limit: configuration.maximumClosuresPerClient, retryAfterSeconds: configuration.retryAfterSeconds)
        }
        return .json(
            201, Self.closureJSON(closure, venueID: venueID, nowSeconds: now).serialized(),
            headers: [("Location", "/venues/\(venueID)/closures/\(closure.id)")])
    }

    /// `DELETE /venues/{id}/closures/{closureId}` → 204; 404 for an unknown venue or closure, 403 when
    /// the closure belongs to another client and `client` is not an admin key.
    func deleteClosure(venueID: String, closureID: String, client: String) throws(ServiceError) -> HTTPResponse {
        guard let served = venues[venueID] else { throw .notFound(kind: "venue", id: venueID) }
        do {
            _ = try served.closures.remove(id: closureID, client: client, isAdmin: configuration.apiKeys?.isAdmin(client) ?? false)
        } catch {
            if error == .notOwner { throw .forbidden(reason: "closure \(ServiceError.quoted(closureID)) belongs to another client") }
            throw .notFound(kind: "closure", id: closureID)
        }
        return HTTPResponse(status: 204)
    }

    /// `GET /venues/{id}/closures` → every closure that has not ended, in id order, with its owner and
    /// when it ends.
    func listClosures(venueID: String) throws(ServiceError) -> HTTPResponse {
        guard let served = venues[venueID] else { throw .notFound(kind: "venue", id: venueID) }
        let now = clock()
        let listed = served.closures.all.filter { $0.endsAtSeconds.map { $0 > now } ?? true }
        let body: JSONValue = [
            "venue": .string(venueID), "closures": .array(listed.map { Self.closureJSON($0, venueID: venueID, nowSeconds: now) }),
        ]
        return .json(200, body.serialized())
    }

    /// Longest delay or duration of a closure: 30 days.
    static let maximumClosureSeconds = 30.0 * 86_400

    /// The closures active now in the venue of a session.
    func activeClosures(venueID: String) -> [String] {
        venues[venueID]?.closures.activeTargets(atSeconds: clock()) ?? []
    }

    static func closureJSON(_ c: VenueClosure, venueID: String, nowSeconds: Double) -> JSONValue {
        [
            "id": .string(c.id), "venue": .string(venueID), "target": .string(c.target), "reason": .optional(c.reason),
            "startsInSeconds": .finite(max(0, c.startsAtSeconds - nowSeconds)),
            "endsInSeconds": c.endsAtSeconds.map { .finite(max(0, $0 - nowSeconds)) } ?? .null,
            "active": .bool(c.isActive(atSeconds: nowSeconds)), "closedEdges": .number(Double(c.closedEdgeCount)),
            "owner": .string(c.owner),
        ]
    }
}

import Foundation
import IndoorJSON
import IndoorNavigation
import IndoorVenue

extension RerouteService {
    /// `POST /sessions` → 201 with the session (route included).
    func createSession(body: [UInt8], client: String) throws(ServiceError) -> HTTPResponse {
        var (request, served) = try SessionRequestDecoding.request(try JSONBody.parse(body), venues: venues)
        try creations.take(client: client, nowSeconds: clock())
        // The instance's budget after the client's own: a client refused by its own spends none of it.
        try allCreations?.take(client: CreationRateLimiter.everyone, nowSeconds: clock())
        // Refused before the route is planned, so a flood of creates beyond the limits costs no planning.
        if let refusal = store.admission(owner: client, nowSeconds: clock()) {
            if case .tooManySessions = refusal { metrics.recordRejected(reason: "tooManySessions") }
            throw refusal
        }
        let closed = served.closures.activeTargets(atSeconds: clock())
        if !closed.isEmpty { request.options.closedFeatureIDs = closed }
        let session = try ServiceSession(
            id: newSessionID(), served: served, configuration: configuration.navigation,
            options: request.options, destination: request.destination, waypoints: request.waypoints,
            owner: client)
        var snapshot = session.snapshot()
        if let location = request.location {
            snapshot = try session.start(from: location.location, raw: location.raw)
        }
        let now = clock()
        do { try store.insert(session, nowSeconds: now) } catch {
            if case .tooManySessions = error { metrics.recordRejected(reason: "tooManySessions") }
            throw error
        }
        metrics.recordSessions(created: 1)
        count(snapshot.events)
        let json = SessionJSON.session(
            id: session.id, venue: served.venue, snapshot: snapshot, includeRoute: true,
            maneuvers: session.maneuverJSON)
        return .json(201, bytes: json, headers: [("Location", "/sessions/\(session.id)")])
    }

    /// `GET /sessions/{id}`.
    func getSession(id: String, client: String) throws(ServiceError) -> HTTPResponse {
        let (session, venue) = try lookup(id, client: client)
        return .json(
            200,
            bytes: SessionJSON.session(
                id: id, venue: venue, snapshot: session.snapshot(), includeRoute: true,
                maneuvers: session.maneuverJSON))
    }

    /// `DELETE /sessions/{id}`: ends and removes the session, answering 200 with its last state and
    /// events (`stopped` with reason `cancelled` when it was navigating or had arrived); 204 when there
    /// was no such session (idempotent). Another client's session is left alone (and answered 204).
    func deleteSession(id: String, client: String) throws(ServiceError) -> HTTPResponse {
        guard id.utf8.count <= 128 else { return HTTPResponse(status: 204) }
        guard let session = try store.session(id: id, nowSeconds: clock()), mayUse(session, client: client) else {
            return HTTPResponse(status: 204)
        }
        let snapshot = session.stop()
        try store.remove(id: id)
        count(snapshot.events)
        guard let venue = venues[session.venueID]?.venue else { return HTTPResponse(status: 204) }
        return .json(
            200,
            bytes: SessionJSON.session(
                id: id, venue: venue, snapshot: snapshot, includeRoute: false, maneuvers: session.maneuverJSON))
    }

    /// `POST /sessions/{id}/locations`: one fix or a time-ordered batch.
    func postLocations(id: String, body: [UInt8], client: String) throws(ServiceError) -> HTTPResponse {
        let (session, venue) = try lookup(id, client: client, forUpdate: true)
        let fixes = try LocationDecoding.batch(try JSONBody.parse(body), venue: venue, maximum: configuration.maximumBatchLocations)
        let closed = activeClosures(venueID: session.venueID)
        let snapshot = try applyAndSave(id, client: client, first: session) { session throws(ServiceError) in
            try session.apply(fixes, closures: closed)
        }
        if !snapshot.rejected.isEmpty { metrics.recordRejected(reason: "staleFix", count: snapshot.rejected.count) }
        return updated(id, session: session, venue: venue, snapshot: snapshot)
    }

    /// `POST /sessions/{id}/transition`: the user confirms crossing to another section.
    func confirmTransition(id: String, client: String) throws(ServiceError) -> HTTPResponse {
        let (session, venue) = try lookup(id, client: client, forUpdate: true)
        let snapshot = try applyAndSave(id, client: client, first: session) { session throws(ServiceError) in session.confirmTransition() }
        return updated(id, session: session, venue: venue, snapshot: snapshot)
    }

    /// The answer to an update: counts its events and returns the session's state without the route.
    private func updated(_ id: String, session: ServiceSession, venue: Venue, snapshot: SessionSnapshot) -> HTTPResponse {
        count(snapshot.events)
        return .json(
            200,
            bytes: SessionJSON.session(
                id: id, venue: venue, snapshot: snapshot, includeRoute: false,
                maneuvers: session.maneuverJSON))
    }

    /// Applies `change` to `first` (the session as just looked up) and saves it; when another writer
    /// changed the stored session meanwhile, waits a random 0–0.5·2ⁿ⁻¹ ms (at most 16 ms) and reads it
    /// again and re-applies (up to ``maximumSaveAttempts`` times).
    private func applyAndSave(
        _ id: String, client: String, first: ServiceSession,
        _ change: (ServiceSession) throws(ServiceError) -> SessionSnapshot
    ) throws(ServiceError) -> SessionSnapshot {
        var current = first
        for attempt in 0..<Self.maximumSaveAttempts {
            if attempt > 0 {
                // Jittered backoff before reading again: the writer that saved last holds the current copy
                // and needs no read, so without it a loser could lose every round (livelock).
                let ceilingMicroseconds = min(16_000, 500 << (attempt - 1))
                usleep(UInt32.random(in: 0...UInt32(ceilingMicroseconds)))
                current = try lookup(id, client: client).0
            }
            let session = current
            let snapshot = try change(session)
            if try store.didUpdate(session, nowSeconds: clock()) { return snapshot }
        }
        throw .storeUnavailable(
            reason: "session \(id) kept changing under the request (\(Self.maximumSaveAttempts) attempts)",
            retryAfterSeconds: 1)
    }

    /// Attempts to apply and save one request when other writers keep changing the session: 16, so a
    /// request that loses to a steady stream of another instance's writes on a loaded machine (one
    /// attempt in two lost, 8 attempts: 1 request in 256 failed) still gets through (1 in 65,536).
    static let maximumSaveAttempts = 16

    /// Whether `client` may read or change `session`: always without API keys; with keys only its creator.
    func mayUse(_ session: ServiceSession, client: String) -> Bool {
        configuration.apiKeys == nil || session.owner == client
    }

    /// The session and its venue; another client's session (with API keys) is answered as unknown.
    private func lookup(_ id: String, client: String, forUpdate: Bool = false) throws(ServiceError) -> (ServiceSession, Venue) {
        guard id.utf8.count <= 128 else { throw .notFound(kind: "session", id: String(id.prefix(128))) }
        let found = forUpdate ? try store.sessionForUpdate(id: id, nowSeconds: clock()) : try store.session(id: id, nowSeconds: clock())
        guard let session = found, mayUse(session, client: client),
            let venue = venues[session.venueID]?.venue
        else {
            throw .notFound(kind: "session", id: String(id.prefix(128)))
        }
        return (session, venue)
    }

    private func count(_ events: [NavigationEvent]) {
        for case .rerouted(_, let reason, _) in events {
            switch reason {
            case .offRoute: metrics.recordReroute(reason: "offRoute")
            case .sectionTransition: metrics.recordReroute(reason: "sectionTransition")
            case .requested: metrics.recordReroute(reason: "requested")
            case .closure: metrics.recordReroute(reason: "closure")
            }
        }
    }
}

extension RerouteService {
    /// `GET /sessions?venue=`: up to ``ServiceConfiguration/maximumListedSessions`` live sessions (of one
    /// venue when given; with API keys only the caller's) with their position and route, for the live
    /// viewer. Does not touch them.
    func listSessions(venueID: String?, client: String) throws(ServiceError) -> HTTPResponse {
        if let venueID, venues[venueID] == nil { throw .notFound(kind: "venue", id: venueID) }
        let live = store.liveSessions(nowSeconds: clock(), limit: store.count)
            .filter { (venueID == nil || $0.venueID == venueID) && mayUse($0, client: client) }
        let listed = live.prefix(configuration.maximumListedSessions).compactMap { s in venues[s.venueID].map { (s, $0.venue) } }
        return .json(
            200,
            bytes: JSONObjectBytes.encode { o in
                o.array("sessions", listed) { item, out in
                    SessionJSON.summary(id: item.0.id, venue: item.1, snapshot: item.0.snapshot(), into: &out)
                }
            })
    }
}

import IndoorGeometry
import IndoorPositioning
import IndoorRouting
import IndoorVenue

extension NavigationSession {
    /// Everything a session needs to continue elsewhere (another process, after a restart): the
    /// route, the tracking offsets, the off-route, arrival and reroute-policy state machines, the
    /// awaiting-transition or stopover state, recent fixes and the last fix.
    ///
    /// A value: encode it with any `Codable` encoder. ``formatVersion`` is checked on restore; a
    /// snapshot from another format version, another venue or venue version is refused.
    /// The progress is not stored: it is recomputed from the state and the last locations, exactly.
    public struct Snapshot: Hashable, Sendable, Codable {
        /// The format written by this code.
        public static let currentFormatVersion = 1

        /// Format of this snapshot (``currentFormatVersion`` when taken by this code).
        public var formatVersion: Int
        /// The venue's id and version.
        public var venueID: String
        /// The venue's version, when it has one.
        public var venueVersion: String?
        /// The navigation configuration the session ran with.
        public var configuration: NavigationConfiguration
        /// Options used for every route the session plans.
        public var routeOptions: RouteOptions
        /// The session's state (navigating, waiting at a stopover, awaiting a transition, arrived, idle).
        public var state: NavigationState
        /// The route being followed.
        public var route: Route?
        /// Whether the session had progress (it is recomputed on restore).
        public var hasProgress: Bool
        /// The last valid location handled, and the last raw one.
        public var lastLocation: IndoorLocation?
        /// The last raw location passed with a fused one.
        public var lastRawLocation: IndoorLocation?
        /// Reroute policy: backoff, failures, give-up.
        public var reroutePolicy: ReroutePolicy.State
        /// Off-route hysteresis.
        public var offRoute: OffRouteDetector.State
        /// Arrival hysteresis.
        public var arrival: ArrivalDetector.State
        /// Where the route goes, and the destination's id and name.
        public var destinationPlace: Place?
        /// The destination's id.
        public var destinationID: String?
        /// The destination's display name.
        public var destinationName: String?
        /// Progress along the route, in metres.
        public var offsetMeters: Double
        /// The current section and maneuver.
        public var sectionIndex: Int
        /// The current maneuver within the section.
        public var maneuverIndex: Int
        /// Time of the last snapped fix, in seconds.
        public var lastSnapTimeSeconds: Double?
        /// The last fix's projection on the route.
        public var currentSnap: RouteSnap?
        /// Distance of the last fix from the route, in metres.
        public var routeDistanceMeters: Double
        /// The level the user is on along the route.
        public var currentLevelID: String?
        /// Level changes and transitions already announced (offsets in decimetres), ascending.
        public var arrivingNoticesSent: [Int]
        /// Usable fixes of the last few seconds, oldest first.
        public var recentFixes: [IndoorLocation]
    }

    /// The session's state as a value.
    public func snapshot() -> Snapshot {
        Snapshot(
            formatVersion: Snapshot.currentFormatVersion, venueID: venue.id, venueVersion: venue.version,
            configuration: configuration, routeOptions: routeOptions, state: state, route: route,
            hasProgress: progress != nil, lastLocation: lastLocation, lastRawLocation: lastRawLocation,
            reroutePolicy: reroutePolicy.state, offRoute: offRoute.state, arrival: arrival.state,
            destinationPlace: destinationPlace, destinationID: destinationID, destinationName: destinationName,
            offsetMeters: offsetMeters, sectionIndex: sectionIndex, maneuverIndex: maneuverIndex,
            lastSnapTimeSeconds: lastSnapTimeSeconds, currentSnap: currentSnap, routeDistanceMeters: routeDistanceMeters,
            currentLevelID: currentLevelID, arrivingNoticesSent: arrivingNoticesSent.sorted(), recentFixes: recentFixes)
    }

    /// A session continuing from `snapshot` over `venue`, borrowing routers from `routers`.
    /// - Throws: ``NavigationError/invalidSnapshot(field:reason:)`` for another format version, another
    ///   venue or venue version, indices outside the route, a non-finite offset;
    ///   ``NavigationError/invalidConfiguration(field:reason:)`` for a stored configuration out of range.
    public convenience init(venue: Venue, routers: RouterPool, snapshot s: Snapshot) throws(NavigationError) {
        guard s.formatVersion == Snapshot.currentFormatVersion else {
            throw .invalidSnapshot(
                field: "formatVersion",
                reason: "version \(s.formatVersion) is not supported (this build reads \(Snapshot.currentFormatVersion))")
        }
        guard s.venueID == venue.id else {
            throw .invalidSnapshot(field: "venueID", reason: "taken on venue '\(s.venueID)', not '\(venue.id)'")
        }
        guard s.venueVersion == venue.version else {
            throw .invalidSnapshot(
                field: "venueVersion", reason: "taken on version \(s.venueVersion ?? "none"), the venue is at \(venue.version ?? "none")")
        }
        try Self.check(s)
        try self.init(venue: venue, routers: routers, configuration: s.configuration, routeOptions: s.routeOptions)
        state = s.state
        route = s.route
        trackedRoute = s.route.map { TrackedRoute(route: $0, venue: venue) }
        lastLocation = s.lastLocation
        lastRawLocation = s.lastRawLocation
        reroutePolicy = ReroutePolicy(configuration: configuration, state: s.reroutePolicy)
        offRoute = OffRouteDetector(configuration: configuration, state: s.offRoute)
        arrival = ArrivalDetector(configuration: configuration, state: s.arrival)
        destinationPlace = s.destinationPlace
        destinationID = s.destinationID
        destinationName = s.destinationName
        offsetMeters = s.offsetMeters
        sectionIndex = s.sectionIndex
        maneuverIndex = s.maneuverIndex
        lastSnapTimeSeconds = s.lastSnapTimeSeconds
        currentSnap = s.currentSnap
        routeDistanceMeters = s.routeDistanceMeters
        currentLevelID = s.currentLevelID
        arrivingNoticesSent = Set(s.arrivingNoticesSent)
        recentFixes = s.recentFixes
        if s.hasProgress, let last = lastLocation { updateProgress(fused: last, raw: nil) }
    }

    /// Consistency checks a decoder cannot make: indices within the route, finite numbers, a route
    /// whenever the state needs one.
    private static func check(_ s: Snapshot) throws(NavigationError) {
        guard s.offsetMeters.isFinite else { throw .invalidSnapshot(field: "offsetMeters", reason: "not finite") }
        guard s.routeDistanceMeters.isFinite || s.routeDistanceMeters == .infinity else {
            throw .invalidSnapshot(field: "routeDistanceMeters", reason: "not a number")
        }
        let sections = s.route?.sections.count ?? 0
        if s.state != .idle {
            guard let route = s.route, !route.sections.isEmpty else {
                throw .invalidSnapshot(field: "route", reason: "state \(s.state) needs a route with at least one section")
            }
            guard (0..<sections).contains(s.sectionIndex) else {
                throw .invalidSnapshot(field: "sectionIndex", reason: "\(s.sectionIndex) is outside the route's \(sections) section(s)")
            }
            guard s.maneuverIndex >= 0, s.maneuverIndex <= max(0, route.sections[s.sectionIndex].maneuvers.count - 1) else {
                throw .invalidSnapshot(
                    field: "maneuverIndex", reason: "\(s.maneuverIndex) is outside section \(s.sectionIndex)'s maneuvers")
            }
        }
        if case .waitingAtStopover(let k, _) = s.state, !(0..<sections).contains(k) {
            throw .invalidSnapshot(field: "state", reason: "stopover section \(k) is outside the route's \(sections) section(s)")
        }
        for (name, fix) in [("lastLocation", s.lastLocation), ("lastRawLocation", s.lastRawLocation)] {
            if let fix, !fix.isValid { throw .invalidSnapshot(field: name, reason: "non-finite value or invalid covariance") }
        }
        if let i = s.recentFixes.firstIndex(where: { !$0.isValid }) {
            throw .invalidSnapshot(field: "recentFixes[\(i)]", reason: "non-finite value or invalid covariance")
        }
    }
}

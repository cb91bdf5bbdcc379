import IndoorConfiguration
import IndoorGeometry
import IndoorPositioning
import IndoorRouting
import IndoorVenue

/// One user's navigation: start towards a destination (or along a given route), feed locations, get
/// events back.
///
/// Decisions are functions of the session's state and the input: every input method returns the
/// events it caused and performs no I/O; time comes only from the locations' `timeSeconds`. Planning
/// a reroute calls the router (pure computation). One session per user; not thread-safe.
public final class NavigationSession {
    /// The venue the session navigates in.
    public let venue: Venue
    /// Thresholds for snapping, off-route, arrival and rerouting (validated at creation).
    public let configuration: NavigationConfiguration
    /// Options used for every route the session plans (language, direction mode, …).
    public var routeOptions: RouteOptions
    /// Where the session borrows a router while it plans (it owns none between plans).
    let routers: RouterPool
    let snapper: RouteSnapper

    /// Idle, navigating, waiting at a stopover, awaiting a transition, or arrived.
    public internal(set) var state: NavigationState = .idle
    /// The route being followed.
    public internal(set) var route: Route?
    /// The route flattened for tracking.
    package internal(set) var trackedRoute: TrackedRoute?
    /// Progress after the last input.
    public internal(set) var progress: RouteProgress?
    /// The last valid location handled (fused), navigating or not.
    public internal(set) var lastLocation: IndoorLocation?
    /// The last raw location passed along with a fused one.
    public internal(set) var lastRawLocation: IndoorLocation?
    /// The reroute policy's state (backoff, failures, give-up).
    public internal(set) var reroutePolicy: ReroutePolicy

    var destinationPlace: Place?
    var destinationID: String?
    var destinationName: String?
    var offsetMeters = 0.0
    var sectionIndex = 0
    var maneuverIndex = 0
    var lastSnapTimeSeconds: Double?
    var currentSnap: RouteSnap?
    var routeDistanceMeters = 0.0
    var currentLevelID: String?
    var offRoute: OffRouteDetector
    var arrival: ArrivalDetector
    var arrivingNoticesSent: Set<Int> = []
    /// The level the last `.arriving(.levelChange)` announced, until the user is on it.
    var announcedLevelChangeTarget: String?
    /// Usable fixes of the last few seconds, oldest first (for a smoothed reroute origin).
    var recentFixes: [IndoorLocation] = []

    /// A session over `venue`. Pass a router to share its routing index (one router per thread);
    /// without one the session builds its own index.
    /// - Throws: ``NavigationError/invalidConfiguration(field:reason:)`` for a configuration out of range.
    public convenience init(
        venue: Venue, router: IndoorRouter? = nil, configuration: NavigationConfiguration = NavigationConfiguration.standard,
        routeOptions: RouteOptions = RouteOptions()
    ) throws(NavigationError) {
        try self.init(
            venue: venue, routers: RouterPool(router: router ?? IndoorRouter(venue: venue), maximumIdleRouters: 1),
            configuration: configuration, routeOptions: routeOptions)
    }

    /// A session over `venue` that borrows a router from `routers` only while it plans or reroutes, so
    /// a live session holds no search workspace (sessions of one venue share one pool).
    /// - Throws: ``NavigationError/invalidConfiguration(field:reason:)`` for a configuration out of range.
    public init(
        venue: Venue, routers: RouterPool, configuration: NavigationConfiguration = NavigationConfiguration.standard,
        routeOptions: RouteOptions = RouteOptions()
    ) throws(NavigationError) {
        try configuration.checked()
        let checked = configuration
        self.venue = venue
        self.configuration = checked
        self.routeOptions = routeOptions
        self.routers = routers
        self.snapper = RouteSnapper(configuration: checked)
        self.reroutePolicy = ReroutePolicy(configuration: checked)
        self.offRoute = OffRouteDetector(configuration: checked)
        self.arrival = ArrivalDetector(configuration: checked)
    }

    /// Whether a route is being followed (including pauses at stopovers and transitions).
    public var isNavigating: Bool {
        switch state {
        case .idle, .arrived: false
        case .navigating, .waitingAtStopover, .awaitingTransition: true
        }
    }

    // MARK: - Start and stop

    /// Plans a route from `location` (or the last handled location) to `destination` via `waypoints`
    /// and starts following it. `raw` is the sensor-level location `location` came from, reported in
    /// progress like the raw location of any later fix.
    ///
    /// - Throws: ``NavigationError/navigationGraphUnavailable(id:)`` for an unknown destination id,
    ///   ``NavigationError/routeUnavailable(destination:fromSection:)`` when no route exists,
    ///   ``NavigationError/originUnmatched(reason:)`` when the start location matches nothing,
    ///   ``NavigationError/locationUnknown`` without a location.
    @discardableResult
    public func startNavigation(
        to destination: NavigationDestination, via waypoints: [Waypoint] = [],
        from location: IndoorLocation? = nil, raw: IndoorLocation? = nil
    ) throws(NavigationError) -> [NavigationEvent] {
        let resolved = try destination.resolve(in: venue, language: routeOptions.language)
        guard let origin = location ?? lastLocation else { throw .locationUnknown }
        guard origin.isValid else {
            throw .invalidLocation(timeSeconds: origin.timeSeconds, reason: "non-finite value or invalid covariance")
        }
        guard let levelID = origin.levelID else {
            throw .invalidLocation(timeSeconds: origin.timeSeconds, reason: "the start location has no level")
        }
        let request = RouteRequest(
            origin: .local(origin.point, level: levelID), destinations: [resolved.place],
            waypoints: waypoints, options: routeOptions)
        let response: RouteResponse
        do { response = try routers.withRouter { router throws(RoutingError) in try router.route(request) } } catch {
            throw .invalidRequest(reason: error.description)
        }
        guard let route = response.route else {
            if let unmatched = response.notices.first(where: { $0.code == .couldNotMatchOrigin }) {
                throw .originUnmatched(reason: unmatched.details ?? "\(origin.point)@\(levelID)")
            }
            if response.notices.contains(where: { $0.code == .couldNotMatchDestination }), case .feature(let id) = destination {
                throw .navigationGraphUnavailable(id: id)
            }
            throw .routeUnavailable(
                destination: resolved.id ?? "\(resolved.point)@\(resolved.levelID)",
                fromSection: sectionID(at: origin.point, levelID: levelID))
        }
        var events = stopIfActive()
        if let raw { lastRawLocation = raw }
        begin(route: route, place: resolved.place, id: resolved.id, name: resolved.name)
        events.append(.started(destinationID: resolved.id, route: route))
        events += handleStart(origin)
        return events
    }

    /// Starts following a route planned elsewhere; its last section's arrival is the destination.
    @discardableResult
    public func startNavigation(along route: Route, from location: IndoorLocation? = nil) -> [NavigationEvent] {
        var events = stopIfActive()
        let arrival = route.sections.last?.arrival
        let place: Place? = arrival.map { a in a.featureID.map { Place.feature(id: $0) } ?? .local(a.point, level: a.levelID) }
        begin(route: route, place: place, id: arrival?.featureID, name: arrival?.name)
        events.append(.started(destinationID: arrival?.featureID, route: route))
        if let origin = location ?? lastLocation, origin.isValid { events += handleStart(origin) }
        return events
    }

    /// Ends navigation.
    @discardableResult
    public func stopNavigation(reason: StopReason = .cancelled) -> [NavigationEvent] {
        guard isNavigating || state == .arrived else { return [] }
        clearRoute()
        return [.stopped(reason)]
    }

    private func stopIfActive() -> [NavigationEvent] {
        guard isNavigating else { clearRoute(); return [] }
        return stopNavigation(reason: .replaced)
    }

    func clearRoute() {
        state = .idle
        route = nil
        trackedRoute = nil
        progress = nil
        currentSnap = nil
        destinationPlace = nil
        destinationID = nil
        destinationName = nil
    }

    /// Installs a route and resets tracking (not the reroute policy, which spans reroutes).
    func install(route: Route) {
        self.route = route
        trackedRoute = TrackedRoute(route: route, venue: venue)
        offsetMeters = 0
        sectionIndex = 0
        maneuverIndex = 0
        lastSnapTimeSeconds = nil
        currentSnap = nil
        currentLevelID = route.sections.first?.polyline.first?.levelID
        offRoute.reset()
        arrival.reset()
        arrivingNoticesSent = []
        announcedLevelChangeTarget = nil
        state = .navigating
    }

    private func begin(route: Route, place: Place?, id: String?, name: String?) {
        install(route: route)
        reroutePolicy = ReroutePolicy(configuration: configuration)
        destinationPlace = place
        destinationID = id
        destinationName = name
    }

    /// Immediate arrival when starting at the destination; otherwise the start location is tracked.
    private func handleStart(_ origin: IndoorLocation) -> [NavigationEvent] {
        lastLocation = origin
        let sectionCount = route?.sections.count ?? 0
        let stopsBefore = (0..<max(0, sectionCount - 1)).contains { sectionKind($0) != .modeChange }
        if let end = route?.sections.last?.arrival, !stopsBefore,
            origin.levelID == nil || origin.levelID == end.levelID,
            origin.point.distance(to: end.point) <= configuration.arrivalRadiusMeters
        {
            arrival.forceArrived()
            state = .arrived
            let info = ArrivalInfo(
                sectionIndex: max(0, (route?.sections.count ?? 1) - 1), isFinal: true, destinationID: destinationID,
                destinationName: destinationName, waitSeconds: trackedRoute?.sections.last?.waitSeconds ?? 0, atStart: true)
            updateProgress(fused: origin, raw: nil)
            return [.arrived(info)]
        }
        return handle(origin)
    }

    // MARK: - Inputs

    /// Handles a (fused) location, optionally with the raw location it came from.
    @discardableResult
    public func handle(_ location: IndoorLocation, raw: IndoorLocation? = nil) -> [NavigationEvent] {
        guard location.isValid else { return [] }
        lastLocation = location
        if let raw { lastRawLocation = raw }
        guard isNavigating || state == .arrived, trackedRoute != nil else { return [] }
        guard location.horizontalAccuracyMeters <= configuration.maximumUsableAccuracyMeters else {
            updateProgress(fused: location, raw: raw)
            return []
        }
        recentFixes.append(location)
        recentFixes.removeAll { location.timeSeconds - $0.timeSeconds > configuration.rerouteOriginAveragingSeconds }
        var events: [NavigationEvent] = []
        switch state {
        case .idle:
            break
        case .arrived:
            events += trackAfterArrival(location)
        case .awaitingTransition(let transition):
            if let level = trustedLevel(of: location), level == transition.toLevelID {
                events += completeTransition(transition, confirmed: false, location: location)
            }
        case .waitingAtStopover(let k, let until):
            let leftStop =
                stopoverDistance(k, location: location).map {
                    $0 > configuration.arrivalRadiusMeters + configuration.arrivalExitMarginMeters
                } ?? false
            if location.timeSeconds >= until || leftStop {
                state = .navigating
                arrival.reset()
                events += track(location)
            }
        case .navigating:
            events += track(location)
        }
        updateProgress(fused: location, raw: raw)
        return events
    }

    /// The user confirms crossing the authored transition guidance paused at.
    @discardableResult
    public func confirmTransition() -> [NavigationEvent] {
        guard case .awaitingTransition(let transition) = state else { return [] }
        let events = completeTransition(transition, confirmed: true, location: lastLocation)
        if let lastLocation { updateProgress(fused: lastLocation, raw: nil) }
        return events
    }

    /// Plans a new route from the last location now (ignoring cooldowns), e.g. after the user changed
    /// options.
    @discardableResult
    public func requestReroute() -> [NavigationEvent] {
        guard isNavigating, let location = lastLocation else { return [] }
        return reroute(from: location, reason: .requested, bypassPolicy: true)
    }

    // MARK: - Helpers

    /// The location's level when it is known with enough probability.
    func trustedLevel(of location: IndoorLocation) -> String? {
        guard let id = location.levelID, location.levelProbability >= configuration.minimumLevelProbability else { return nil }
        return (try? venue.level(id).id) ?? id
    }

    /// The building or section containing a point (else the level id), for error messages.
    func sectionID(at point: LocalPoint, levelID: String) -> String? {
        guard let li = try? venue.levelIndex(levelID) else { return levelID }
        for i in venue.spatialIndex.spaces(containing: point, levelIndex: li) {
            if let b = venue.spaces[i].buildingID { return b }
        }
        return venue.levels[li].buildingIDs.first ?? venue.levels[li].id
    }
}

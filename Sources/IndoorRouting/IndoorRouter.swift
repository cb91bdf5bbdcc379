import IndoorGeometry
import IndoorVenue

/// Computes indoor routes on one venue: validation, place matching, search with avoidances, transport
/// modes and waypoints, then sections, maneuvers and instructions.
///
/// Holds a search workspace, so use one router per thread; the ``RoutingIndex`` it reads is shared.
public final class IndoorRouter {
    /// The shared per-venue preprocessing routed on.
    public let index: RoutingIndex
    /// Direction modes by name (`default`, `accessible` and the venue's own), for `RouteOptions.directionMode`.
    public let directionModes: [String: DirectionMode]
    let search: PathSearch
    let hierarchyQuery: HierarchyQuery?

    /// A router over a shared index; direction modes default to the built-in ones plus the venue's.
    public init(index: RoutingIndex, directionModes: [String: DirectionMode]? = nil) {
        self.index = index
        self.directionModes = directionModes ?? DirectionMode.modes(for: index.venue)
        self.search = PathSearch(index: index)
        self.hierarchyQuery = index.hierarchyCache.map { _ in HierarchyQuery(nodeCount: index.venue.graph.nodes.count) }
    }

    /// A router with its own index and the venue's direction modes.
    public convenience init(venue: Venue) { self.init(index: RoutingIndex(venue: venue)) }

    /// The venue routed on.
    public var venue: Venue { index.venue }

    /// States settled by all searches so far (benchmark telemetry).
    public var settledStatesTotal: Int { search.settledStatesTotal }

    /// Plans a route. Throws for an invalid request; a request that is valid but cannot be served
    /// returns no route and CRITICAL notices (`couldNotMatch…`, `noRouteFound…`).
    public func route(_ request: RouteRequest) throws(RoutingError) -> RouteResponse {
        try request.validate()
        let options = request.options
        var mode = DirectionMode.builtIn["default"] ?? DirectionMode(name: "default")
        if let name = options.directionMode {
            guard let m = directionModes[name] else {
                throw .badRequest(
                    field: "mode",
                    reason: "unknown direction mode '\(name)' (known: \(directionModes.keys.sorted().joined(separator: ", ")))")
            }
            mode = m
        }
        if let universe = options.universe, !venue.universes.contains(where: { $0.id == universe }) {
            throw .badRequest(
                field: "universe",
                reason: "unknown universe '\(universe)' (known: \(venue.universes.map(\.id).sorted().joined(separator: ", ")))")
        }
        let hidden = options.universe.flatMap { index.hiddenEdgesByUniverse[$0] }
        let closedIDs = options.closedFeatureIDs ?? []
        let closed = try index.closedEdges(for: closedIDs)
        var routeNotices: [RouteNotice] = []
        let vehicleKinds: Set<ConnectorKind> = [.driveRamp, .carLift]
        if !options.transportMode.isVehicle {
            if options.enableOption != nil { routeNotices.append(RouteNotice(.ignoredVehicleEnable)) }
            if options.vehicleSpeedMetersPerSecond != nil { routeNotices.append(RouteNotice(.ignoredVehicleSpeed)) }
            if !options.avoid.isDisjoint(with: vehicleKinds) { routeNotices.append(RouteNotice(.ignoredVehicleAvoidFeatures)) }
        }
        let avoid = options.transportMode.isVehicle ? options.avoid : options.avoid.subtracting(vehicleKinds)

        // Match every place.
        let matcher = PlaceMatcher(
            venue: venue, nodesByFeatureID: index.nodesByFeatureID, maxDistanceMeters: options.maxMatchDistanceMeters,
            languages: [options.language])
        func failure(_ code: RouteNotice.Code, _ place: Place, _ f: PlaceMatcher.Failure) -> RouteResponse {
            let why: String
            switch f {
            case .unknownFeature(let id): why = "no POI or space with id '\(id)'"
            case .unknownLevel(let reason): why = reason
            case .tooFar: why = "no navigation graph edge within \(options.maxMatchDistanceMeters) m of \(place)"
            }
            return RouteResponse(route: nil, notices: routeNotices + [RouteNotice(code, details: why)])
        }
        let origin: MatchedPlace
        switch matcher.match(request.origin) {
        case .success(let m): origin = m
        case .failure(let f): return failure(.couldNotMatchOrigin, request.origin, f)
        }
        var vias: [MatchedPlace] = []
        for w in request.waypoints {
            switch matcher.match(w.place) {
            case .success(let m): vias.append(m)
            case .failure(let f): return failure(.couldNotMatchWaypoint, w.place, f)
            }
        }
        // `category:KIND` destinations stand for every place of that kind.
        let expanded = CategoryPlaces.expand(request.destinations, venue: venue, universe: options.universe)
        if let unknown = expanded.unknown {
            let why = "no POI or space of category '\(unknown.kind)' (known: \(unknown.known.joined(separator: ", ")))"
            return RouteResponse(route: nil, notices: routeNotices + [RouteNotice(.couldNotMatchDestination, details: why)])
        }
        var destinations: [MatchedPlace] = []
        var lastFailure: (Place, PlaceMatcher.Failure)?
        for d in expanded.places {
            switch matcher.match(d) {
            case .success(let m): destinations.append(m)
            case .failure(let f): lastFailure = (d, f); destinations.append(MatchedPlace.unmatched)
            }
        }
        if destinations.allSatisfy({ $0.isUnmatched }), let (place, f) = lastFailure {
            return failure(.couldNotMatchDestination, place, f)
        }

        // Attempts from strict to relaxed.
        let walkSpeed = options.walkingSpeedMetersPerSecond ?? mode.walkingSpeedMetersPerSecond
        let vehicleSpeed = options.vehicleSpeedMetersPerSecond ?? RouteOptions.defaultVehicleSpeedMetersPerSecond
        func costModel(avoiding: Set<ConnectorKind>, transition: String?, hiding: Bool, closing: Bool) -> CostModel {
            var model = CostModel(
                optimization: options.optimization, walkingSpeedMetersPerSecond: walkSpeed,
                vehicleSpeedMetersPerSecond: vehicleSpeed, excludedConnectors: mode.excludedConnectors.union(avoiding),
                accessibleOnly: mode.accessibleOnly, requiredTransitionTypeID: transition,
                connectorTransitionTypes: index.connectorTransitionTypes)
            model.hiddenEdges = hiding ? hidden : nil
            model.universe = hiding ? options.universe : nil
            return closing ? model.closing(closed, edgeCount: venue.graph.edges.count) : model
        }
        let vehiclePhases: [TravelKind]
        switch options.enableOption ?? .entireRoute {
        case .entireRoute: vehiclePhases = [.driving]
        case .routeHead: vehiclePhases = [.driving, .walking]
        case .routeTail: vehiclePhases = [.walking, .driving]
        }
        var attempts:
            [(
                cost: CostModel, phases: [TravelKind], transitionRelaxed: Bool, avoidRelaxed: Bool, vehicleRelaxed: Bool,
                universeRelaxed: Bool, closureRelaxed: Bool
            )] = []
        let phaseOptions: [([TravelKind], Bool)] =
            options.transportMode.isVehicle ? [(vehiclePhases, false), ([.walking], true)] : [([.walking], false)]
        // Closures are given up last, then hidden spaces: only when nothing else finds a way.
        for closureRelaxed in closed.isEmpty ? [false] : [false, true] {
            for universeRelaxed in hidden == nil ? [false] : [false, true] {
                for (phases, vehicleRelaxed) in phaseOptions {
                    for avoidRelaxed in avoid.isEmpty ? [false] : [false, true] {
                        let avoiding = avoidRelaxed ? [] : avoid
                        if let t = options.preferredTransitionTypeID {
                            attempts.append(
                                (
                                    costModel(avoiding: avoiding, transition: t, hiding: !universeRelaxed, closing: !closureRelaxed),
                                    phases,
                                    false, avoidRelaxed, vehicleRelaxed, universeRelaxed, closureRelaxed
                                ))
                        }
                        attempts.append(
                            (
                                costModel(avoiding: avoiding, transition: nil, hiding: !universeRelaxed, closing: !closureRelaxed), phases,
                                options.preferredTransitionTypeID != nil, avoidRelaxed, vehicleRelaxed, universeRelaxed, closureRelaxed
                            ))
                    }
                }
            }
        }

        let planner = LegPlanner(venue: venue, search: search, hierarchyQuery: hierarchyQuery, hierarchyCache: index.hierarchyCache)
        for attempt in attempts {
            guard
                let plan = planAll(
                    planner: planner, origin: origin, vias: vias, destinations: destinations,
                    cost: attempt.cost, phases: attempt.phases)
            else { continue }
            var notices = routeNotices
            if attempt.transitionRelaxed, let wanted = options.preferredTransitionTypeID {
                let known = Set(venue.connectors.compactMap(\.transitionTypeID)).sorted()
                let details =
                    known.contains(wanted)
                    ? wanted
                    : "\(wanted): no connector of the venue has this transition type (known: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
                notices.append(RouteNotice(.ignoredPreferredTransitionType, details: details))
            }
            if attempt.universeRelaxed { notices.append(RouteNotice(.violatedUniverse, details: options.universe)) }
            if attempt.closureRelaxed { notices.append(RouteNotice(.violatedClosure, details: closedIDs.joined(separator: ", "))) }
            if attempt.vehicleRelaxed {
                let code: RouteNotice.Code
                switch options.enableOption ?? .entireRoute {
                case .routeHead: code = .violatedRouteHeadCondition
                case .routeTail: code = .violatedRouteTailCondition
                case .entireRoute: code = .violatedEntireRouteCondition
                }
                notices.append(RouteNotice(code))
                notices.append(RouteNotice(.violatedTransportMode, details: options.transportMode.rawValue))
            }
            let assembler = RouteAssembler(
                venue: venue, lookups: index.assemblyLookups, request: request,
                avoid: attempt.avoidRelaxed ? avoid : [])
            let route = assembler.assemble(
                segments: plan.segments, boundaries: plan.boundaries, origin: origin.place,
                destination: destinations[plan.destinationIndex].place,
                destinationIndex: expanded.source[plan.destinationIndex], routeNotices: notices)
            var response = RouteResponse(route: route, notices: notices)
            if let wanted = options.alternatives {
                // Alternatives of a single leg, under the attempt that found the route.
                let candidateIndex = destinations.indices.filter { !destinations[$0].isUnmatched }
                let legs =
                    request.waypoints.isEmpty
                    ? planner.alternatives(
                        from: origin, to: candidateIndex.map { destinations[$0] }, cost: attempt.cost, phases: attempt.phases,
                        count: wanted - 1)
                    : []
                response.alternatives = legs.map { leg in
                    let d = candidateIndex[leg.targetTag]
                    return assembler.assemble(
                        segments: leg.segments, boundaries: [], origin: origin.place, destination: destinations[d].place,
                        destinationIndex: expanded.source[d], routeNotices: notices)
                }
            }
            return response
        }
        let code: RouteNotice.Code = request.waypoints.isEmpty ? .noRouteFound : .noRouteFoundWithWaypoint
        return RouteResponse(route: nil, notices: routeNotices + [RouteNotice(code)])
    }

    private func planAll(
        planner: LegPlanner, origin: MatchedPlace, vias: [MatchedPlace], destinations: [MatchedPlace],
        cost: CostModel, phases: [TravelKind]
    ) -> (segments: [RouteSegment], boundaries: [Int], destinationIndex: Int)? {
        var segments: [RouteSegment] = []
        var boundaries: [Int] = []
        var current = origin
        for via in vias {
            guard let leg = planner.plan(from: current, to: [via], cost: cost, phases: phases) else { return nil }
            segments += leg.segments
            boundaries.append(segments.count)
            current = via
        }
        let candidates = destinations.filter { !$0.isUnmatched }
        let candidateIndex = destinations.indices.filter { !destinations[$0].isUnmatched }
        guard let leg = planner.plan(from: current, to: candidates, cost: cost, phases: phases) else { return nil }
        if vias.isEmpty { return (leg.segments, [], candidateIndex[leg.targetTag]) }  // no copy of a single leg
        segments += leg.segments
        return (segments, boundaries, candidateIndex[leg.targetTag])
    }
}

extension MatchedPlace {
    static let unmatched = MatchedPlace(
        place: RoutePlace(point: .zero, levelID: "", featureID: nil, name: nil, matchDistanceMeters: .infinity),
        levelIndex: -1, graphPoint: .zero, exits: [], entries: [], edge: nil)
    var isUnmatched: Bool { levelIndex < 0 }
}

import IndoorGeometry
import IndoorPositioning
import IndoorRouting
import IndoorVenue

extension NavigationSession {
    /// Plans a new route from `location` when the policy allows: a fresh route, or rejoining the
    /// current one at the nearest point ahead when that costs at most `rejoinToleranceFraction` more.
    func reroute(from location: IndoorLocation, reason: RerouteReason, bypassPolicy: Bool) -> [NavigationEvent] {
        guard let destination = destinationPlace else { return [] }
        let level = trustedLevel(of: location) ?? currentLevelID ?? route?.sections.first?.departure.levelID ?? ""
        var events: [NavigationEvent] = []
        if !bypassPolicy {
            if reroutePolicy.hasGivenUp {
                // Re-arm only when a walkable path is within reach again.
                guard let li = try? venue.levelIndex(level),
                    venue.spatialIndex.nearestEdge(
                        to: location.point, levelIndex: li,
                        maxDistanceMeters: configuration.rearmDistanceMeters) != nil
                else { return [] }
                reroutePolicy.rearm()
                events.append(.rerouteRearmed)
            }
            guard reroutePolicy.decide(timeSeconds: location.timeSeconds, point: location.point) == .allowed else { return events }
        }
        events.append(.rerouteRequested(reason))
        let originPoint = smoothedPoint(endingAt: location, levelID: level)
        let origin = Place.local(originPoint, level: level)
        let waypoints = remainingWaypoints(from: sectionIndex)
        switch plan(origin: origin, destination: destination, waypoints: waypoints) {
        case .failure(let notice):
            events.append(.rerouteFailed(reason: reason, notice: notice.notice, attempt: reroutePolicy.failedAttempts + 1))
            if reroutePolicy.recordFailure(timeSeconds: location.timeSeconds) {
                events.append(.rerouteGaveUp(failedAttempts: reroutePolicy.failedAttempts))
            }
        case .success(let fresh):
            var chosen = fresh
            var strategy = RerouteStrategy.fresh
            if waypoints.count < RouteOptions.maxWaypoints, let join = rejoinPoint(for: originPoint, levelID: level),
                case .success(let rejoin) = plan(
                    origin: origin, destination: destination,
                    waypoints: [Waypoint(.local(join, level: level), passThrough: true)] + waypoints),
                rejoin.durationSeconds <= fresh.durationSeconds * (1 + configuration.rejoinToleranceFraction)
            {
                chosen = rejoin
                strategy = .rejoin
            }
            reroutePolicy.recordSuccess(timeSeconds: location.timeSeconds, point: originPoint)
            install(route: chosen)
            events.append(.rerouted(route: chosen, reason: reason, strategy: strategy))
        }
        return events
    }

    /// Where a new route starts: the recent fixes on `levelID` within `rerouteOriginAveragingSeconds` of
    /// `location` and within its corridor distance of it — steadier than one noisy fix — read at
    /// `location`'s time. Their mean lags a user who walks on by half the window's walk, so the fixes are
    /// also fitted by a line in time (least squares) and its slope, shrunk by how much of it the fixes'
    /// noise could explain (factor max(0, 1 − 2 var(slope) / slope²), var(slope) = σ² / Σ(t − t̄)² with σ
    /// the fixes' RMS accuracy), carries the mean forward: a clear walk moves the origin to the user, the
    /// jitter of a few noisy fixes leaves it near their mean. The location itself when there are none.
    /// (`scenarios --seeds 60 --jobs 1`, distance from a new route's start to the simulated user: fixes of
    /// 1 m noise mean 1.06 → 0.97 m, median 1.06 → 0.93 m; of 3 m noise 2.99 → 3.01 m; without the factor 2,
    /// 0.99 and 3.24 m.)
    func smoothedPoint(endingAt location: IndoorLocation, levelID: String) -> LocalPoint {
        let window = configuration.rerouteOriginAveragingSeconds
        // Only fixes consistent with the latest one: a jump (a new provider, a teleport) is not averaged.
        let radius = configuration.corridorMeters(accuracyMeters: location.horizontalAccuracyMeters)
        let fixes = recentFixes.filter {
            location.timeSeconds - $0.timeSeconds <= window && (trustedLevel(of: $0) ?? levelID) == levelID
                && $0.point.distance(to: location.point) <= radius
        }
        guard !fixes.isEmpty else { return location.point }
        let n = Double(fixes.count)
        let meanTime = fixes.reduce(0) { $0 + $1.timeSeconds } / n
        let mean = LocalPoint(x: fixes.reduce(0) { $0 + $1.point.x } / n, y: fixes.reduce(0) { $0 + $1.point.y } / n)
        var spread = 0.0, slopeX = 0.0, slopeY = 0.0, variance = 0.0
        for fix in fixes {
            let dt = fix.timeSeconds - meanTime
            spread += dt * dt
            slopeX += dt * (fix.point.x - mean.x)
            slopeY += dt * (fix.point.y - mean.y)
            variance += fix.horizontalAccuracyMeters * fix.horizontalAccuracyMeters / n
        }
        guard spread > 1e-12 else { return mean }
        slopeX /= spread
        slopeY /= spread
        let slopeSquared = slopeX * slopeX + slopeY * slopeY
        guard slopeSquared > 0, variance.isFinite else { return mean }
        let shrink = max(0, 1 - 2 * variance / spread / slopeSquared)
        let ahead = (location.timeSeconds - meanTime) * shrink
        return LocalPoint(x: mean.x + slopeX * ahead, y: mean.y + slopeY * ahead)
    }

    /// Plans a route; the failure is the CRITICAL notice code (or the request error).
    func plan(origin: Place, destination: Place, waypoints: [Waypoint]) -> Result<Route, RerouteFailure> {
        let request = RouteRequest(origin: origin, destinations: [destination], waypoints: waypoints, options: routeOptions)
        do {
            let response = try routers.withRouter { router throws(RoutingError) in try router.route(request) }
            if let route = response.route { return .success(route) }
            let notice = response.notices.first { $0.severity == .critical }?.code.rawValue ?? RouteNotice.Code.noRouteFound.rawValue
            return .failure(RerouteFailure(notice: notice))
        } catch {
            return .failure(RerouteFailure(notice: error.description))
        }
    }

    /// The nearest point of the current route ahead of the progress, on `levelID`, before the current
    /// section's stop (so the route still visits the remaining stops in order).
    func rejoinPoint(for point: LocalPoint, levelID: String) -> LocalPoint? {
        guard let tracked = trackedRoute else { return nil }
        let limit = stopOffset(sectionIndex) ?? tracked.sections[min(sectionIndex, tracked.sections.count - 1)].endOffsetMeters
        var best: (point: LocalPoint, distance: Double)?
        for s in tracked.segments where s.levelID == levelID && s.endOffsetMeters > offsetMeters && s.startOffsetMeters < limit {
            guard s.lengthMeters > 1e-9 else { continue }
            let tLow = max(0, (offsetMeters - s.startOffsetMeters) / s.lengthMeters)
            let tHigh = min(1, (limit - s.startOffsetMeters) / s.lengthMeters)
            guard tLow <= tHigh else { continue }
            let t = min(tHigh, max(tLow, Segment(s.start, s.end).closestPoint(to: point).t))
            let q = s.start + (s.end - s.start) * t
            let d = q.distance(to: point)
            if d < (best?.distance ?? .infinity) { best = (q, d) }
        }
        // Rejoining at the destination itself is the fresh route.
        guard let join = best?.point, let end = tracked.location(atOffset: limit),
            join.distance(to: end.point) > configuration.arrivalRadiusMeters
        else { return nil }
        return join
    }

    /// The stopovers (and pass-through waypoints) of sections `from…` still ahead, in order.
    func remainingWaypoints(from first: Int) -> [Waypoint] {
        guard let route, let tracked = trackedRoute else { return [] }
        var out: [Waypoint] = []
        for k in first..<route.sections.count {
            let section = route.sections[k]
            let span = tracked.sections[k]
            for w in section.passThroughWaypoints {
                let share = section.lengthMeters > 1e-9 ? w.offsetMeters / section.lengthMeters : 0
                let at = span.startOffsetMeters + share * (span.endOffsetMeters - span.startOffsetMeters)
                if at > offsetMeters { out.append(Waypoint(place(of: w.place), passThrough: true)) }
            }
            if k < route.sections.count - 1, sectionKind(k) == .stopover {
                let wait = Int(span.waitSeconds.rounded())
                out.append(
                    Waypoint(place(of: section.arrival), stopDurationSeconds: RouteOptions.stopDurationRange.contains(wait) ? wait : nil))
            }
        }
        return Array(out.prefix(RouteOptions.maxWaypoints))
    }

    func place(of routePlace: RoutePlace) -> Place {
        routePlace.featureID.map { Place.feature(id: $0) } ?? .local(routePlace.point, level: routePlace.levelID)
    }

    /// Crossing an authored transition: the remainder is planned from the new section (from the user
    /// when they are already on the new level, else from the section's departure); when planning fails
    /// the current route's next section is followed.
    func completeTransition(_ transition: SectionTransition, confirmed: Bool, location: IndoorLocation?) -> [NavigationEvent] {
        guard let route, let tracked = trackedRoute, let destination = destinationPlace else { return [] }
        var events: [NavigationEvent] = [.transitionCompleted(transition, confirmed: confirmed)]
        let next = min(sectionIndex + 1, route.sections.count - 1)
        let origin: Place
        if let location, let level = trustedLevel(of: location), level == transition.toLevelID {
            origin = .local(smoothedPoint(endingAt: location, levelID: level), level: level)
        } else {
            let departure = route.sections[next].departure
            origin = .local(departure.point, level: departure.levelID)
        }
        let waypoints = remainingWaypoints(from: next)
        if case .success(let remainder) = plan(origin: origin, destination: destination, waypoints: waypoints) {
            install(route: remainder)
            events.append(.rerouted(route: remainder, reason: .sectionTransition, strategy: .fresh))
            return events
        }
        state = .navigating
        sectionIndex = next
        maneuverIndex = 0
        offsetMeters = tracked.sections[next].startOffsetMeters
        currentLevelID = transition.toLevelID
        arrival.reset()
        offRoute.reset()
        if let m = route.sections[next].maneuvers.first {
            events.append(.maneuverAdvanced(sectionIndex: next, maneuverIndex: 0, maneuver: m))
        }
        return events
    }
}

/// Why a planning attempt failed: the router's CRITICAL notice code or request error.
struct RerouteFailure: Error {
    var notice: String
}

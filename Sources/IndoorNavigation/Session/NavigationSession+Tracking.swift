import IndoorGeometry
import IndoorPositioning
import IndoorRouting
import IndoorVenue

/// How a section ends.
enum SectionEnd: Hashable {
    /// The final destination.
    case destination
    /// A stopover waypoint (arrival, optional wait).
    case stopover
    /// An authored transition (guidance pauses).
    case transition
    /// A change of transport mode (guidance just continues).
    case modeChange
}

extension NavigationSession {
    /// How section `k` ends: the last is the destination; a transition is marked; a section followed by
    /// one in the same transport mode ends at a stopover; otherwise the mode changes.
    func sectionKind(_ k: Int) -> SectionEnd {
        guard let sections = route?.sections, k < sections.count - 1 else { return .destination }
        if sections[k].transition != nil { return .transition }
        if !sections[k].postActions.isEmpty || sections[k].transportMode == sections[k + 1].transportMode { return .stopover }
        return .modeChange
    }

    /// The offset where section `k` stops the user (its end, or its transition point).
    func stopOffset(_ k: Int) -> Double? {
        guard let tracked = trackedRoute, k < tracked.sections.count else { return nil }
        switch sectionKind(k) {
        case .destination, .stopover: return tracked.sections[k].endOffsetMeters
        case .transition: return tracked.sections[k].transitionOffsetMeters ?? tracked.sections[k].endOffsetMeters
        case .modeChange: return nil
        }
    }

    /// Tracks one location while navigating, in steps: level handling (``resolveLevel(trustedLevelID:routeLevelID:currentLevelID:offsetMeters:elapsedSeconds:route:configuration:)``),
    /// snapping held at the current stop (``heldAtStop(_:stopOffsetMeters:route:)``), the off-route verdict
    /// and its event (``offRouteVerdict(passingThrough:wrongLevel:snap:corridorMeters:configuration:)``,
    /// ``offRouteEvent(for:wrongLevel:distanceToProgressMeters:routeDistanceMeters:)``), then rerouting
    /// while off the route, or maneuvers, arriving notices and stops while on it.
    func track(_ location: IndoorLocation) -> [NavigationEvent] {
        guard let tracked = trackedRoute else { return [] }
        let time = location.timeSeconds
        let elapsed = lastSnapTimeSeconds.map { time - $0 } ?? 0
        let routeLevel = tracked.levelID(atOffset: offsetMeters) ?? currentLevelID ?? ""
        let levels = Self.resolveLevel(
            trustedLevelID: trustedLevel(of: location), routeLevelID: routeLevel,
            currentLevelID: currentLevelID, offsetMeters: offsetMeters, elapsedSeconds: elapsed,
            route: tracked, configuration: configuration)
        var events = levels.events
        offsetMeters = levels.offsetMeters
        currentLevelID = levels.currentLevelID

        let result = snapper.snap(
            point: location.point, levelID: levels.levelID, accuracyMeters: location.horizontalAccuracyMeters,
            headingRadians: location.headingRadians, headingAccuracyRadians: location.headingAccuracyRadians,
            route: tracked, previousOffsetMeters: levels.searchFromOffsetMeters, elapsedSeconds: elapsed)
        routeDistanceMeters = result.routeDistanceMeters
        let snap = Self.heldAtStop(levels.wrongLevel ? nil : result.snap, stopOffsetMeters: stopOffset(sectionIndex), route: tracked)
        currentSnap = snap
        if let snap {
            offsetMeters = snap.offsetMeters
            currentLevelID = snap.levelID
            lastSnapTimeSeconds = time
        }

        let verdict = Self.offRouteVerdict(
            passingThrough: levels.passingThrough, wrongLevel: levels.wrongLevel, snap: snap,
            corridorMeters: result.corridorMeters,
            movingAway: tracked.distanceToLevelChangeMeters(from: snap?.offsetMeters ?? offsetMeters)
                > configuration.levelChangeZoneMeters
                && Self.isMovingAway(
                    location, nearestPoint: result.nearestBesidePoint,
                    routeBearingRadians: result.snap?.bearingRadians, configuration: configuration),
            configuration: configuration)
        let distanceToProgress =
            levels.wrongLevel ? tracked.location(atOffset: offsetMeters).map { $0.point.distance(to: location.point) } : nil
        if let event = Self.offRouteEvent(
            for: offRoute.update(verdict, timeSeconds: time), wrongLevel: levels.wrongLevel,
            distanceToProgressMeters: distanceToProgress, routeDistanceMeters: result.routeDistanceMeters)
        {
            events.append(event)
        }
        if offRoute.isOffRoute {
            reroutePolicy.noteOffRoute()
            // Only a fix outside the corridor triggers a reroute: one coming back towards it does not.
            if verdict == .outside {
                events += reroute(from: location, reason: .offRoute(levels.wrongLevel ? .wrongLevel : .distance), bypassPolicy: false)
            }
            return events
        }
        if snap != nil { reroutePolicy.noteOnRoute(timeSeconds: time) }
        events += advanceManeuvers()
        events += arrivingNotices()
        events += checkStop(location)
        return events
    }

    /// Moves the current maneuver forward (never back) as the progress passes maneuvers.
    func advanceManeuvers() -> [NavigationEvent] {
        guard let tracked = trackedRoute, let route, sectionIndex < tracked.sections.count else { return [] }
        var events: [NavigationEvent] = []
        // Sections without a stop (mode changes) are left as soon as the progress passes their end.
        while sectionKind(sectionIndex) == .modeChange, offsetMeters >= tracked.sections[sectionIndex].endOffsetMeters,
            sectionIndex + 1 < tracked.sections.count
        {
            sectionIndex += 1
            maneuverIndex = 0
            if let m = route.sections[sectionIndex].maneuvers.first {
                events.append(.maneuverAdvanced(sectionIndex: sectionIndex, maneuverIndex: 0, maneuver: m))
            }
        }
        let offsets = tracked.sections[sectionIndex].maneuverOffsetsMeters
        var next = maneuverIndex
        while next + 1 < offsets.count, offsets[next + 1] <= offsetMeters + configuration.maneuverAdvanceLeadMeters {
            // The closing arrive/wait maneuvers belong to the arrival, not to passing by.
            let action = route.sections[sectionIndex].maneuvers[next + 1].action
            if action == .arrive || action == .wait { break }
            next += 1
        }
        if next != maneuverIndex {
            maneuverIndex = next
            events.append(
                .maneuverAdvanced(
                    sectionIndex: sectionIndex, maneuverIndex: next,
                    maneuver: route.sections[sectionIndex].maneuvers[next]))
        }
        return events
    }

    /// `.arriving` once per level change or transition ahead within the notice distance, and once
    /// before the final destination (not when the route is shorter than the notice distance from where
    /// navigation started: there is nothing to warn of).
    func arrivingNotices() -> [NavigationEvent] {
        guard let tracked = trackedRoute, let route else { return [] }
        var events: [NavigationEvent] = []
        if sectionKind(sectionIndex) == .destination, let end = stopOffset(sectionIndex) {
            let d = end - offsetMeters
            // Keys of level changes and transitions are tenths of a metre ≥ 0; the destination's is below.
            let key = -1 - Int((end * 10).rounded())
            if d > 0, d <= configuration.arrivingNoticeMeters, end > configuration.arrivingNoticeMeters,
                !arrivingNoticesSent.contains(key)
            {
                arrivingNoticesSent.insert(key)
                events.append(.arriving(.destination(featureID: destinationID, name: destinationName), distanceMeters: d))
            }
        }
        if sectionKind(sectionIndex) == .transition, let t = route.sections[sectionIndex].transition,
            let at = tracked.sections[sectionIndex].transitionOffsetMeters
        {
            let d = at - offsetMeters
            let key = Int((at * 10).rounded())
            if d >= 0, d <= configuration.arrivingNoticeMeters, !arrivingNoticesSent.contains(key) {
                arrivingNoticesSent.insert(key)
                events.append(.arriving(.sectionTransition(t), distanceMeters: d))
            }
        }
        if let target = announcedLevelChangeTarget, target == currentLevelID { announcedLevelChangeTarget = nil }
        if let change = tracked.nextLevelChange(after: offsetMeters) {
            let d = change.startOffsetMeters - offsetMeters
            let key = Int((change.startOffsetMeters * 10).rounded())
            if d >= 0, d <= configuration.arrivingNoticeMeters, !arrivingNoticesSent.contains(key) {
                arrivingNoticesSent.insert(key)
                // A staircase with a landing on the level between is two connector runs to the same
                // level: the user was told once, at its foot, and is still on the way there.
                if change.toLevelID != announcedLevelChangeTarget {
                    announcedLevelChangeTarget = change.toLevelID
                    events.append(.arriving(.levelChange(toLevelID: change.toLevelID), distanceMeters: d))
                }
            }
        }
        return events
    }

    /// Distance from a location to the stop of section `k`: along the route when snapped, else straight
    /// (on the stop's level only); `nil` when the fix cannot tell.
    func stopDistance(_ k: Int, location: IndoorLocation) -> Double? {
        guard let tracked = trackedRoute, let stop = stopOffset(k), let target = tracked.location(atOffset: stop) else { return nil }
        guard location.horizontalAccuracyMeters <= configuration.arrivalMaximumAccuracyMeters else { return nil }
        if let snap = currentSnap, snap.levelID == target.levelID { return max(0, stop - snap.offsetMeters) }
        let level = trustedLevel(of: location) ?? currentLevelID
        guard level == target.levelID else { return nil }
        return location.point.distance(to: target.point)
    }

    /// Straight distance to the end of stopover section `k`, for leaving a stopover.
    func stopoverDistance(_ k: Int, location: IndoorLocation) -> Double? {
        guard let end = route?.sections[k].arrival else { return nil }
        if let level = trustedLevel(of: location), level != end.levelID { return nil }
        return location.point.distance(to: end.point)
    }

    /// Arrival at the current section's stop: destination, stopover, or transition point.
    func checkStop(_ location: IndoorLocation) -> [NavigationEvent] {
        guard let tracked = trackedRoute, let route else { return [] }
        let k = sectionIndex
        let kind = sectionKind(k)
        guard kind != .modeChange else { return [] }
        let distance = stopDistance(k, location: location)
        if kind == .transition, let t = route.sections[k].transition {
            guard let d = distance, d <= configuration.arrivalRadiusMeters else { return [] }
            state = .awaitingTransition(t)
            return [.awaitingTransition(t)]
        }
        guard
            arrival.update(
                distanceMeters: distance, accuracyMeters: location.horizontalAccuracyMeters, timeSeconds: location.timeSeconds,
                point: location.point) == .entered
        else { return [] }
        let section = route.sections[k]
        let wait = tracked.sections[k].waitSeconds
        let info = ArrivalInfo(
            sectionIndex: k, isFinal: kind == .destination,
            destinationID: kind == .destination ? destinationID ?? section.arrival.featureID : section.arrival.featureID,
            destinationName: kind == .destination ? destinationName ?? section.arrival.name : section.arrival.name,
            waitSeconds: wait, atStart: false)
        if kind == .destination {
            state = .arrived
            offsetMeters = tracked.sections[k].endOffsetMeters
            return [.arrived(info)]
        }
        // A stopover: wait there, then guide on from the next section.
        state = .waitingAtStopover(sectionIndex: k, untilSeconds: location.timeSeconds + wait)
        offsetMeters = tracked.sections[k].endOffsetMeters
        sectionIndex = k + 1
        maneuverIndex = 0
        arrival.reset()
        var events: [NavigationEvent] = [.arrived(info)]
        if let m = route.sections[k + 1].maneuvers.first {
            events.append(.maneuverAdvanced(sectionIndex: k + 1, maneuverIndex: 0, maneuver: m))
        }
        return events
    }

    /// After the final arrival: report leaving the arrival area (exit hysteresis), nothing else.
    func trackAfterArrival(_ location: IndoorLocation) -> [NavigationEvent] {
        guard let end = route?.sections.last?.arrival else { return [] }
        var distance: Double? = location.point.distance(to: end.point)
        if let level = trustedLevel(of: location), level != end.levelID { distance = 1e9 }
        if location.horizontalAccuracyMeters > configuration.arrivalMaximumAccuracyMeters { distance = nil }
        guard arrival.hasArrived,
            arrival.update(distanceMeters: distance, accuracyMeters: location.horizontalAccuracyMeters, timeSeconds: location.timeSeconds)
                == .exited
        else { return [] }
        return [.leftArrivalArea(sectionIndex: max(0, (route?.sections.count ?? 1) - 1))]
    }
}

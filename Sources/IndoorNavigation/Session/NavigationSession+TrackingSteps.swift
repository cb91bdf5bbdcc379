import IndoorGeometry
import IndoorPositioning
import IndoorRouting

/// The outcome of the level step of ``NavigationSession/track(_:)``: the level to snap on and how the
/// progress moves before snapping.
struct LevelResolution: Equatable {
    /// The level the location is snapped on.
    var levelID: String
    /// The location is on a level the route does not reach from here.
    var wrongLevel = false
    /// The location is on a level a connector run ahead passes through (mid-way up a staircase).
    var passingThrough = false
    /// The progress after the level step, metres along the route.
    var offsetMeters: Double
    /// Where the snap search starts, metres along the route.
    var searchFromOffsetMeters: Double
    /// The level the user is on after the level step.
    var currentLevelID: String?
    /// Level changes announced by the step.
    var events: [NavigationEvent] = []
}

extension NavigationSession {
    /// Level handling (pure): a trusted level different from the route's here is either a level the
    /// connector run ahead passes through (progress moves to the run's start, no verdict), the level the
    /// run ahead leads to (progress moves to the run's end, a `levelChanged` event), or a wrong level.
    /// "Ahead" means within the search window plus the arriving notice plus the distance walkable since
    /// the last snap.
    static func resolveLevel(
        trustedLevelID: String?, routeLevelID: String, currentLevelID: String?, offsetMeters: Double,
        elapsedSeconds: Double, route: TrackedRoute, configuration: NavigationConfiguration
    ) -> LevelResolution {
        let level = trustedLevelID ?? routeLevelID
        var result = LevelResolution(
            levelID: level, offsetMeters: offsetMeters, searchFromOffsetMeters: offsetMeters,
            currentLevelID: currentLevelID)
        guard level != routeLevelID else { return result }
        let reachMeters =
            configuration.searchAheadMeters + configuration.arrivingNoticeMeters
            + configuration.maximumSpeedMetersPerSecond * max(0, elapsedSeconds)
        let run = route.nextLevelChangeRun(after: offsetMeters - configuration.searchBehindMeters)
        if let run, run.passedLevelIDs.contains(level), run.startOffsetMeters - offsetMeters <= reachMeters {
            result.passingThrough = true
            if currentLevelID != level {
                result.events.append(.levelChanged(fromLevelID: currentLevelID ?? routeLevelID, toLevelID: level))
                result.currentLevelID = level
            }
            result.offsetMeters = max(offsetMeters, run.startOffsetMeters)
            result.searchFromOffsetMeters = result.offsetMeters
        } else if let change = run, change.toLevelID == level, change.startOffsetMeters - offsetMeters <= reachMeters {
            result.events.append(.levelChanged(fromLevelID: routeLevelID, toLevelID: level))
            // Continue the search from the end of the connector run.
            var end = change.startOffsetMeters
            for segment in route.segments where segment.startOffsetMeters >= change.startOffsetMeters - 1e-9 {
                if segment.levelID != nil { break }
                end = segment.endOffsetMeters
            }
            result.searchFromOffsetMeters = end
            result.offsetMeters = max(offsetMeters, end)
            result.currentLevelID = level
        } else {
            result.wrongLevel = true
        }
        return result
    }

    /// Holds at stops (pure): a snap beyond the current section's stop is moved back to the stop until
    /// the user has arrived there.
    static func heldAtStop(_ snap: RouteSnap?, stopOffsetMeters: Double?, route: TrackedRoute) -> RouteSnap? {
        guard var held = snap, let stop = stopOffsetMeters, held.offsetMeters > stop else { return snap }
        if let p = route.location(atOffset: stop) { held.point = p.point }
        held.offsetMeters = stop
        return held
    }

    /// The off-route verdict of one location (pure): passing through a connector run is never evidence;
    /// a snap well inside the corridor (``NavigationConfiguration/onRouteEvidenceFraction``) is on the
    /// route; one near its edge is outside when the user heads away from the route (`movingAway`,
    /// ``isMovingAway(_:nearestPoint:configuration:)``), else ambiguous; no snap or a wrong level is outside.
    static func offRouteVerdict(
        passingThrough: Bool, wrongLevel: Bool, snap: RouteSnap?, corridorMeters: Double,
        movingAway: Bool = false, configuration: NavigationConfiguration
    ) -> OffRouteDetector.Verdict {
        if passingThrough { return .ambiguous }
        guard let snap, !wrongLevel else { return .outside }
        if snap.distanceMeters <= configuration.onRouteEvidenceFraction * corridorMeters { return .onRoute }
        return movingAway ? .outside : .ambiguous
    }

    /// Whether a location heads away from the route (pure): its heading is reliable, within
    /// ``NavigationConfiguration/offRouteAwayHeadingRadians`` of the direction from the nearest point
    /// of the route to the location, and at least that far from the route's direction where the
    /// location snaps (a user walking along the route, e.g. towards a turn, is not leaving it). Never
    /// when that setting is 0.
    /// - Parameters:
    ///   - nearestPoint: the nearest point of the route beside a segment (``RouteSnapper/Result/nearestBesidePoint``).
    ///   - routeBearingRadians: the route's direction at the location's snap, when it snapped.
    static func isMovingAway(
        _ location: IndoorLocation, nearestPoint: LocalPoint?, routeBearingRadians: Double? = nil,
        configuration: NavigationConfiguration
    ) -> Bool {
        let limit = configuration.offRouteAwayHeadingRadians
        guard limit > 0, let nearestPoint, let heading = location.headingRadians, heading.isFinite,
            let accuracy = location.headingAccuracyRadians, accuracy <= configuration.reliableHeadingAccuracyRadians,
            nearestPoint.distance(to: location.point) > 1e-6
        else { return false }
        if let bearing = routeBearingRadians, abs(Angle.difference(from: heading, to: bearing)) < limit { return false }
        let away = nearestPoint.bearingRadians(to: location.point)
        return abs(Angle.difference(from: heading, to: away)) <= limit
    }

    /// The event of an off-route transition (pure): on a wrong level the distance is measured to the
    /// progress point, otherwise to the route; a non-finite distance is reported as 0.
    static func offRouteEvent(
        for change: OffRouteDetector.Change, wrongLevel: Bool, distanceToProgressMeters: Double?,
        routeDistanceMeters: Double
    ) -> NavigationEvent? {
        switch change {
        case .wentOffRoute:
            let distance = wrongLevel ? (distanceToProgressMeters ?? 0) : routeDistanceMeters
            return .offRoute(distanceMeters: distance.isFinite ? distance : 0, reason: wrongLevel ? .wrongLevel : .distance)
        case .cameBack:
            return .backOnRoute
        case .none:
            return nil
        }
    }
}

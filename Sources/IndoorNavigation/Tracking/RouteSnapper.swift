import IndoorGeometry

/// A location projected onto a route.
public struct RouteSnap: Hashable, Sendable, Codable {
    /// The projected point on the route.
    public var point: LocalPoint
    /// The level of the projected point (the location's level).
    public var levelID: String
    /// Offset of `point` along the route, in metres.
    public var offsetMeters: Double
    /// Distance from the location to `point`, in metres.
    public var distanceMeters: Double
    /// Index into ``TrackedRoute/segments``.
    public var segmentIndex: Int
    /// Direction of the route at `point`, radians clockwise from north.
    public var bearingRadians: Double
    /// Whether the projection was found near the previous progress (not by the route-wide search).
    public var isNearPreviousProgress: Bool
}

/// Projects locations onto a route: on the location's level only, inside a corridor, near the previous
/// progress first (going back along the route costs a little), with a heading check when the heading is
/// reliable.
///
/// Pure: the previous progress and elapsed time come in as arguments.
package struct RouteSnapper: Sendable {
    /// The corridor width, heading tolerance and search window it applies.
    package let configuration: NavigationConfiguration

    /// A snapper for `configuration`'s corridor and heading settings.
    package init(configuration: NavigationConfiguration) { self.configuration = configuration }

    /// Metres at the start of a route with no ``Result/nearestBesidePoint``: a route planned from a
    /// fix (a start, a reroute, a section transition) begins at that noisy position and joins the
    /// walkable paths from there, so the side of its first metres says little about leaving it.
    package static let besideStartMeters = 10.0

    /// The result of one projection.
    package struct Result: Hashable, Sendable {
        /// The projection inside the corridor, or `nil` when the location is outside it.
        package var snap: RouteSnap?
        /// Distance from the location to the nearest point of the route on its level, in metres
        /// (infinity when the route does not visit the level).
        package var routeDistanceMeters: Double
        /// The corridor half-width used, in metres.
        package var corridorMeters: Double
        /// The nearest point of the route on the location's level when it lies beside a walkable
        /// segment (more than 0.5 m from the segment's ends, and ``RouteSnapper/besideStartMeters`` or
        /// more along the route), local frame; `nil` when the nearest point is a corner, an end, a
        /// connector or the route's first metres, or the route does not visit the level. Off-route evidence
        /// from the heading (``NavigationConfiguration/offRouteAwayHeadingRadians``) uses it: beyond a
        /// corner, a user walking towards the turn heads away from the corner too.
        package var nearestBesidePoint: LocalPoint? = nil
    }

    /// Snaps `point` on `levelID`.
    ///
    /// The local search covers `[previous − searchBehind, previous + searchAhead + maxSpeed × elapsed]`;
    /// when it finds nothing inside the corridor the whole route on the level is searched.
    /// - Complexity: O(segments).
    package func snap(
        point: LocalPoint, levelID: String, accuracyMeters: Double, headingRadians: Double?,
        headingAccuracyRadians: Double?, route: TrackedRoute, previousOffsetMeters: Double?,
        elapsedSeconds: Double
    ) -> Result {
        let corridor = configuration.corridorMeters(accuracyMeters: accuracyMeters)
        var reliableHeading: Double?
        if let h = headingRadians, h.isFinite, let acc = headingAccuracyRadians, acc <= configuration.reliableHeadingAccuracyRadians {
            reliableHeading = h
        }
        var window: ClosedRange<Double>?
        if let previous = previousOffsetMeters {
            let ahead = configuration.searchAheadMeters + configuration.maximumSpeedMetersPerSecond * max(0, min(elapsedSeconds, 600))
            window = (previous - configuration.searchBehindMeters)...(previous + ahead)
        }
        var bestLocal: (snap: RouteSnap, score: Double)?
        var bestGlobal: (snap: RouteSnap, score: Double)?
        var nearest = Double.infinity
        var nearestBesidePoint: LocalPoint?
        for (i, s) in route.segments.enumerated() where s.levelID == levelID || s.levelID == nil {
            guard let full = project(point, on: s, index: i, range: nil, levelID: levelID) else { continue }
            if full.distanceMeters < nearest {
                nearest = full.distanceMeters
                let beside =
                    full.offsetMeters >= Self.besideStartMeters && s.levelID != nil && full.point.distance(to: s.start) > 0.5
                    && full.point.distance(to: s.end) > 0.5
                nearestBesidePoint = beside ? full.point : nil
            }
            let penalty = headingPenalty(
                reliableHeading, segmentBearing: full.bearingRadians, segmentLength: s.levelID == nil ? 0 : s.lengthMeters)
            if full.distanceMeters + penalty < (bestGlobal?.score ?? .infinity) { bestGlobal = (full, full.distanceMeters + penalty) }
            if let window, s.endOffsetMeters >= window.lowerBound, s.startOffsetMeters <= window.upperBound,
                var local = project(point, on: s, index: i, range: window, levelID: levelID)
            {
                local.isNearPreviousProgress = true
                let behind = max(0, (previousOffsetMeters ?? local.offsetMeters) - local.offsetMeters)
                let score = local.distanceMeters + penalty + configuration.snapBackwardPenaltyPerMeter * behind
                if score < (bestLocal?.score ?? .infinity) { bestLocal = (local, score) }
            }
        }
        if let local = bestLocal, local.snap.distanceMeters <= corridor {
            return Result(snap: local.snap, routeDistanceMeters: nearest, corridorMeters: corridor, nearestBesidePoint: nearestBesidePoint)
        }
        if let global = bestGlobal, global.snap.distanceMeters <= corridor {
            return Result(snap: global.snap, routeDistanceMeters: nearest, corridorMeters: corridor, nearestBesidePoint: nearestBesidePoint)
        }
        return Result(snap: nil, routeDistanceMeters: nearest, corridorMeters: corridor, nearestBesidePoint: nearestBesidePoint)
    }

    private func headingPenalty(_ heading: Double?, segmentBearing: Double, segmentLength: Double) -> Double {
        guard let heading, segmentLength > 0.5, segmentBearing.isFinite else { return 0 }
        let difference = abs(Angle.difference(from: heading, to: segmentBearing))
        return difference > configuration.headingMismatchRadians ? configuration.headingMismatchPenaltyMeters : 0
    }

    /// Projects onto the part of `segment` inside `range` (route offsets), or the whole segment.
    private func project(
        _ p: LocalPoint, on segment: TrackedRoute.Segment, index: Int, range: ClosedRange<Double>?,
        levelID: String
    ) -> RouteSnap? {
        guard let level = segment.levelID else {
            // A level change: the user can stand at its entry on the start level or its exit on the end level.
            let end: (point: LocalPoint, offset: Double)?
            if segment.startLevelID == levelID {
                end = (segment.start, segment.startOffsetMeters)
            } else if segment.endLevelID == levelID {
                end = (segment.end, segment.endOffsetMeters)
            } else {
                end = nil
            }
            guard let end, range.map({ $0.contains(end.offset) }) ?? true else { return nil }
            return RouteSnap(
                point: end.point, levelID: levelID, offsetMeters: end.offset, distanceMeters: end.point.distance(to: p),
                segmentIndex: index, bearingRadians: 0, isNearPreviousProgress: false)
        }
        let length = segment.lengthMeters
        var tLow = 0.0, tHigh = 1.0
        if let range, length > 1e-9 {
            tLow = max(0, (range.lowerBound - segment.startOffsetMeters) / length)
            tHigh = min(1, (range.upperBound - segment.startOffsetMeters) / length)
            guard tLow <= tHigh else { return nil }
        }
        let (_, tRaw) = IndoorGeometry.Segment(segment.start, segment.end).closestPoint(to: p)
        let t = min(tHigh, max(tLow, tRaw))
        let q = segment.start + (segment.end - segment.start) * t
        let bearing = length > 1e-9 ? segment.start.bearingRadians(to: segment.end) : 0
        return RouteSnap(
            point: q, levelID: level, offsetMeters: segment.startOffsetMeters + t * length,
            distanceMeters: q.distance(to: p), segmentIndex: index, bearingRadians: bearing,
            isNearPreviousProgress: false)
    }
}

import IndoorGeometry
import IndoorRouting
import IndoorVenue

/// Builds a ground-truth ``Trajectory`` leg by leg, for harnesses that decide the next leg while the
/// walk runs (a navigation scenario that leaves its route, waits for a new one and joins it): follow a
/// route's polyline (riding its connectors as ``WalkPlanner`` does), walk straight to a point, stand,
/// cut the walk at a time.
///
/// The same pieces, turn rates and connector timings as ``WalkPlanner``: the one walk model of
/// IndoorNav. Times are seconds from the composer's start.
public struct WalkComposer {
    /// The venue walked on.
    public let venue: Venue
    private var builder: TrajectoryBuilder

    /// A composer standing at `start`, facing `headingRadians` (clockwise from north).
    /// - Throws: ``SimulationError/invalidConfiguration(field:message:)`` for a walker setting out of
    ///   range, ``SimulationError/unknownLevel(reference:context:)`` when `start`'s level is not the venue's.
    public init(venue: Venue, walker: WalkerConfiguration, start: RoutePoint, headingRadians: Double) throws(SimulationError) {
        try walker.checked()
        self.venue = venue
        let level = try Self.levelIndex(of: start.levelID, in: venue, context: "walk start")
        builder = TrajectoryBuilder(
            walker: walker, levelElevations: venue.levels.map(\.elevationMeters), start: start.point, levelIndex: level,
            headingRadians: headingRadians,
            isWalkable: { [venue] point, level in venue.spatialIndex.isWalkable(point, levelIndex: level) })
    }

    /// A composer standing at the first point of `route`, facing along it.
    /// - Throws: as ``init(venue:walker:start:headingRadians:)``; ``SimulationError/noRoute(from:to:reason:)``
    ///   for a route without geometry.
    public init(venue: Venue, walker: WalkerConfiguration, startOf route: Route) throws(SimulationError) {
        let path = try RoutedPath(route: route, venue: venue)
        try self.init(
            venue: venue, walker: walker, start: path.start,
            headingRadians: TrajectoryBuilder.initialHeading(from: path.start.point, moves: path.moves))
    }

    /// Seconds walked so far.
    public var timeSeconds: Double { builder.timeSeconds }
    /// Where the walker is now, venue frame.
    public var position: LocalPoint { builder.position }

    /// Follows `route` from its first point on: walks to it first when the walker is elsewhere on that
    /// level, then along the polyline, riding the route's connectors between levels.
    /// - Throws: ``SimulationError/unknownLevel(reference:context:)`` for a level not in the venue.
    public mutating func follow(_ route: Route) throws(SimulationError) {
        let path = try RoutedPath(route: route, venue: venue)
        builder.walk(to: path.start.point, isDeviation: false)
        builder.follow(path.moves)
    }

    /// Follows the part of `route` after its polyline's vertex `index` (the walker should stand on the
    /// segment that starts there): walks to the next vertex, then along the rest, riding its connectors.
    /// - Throws: as ``follow(_:)``.
    public mutating func follow(_ route: Route, afterVertex index: Int) throws(SimulationError) {
        let path = try RoutedPath(route: route, venue: venue)
        builder.follow(Array(path.moves.dropFirst(max(0, index))))
    }

    /// Walks straight to `point` on the current level (`isDeviation`: off the planned route).
    public mutating func walk(to point: LocalPoint, isDeviation: Bool = false) {
        builder.walk(to: point, isDeviation: isDeviation)
    }

    /// Stands still for `seconds`.
    public mutating func stand(seconds: Double) {
        builder.stand(seconds: seconds)
    }

    /// Drops everything after `seconds` (cutting the piece that contains it), to go on from there.
    public mutating func cut(atSeconds seconds: Double) {
        builder.truncate(atSeconds: seconds)
    }

    /// The walk so far, with steps at `stepFrequencyHz`.
    public func trajectory(stepFrequencyHz: Double = 1.8, routePolyline: [RoutePoint] = []) -> Trajectory {
        let stepped = builder.withSteps(frequencyHz: stepFrequencyHz)
        return Trajectory(
            pieces: stepped.pieces, levelIDs: venue.levels.map(\.id), routePolyline: routePolyline,
            nominalStepFrequencyHz: stepFrequencyHz, stepCount: stepped.stepCount)
    }

    static func levelIndex(of reference: String, in venue: Venue, context: String) throws(SimulationError) -> Int {
        do { return try venue.levelIndex(reference) } catch { throw .unknownLevel(reference: reference, context: context) }
    }
}

/// A route as the walker follows it: its first point, then one move per further polyline vertex, with
/// the connector kind for each level change (from the route's maneuvers; `.connector` when none says).
struct RoutedPath {
    var start: RoutePoint
    var startLevel: Int
    var moves: [PathMove]
    var polyline: [RoutePoint]

    init(route: Route, venue: Venue) throws(SimulationError) {
        let polyline = route.polyline
        guard let first = polyline.first else {
            throw .noRoute(from: "the route's start", to: "its destination", reason: "the route has no geometry (an empty polyline)")
        }
        let changes = route.sections.flatMap(\.maneuvers).compactMap(\.levelChange)
        var changeCursor = 0
        var moves: [PathMove] = []
        var previousLevel = try WalkComposer.levelIndex(of: first.levelID, in: venue, context: "route")
        for point in polyline.dropFirst() {
            let level = try WalkComposer.levelIndex(of: point.levelID, in: venue, context: "route")
            var kind: ConnectorKind?
            if level != previousLevel {
                let fromID = venue.levels[previousLevel].id
                if let k = changes[changeCursor...].firstIndex(where: { $0.fromLevelID == fromID || $0.toLevelID == point.levelID }) {
                    kind = changes[k].connectorKind
                    changeCursor = changes[k].toLevelID == point.levelID ? k + 1 : k
                } else {
                    kind = .connector
                }
            }
            moves.append(PathMove(to: point.point, levelIndex: level, connector: kind))
            previousLevel = level
        }
        start = first
        startLevel = try WalkComposer.levelIndex(of: first.levelID, in: venue, context: "route")
        self.moves = moves
        self.polyline = polyline
    }
}

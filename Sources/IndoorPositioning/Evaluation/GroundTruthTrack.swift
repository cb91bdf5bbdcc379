import IndoorGeometry
import IndoorRecordings

/// A walk's ground truth, validated once and shared by every scorer (``ProviderScoring``,
/// ``BeaconAuditor``, ``FusionReplay``, the tool's replay and eval reports).
///
/// Invariants (checked by ``init(_:source:)``): at least one point; every time and position finite;
/// points in time order (ties keep their input order). The first point is where a scored run starts
/// (``start``); the later ones are the points it is scored at (``scoredPoints``). Between points the
/// walker is taken to move in a straight line at constant speed (``position(atSeconds:extrapolation:)``)
/// and to stay on the level of the latest point (``level(atSeconds:)``).
public struct GroundTruthTrack: Hashable, Sendable {
    /// The points in time order.
    public let points: [TruthPoint]
    /// The same points as a trajectory (linear interpolation).
    public let trajectory: TimedTrajectory
    /// Where the truth came from (a file path or a description), for messages.
    public let source: String

    /// Validates `points` (any order) from `source`.
    /// - Throws: ``PositioningError/invalidGroundTruth(file:line:message:)`` naming `source` and the
    ///   offending point's line (``TruthPoint/line``, else its position in the input) when there is no
    ///   point or a time or position is not finite.
    /// - Complexity: O(n log n).
    public init(_ points: [TruthPoint], source: String = "ground truth") throws(PositioningError) {
        guard !points.isEmpty else { throw .invalidGroundTruth(file: source, line: nil, message: "no ground-truth point") }
        for (index, point) in points.enumerated() {
            let line = point.line ?? index + 1
            guard point.timeSeconds.isFinite else {
                throw .invalidGroundTruth(file: source, line: line, message: "time \(point.timeSeconds) is not finite")
            }
            guard point.point.isFinite else {
                throw .invalidGroundTruth(file: source, line: line, message: "position (\(point.point.x), \(point.point.y)) is not finite")
            }
        }
        let ordered = points.enumerated().sorted { ($0.element.timeSeconds, $0.offset) < ($1.element.timeSeconds, $1.offset) }.map(
            \.element)
        self.points = ordered
        self.trajectory = TimedTrajectory(ordered.map { (timeSeconds: $0.timeSeconds, point: $0.point) })
        self.source = source
    }

    /// The points of a trajectory without levels (every sample of it becomes a truth point).
    /// - Throws: ``PositioningError/invalidGroundTruth(file:line:message:)`` when it is empty.
    public init(_ trajectory: TimedTrajectory, source: String = "ground truth") throws(PositioningError) {
        try self.init(zip(trajectory.times, trajectory.points).map { TruthPoint(timeSeconds: $0, point: $1) }, source: source)
    }

    /// The first point: where a scored run starts.
    public var start: TruthPoint { points[0] }
    /// The last point.
    public var end: TruthPoint { points[points.count - 1] }
    /// The points a run started at ``start`` is scored at: every later one.
    public var scoredPoints: ArraySlice<TruthPoint> { points.dropFirst() }
    /// Number of points.
    public var count: Int { points.count }
    /// Seconds from the first to the last point.
    public var timeSpanSeconds: ClosedRange<Double> { start.timeSeconds...end.timeSeconds }
    /// Sum of the straight legs between points, metres.
    public var pathLengthMeters: Double { trajectory.pathLengthMeters }

    /// The true position at `timeSeconds` (linear between points; outside the span per `extrapolation`).
    /// - Complexity: O(log n).
    public func position(atSeconds timeSeconds: Double, extrapolation: TimedTrajectory.Extrapolation = .none) -> LocalPoint? {
        trajectory.position(atSeconds: timeSeconds, extrapolation: extrapolation)
    }

    /// The level of the last point at or before `timeSeconds` (the first point's before the truth starts).
    /// - Complexity: O(log n).
    public func level(atSeconds timeSeconds: Double) -> LevelReference? {
        var low = 0, high = points.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if points[mid].timeSeconds <= timeSeconds { low = mid } else { high = mid - 1 }
        }
        return points[low].level
    }

    /// Horizontal errors of an estimated `track` at every scored point (the track interpolated at the
    /// point's time, its ends held), metres, in time order; points the track cannot place are left out.
    public func errors(of track: TimedTrajectory) -> [Double] {
        scoredPoints.compactMap { point in
            track.position(atSeconds: point.timeSeconds, extrapolation: .holdEnds).map { $0.distance(to: point.point) }
        }
    }
}

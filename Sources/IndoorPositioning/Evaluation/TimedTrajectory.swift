import IndoorGeometry

/// Positions over time in one frame, interpolated linearly between samples.
///
/// Used both for ground truth (surveyed waypoints the walker moved between in straight lines) and for
/// estimates (a track sampled at fixes or steps).
public struct TimedTrajectory: Hashable, Sendable {
    /// What happens outside the covered time span.
    public enum Extrapolation: Hashable, Sendable {
        /// No position before the first or after the last sample.
        case none
        /// The first / last position is held.
        case holdEnds
    }

    /// Sample times, seconds, non-decreasing.
    public private(set) var times: [Double] = []
    /// Positions at ``times``.
    public private(set) var points: [LocalPoint] = []

    /// An empty trajectory.
    public init() {}

    /// A trajectory from timed points in any order (sorted stably by time; non-finite entries dropped).
    public init(_ samples: [(timeSeconds: Double, point: LocalPoint)]) {
        let valid = samples.enumerated()
            .filter { $0.element.timeSeconds.isFinite && $0.element.point.isFinite }
            .sorted { ($0.element.timeSeconds, $0.offset) < ($1.element.timeSeconds, $1.offset) }
        times = valid.map(\.element.timeSeconds)
        points = valid.map(\.element.point)
    }

    /// Appends a sample; a sample earlier than the last one or non-finite is ignored (returns false).
    @discardableResult
    public mutating func append(timeSeconds: Double, point: LocalPoint) -> Bool {
        guard timeSeconds.isFinite, point.isFinite, timeSeconds >= (times.last ?? -Double.infinity) else { return false }
        times.append(timeSeconds)
        points.append(point)
        return true
    }

    /// Number of samples.
    public var count: Int { times.count }

    /// Sum of the straight legs between consecutive samples, metres.
    public var pathLengthMeters: Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    /// The position at `timeSeconds`, linear between the neighbouring samples.
    /// - Complexity: O(log n).
    public func position(atSeconds t: Double, extrapolation: Extrapolation = .none) -> LocalPoint? {
        guard let first = times.first, let last = times.last, t.isFinite else { return nil }
        if t <= first { return t == first || extrapolation == .holdEnds ? points[0] : nil }
        if t >= last { return t == last || extrapolation == .holdEnds ? points[points.count - 1] : nil }
        // Binary search for the last index with times[i] <= t.
        var low = 0, high = times.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if times[mid] <= t { low = mid } else { high = mid }
        }
        let span = times[high] - times[low]
        guard span > 0 else { return points[high] }
        let f = (t - times[low]) / span
        let a = points[low], b = points[high]
        return LocalPoint(x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y))
    }
}

/// An open chain of local points (a route, a corridor centre line, a door).
public struct Polyline: Hashable, Sendable {
    /// The vertices in order, metres in the local frame.
    public var points: [LocalPoint]

    /// A chain through `points`, in order (metres in the local frame).
    public init(_ points: [LocalPoint]) { self.points = points }

    /// Total length in metres. - Complexity: O(n)
    public var length: Double {
        var total = 0.0
        for i in points.indices.dropFirst() { total += points[i - 1].distance(to: points[i]) }
        return total
    }

    /// The closest point of the line to a query point.
    public struct Projection: Hashable, Sendable {
        /// The closest point on the line.
        public var point: LocalPoint
        /// Distance in metres from the query point to `point`.
        public var distanceMeters: Double
        /// Distance in metres along the line from its start to `point`.
        public var offsetMeters: Double
        /// Index of the segment (from `points[i]` to `points[i+1]`) that holds `point`.
        public var segmentIndex: Int
    }

    /// Projects `p` onto the line; `nil` for an empty line. - Complexity: O(n)
    public func project(_ p: LocalPoint) -> Projection? {
        guard let first = points.first else { return nil }
        if points.count == 1 {
            return Projection(point: first, distanceMeters: first.distance(to: p), offsetMeters: 0, segmentIndex: 0)
        }
        var best = Projection(point: first, distanceMeters: .infinity, offsetMeters: 0, segmentIndex: 0)
        var along = 0.0
        for i in 0..<(points.count - 1) {
            let seg = Segment(points[i], points[i + 1])
            let (q, t) = seg.closestPoint(to: p)
            let d = q.distance(to: p)
            let segLen = seg.length
            if d < best.distanceMeters {
                best = Projection(point: q, distanceMeters: d, offsetMeters: along + t * segLen, segmentIndex: i)
            }
            along += segLen
        }
        return best
    }

    /// The point at `offsetMeters` along the line, clamped to its ends; `nil` for an empty line.
    public func point(atOffset offsetMeters: Double) -> LocalPoint? {
        guard var previous = points.first else { return nil }
        var remaining = Swift.max(0, offsetMeters)
        for p in points.dropFirst() {
            let d = previous.distance(to: p)
            if remaining <= d, d > 0 { return previous + (p - previous) * (remaining / d) }
            remaining -= d
            previous = p
        }
        return previous
    }
}

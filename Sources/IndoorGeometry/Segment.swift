/// A straight segment between two local points.
public struct Segment: Hashable, Sendable {
    /// Where the segment starts, metres in the local frame.
    public var start: LocalPoint
    /// Where it ends.
    public var end: LocalPoint

    /// The segment from `start` to `end` (equal ends make a degenerate, zero-length segment).
    public init(_ start: LocalPoint, _ end: LocalPoint) { self.start = start; self.end = end }

    /// Length in metres.
    public var length: Double { start.distance(to: end) }

    /// The closest point on the segment to `p`, with its parameter `t` in [0, 1] from `start`.
    public func closestPoint(to p: LocalPoint) -> (point: LocalPoint, t: Double) {
        let d = end - start
        let len2 = d.dot(d)
        guard len2 > 0 else { return (start, 0) }
        let t = Swift.min(1, Swift.max(0, (p - start).dot(d) / len2))
        return (start + d * t, t)
    }

    /// Distance in metres from `p` to the segment.
    public func distance(to p: LocalPoint) -> Double { closestPoint(to: p).point.distance(to: p) }

    /// How two segments meet.
    public enum Intersection: Equatable, Sendable {
        /// They do not touch.
        case none
        /// They meet in one point (`t` and `u` are its parameters on `self` and `other`).
        case point(LocalPoint, t: Double, u: Double)
        /// They are collinear and share a stretch.
        case overlap
    }

    /// Intersection with `other`, with `epsilon` metres of tolerance for touching and collinearity.
    public func intersection(with other: Segment, epsilon: Double = 1e-9) -> Intersection {
        let r = end - start, s = other.end - other.start
        let qp = other.start - start
        let denom = r.cross(s)
        let rl = r.length, sl = s.length
        if abs(denom) <= epsilon * Swift.max(rl * sl, 1e-300) {
            // Parallel: collinear when the offset is along r too.
            guard abs(qp.cross(r)) <= epsilon * Swift.max(rl, 1) * Swift.max(qp.length, 1) else { return .none }
            let rr = r.dot(r)
            guard rr > 0 else {
                return other.distance(to: start) <= epsilon ? .point(start, t: 0, u: 0) : .none
            }
            let t0 = qp.dot(r) / rr, t1 = t0 + s.dot(r) / rr
            let lo = Swift.max(0, Swift.min(t0, t1)), hi = Swift.min(1, Swift.max(t0, t1))
            let tol = epsilon / Swift.max(rl, 1e-300)
            if hi < lo - tol { return .none }
            if hi - lo <= tol { let p = start + r * lo; return .point(p, t: lo, u: other.closestPoint(to: p).t) }
            return .overlap
        }
        let t = qp.cross(s) / denom, u = qp.cross(r) / denom
        let tt = epsilon / Swift.max(rl, 1e-300), tu = epsilon / Swift.max(sl, 1e-300)
        guard t >= -tt, t <= 1 + tt, u >= -tu, u <= 1 + tu else { return .none }
        return .point(start + r * t, t: t, u: u)
    }

    /// Whether the two segments cross at a point strictly inside both (touching ends do not count).
    public func properlyCrosses(_ other: Segment, epsilon: Double = 1e-9) -> Bool {
        let d1 = orientation(start, end, other.start), d2 = orientation(start, end, other.end)
        let d3 = orientation(other.start, other.end, start), d4 = orientation(other.start, other.end, end)
        let scale1 = Swift.max(length, 1e-12), scale2 = Swift.max(other.length, 1e-12)
        return ((d1 > epsilon * scale1 && d2 < -epsilon * scale1) || (d1 < -epsilon * scale1 && d2 > epsilon * scale1))
            && ((d3 > epsilon * scale2 && d4 < -epsilon * scale2) || (d3 < -epsilon * scale2 && d4 > epsilon * scale2))
    }
}

/// Twice the signed area of triangle abc: positive when counter-clockwise.
@inlinable
public func orientation(_ a: LocalPoint, _ b: LocalPoint, _ c: LocalPoint) -> Double {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}

import Foundation
import IndoorGeometry

/// Line-of-sight tests inside one polygon (holes included), and the special points a visibility graph
/// needs: corner nodes at reflex vertices, points just inside the boundary, an interior point.
///
/// Two points see each other when the segment between them properly crosses no ring edge and every
/// stretch between the ring vertices it touches has its middle inside the polygon (so a segment cannot
/// slip out through a vertex). Boundary points count as inside: walking along a wall is allowed.
/// - Complexity: ``isVisible(_:_:)`` is O(e) for e ring edges (with a bounding-box reject per edge).
struct PolygonVisibility {
    let polygon: Polygon
    private let segments: [Segment]
    private let boxes: [BoundingBox]
    private let vertices: [LocalPoint]

    init(_ polygon: Polygon) {
        self.polygon = polygon
        segments = polygon.edges
        boxes = segments.map {
            BoundingBox(
                minX: min($0.start.x, $0.end.x), minY: min($0.start.y, $0.end.y),
                maxX: max($0.start.x, $0.end.x), maxY: max($0.start.y, $0.end.y))
        }
        vertices = polygon.rings.flatMap { $0 }
    }

    /// Whether the straight segment from `a` to `b` stays inside the polygon.
    func isVisible(_ a: LocalPoint, _ b: LocalPoint) -> Bool {
        let sight = Segment(a, b)
        let box = BoundingBox(minX: min(a.x, b.x), minY: min(a.y, b.y), maxX: max(a.x, b.x), maxY: max(a.y, b.y))
        for i in segments.indices where boxes[i].intersects(box) {
            if sight.properlyCrosses(segments[i]) { return false }
        }
        // Parameters where the sight line touches a ring vertex split it into stretches to test.
        var touches: [Double] = []
        let near = box.expanded(by: 1e-6)
        for v in vertices where near.contains(v) {
            let (q, t) = sight.closestPoint(to: v)
            if t > 1e-9, t < 1 - 1e-9, q.distance(to: v) < 1e-7 { touches.append(t) }
        }
        func inside(at t: Double) -> Bool { polygon.contains(LocalPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)) }
        if touches.isEmpty { return inside(at: 0.5) }
        touches.sort()
        var previous = 0.0
        for t in touches + [1] {
            if t - previous > 1e-12, !inside(at: (previous + t) / 2) { return false }
            previous = t
        }
        return true
    }

    /// The point of the boundary nearest to `p`, and the unit normal of the edge it lies on.
    func nearestBoundaryPoint(to p: LocalPoint) -> (point: LocalPoint, normal: LocalVector)? {
        var best: (point: LocalPoint, normal: LocalVector, distance: Double)?
        for s in segments {
            let (q, _) = s.closestPoint(to: p)
            let d = q.distance(to: p)
            let dir = s.end - s.start
            guard dir.length > 0, d < (best?.distance ?? .infinity) else { continue }
            best = (q, LocalVector(dx: -dir.dy / dir.length, dy: dir.dx / dir.length), d)
        }
        return best.map { ($0.point, $0.normal) }
    }

    /// A point inside the polygon standing in for `p` in visibility tests: `p` itself when it is inside
    /// and off the boundary, else the nearest boundary point nudged a few centimetres inwards; `nil` when
    /// `p` is more than `maxDistanceMeters` outside.
    func interiorProxy(for p: LocalPoint, maxDistanceMeters: Double) -> LocalPoint? {
        guard p.isFinite else { return nil }
        let contained = polygon.contains(p)
        if contained, polygon.distanceToBoundary(p) > 1e-3 { return p }
        guard let (q, n) = nearestBoundaryPoint(to: p) else { return nil }
        if !contained, q.distance(to: p) > maxDistanceMeters { return nil }
        for step in [0.05, 0.01, 0.002] {
            for sign in [1.0, -1.0] {
                let candidate = q + n * (sign * step)
                if polygon.contains(candidate), polygon.distanceToBoundary(candidate) > step / 4 { return candidate }
            }
        }
        return q
    }

    /// Points pushed `insetMeters` into the polygon from each reflex (concave) vertex turning by at least
    /// `minimumTurnRadians`, so that paths can bend round inner corners (the vertices of a hole are the
    /// polygon's reflex vertices there). A corner whose inset point is not clearly inside is skipped.
    func reflexCorners(insetMeters: Double, minimumTurnRadians: Double) -> [LocalPoint] {
        var corners: [LocalPoint] = []
        for (r, ring) in polygon.rings.enumerated() where ring.count >= 3 {
            let orientation: Double = Polygon.signedArea(ring) >= 0 ? 1 : -1
            // Exterior: reflex where the ring turns against its orientation; holes: the opposite.
            let reflexSign = r == 0 ? -orientation : orientation
            let n = ring.count
            for i in 0..<n {
                let prev = ring[(i + n - 1) % n], v = ring[i], next = ring[(i + 1) % n]
                let inV = v - prev, outV = next - v
                guard inV.length > 1e-9, outV.length > 1e-9 else { continue }
                let cross = inV.cross(outV)
                guard cross * reflexSign > 0 else { continue }
                let turn = atan2(abs(cross), inV.dot(outV))
                guard turn >= minimumTurnRadians, turn < .pi - 1e-3 else { continue }
                let u1 = (prev - v) * (1 / inV.length), u2 = (next - v) * (1 / outV.length)
                let bisector = LocalVector(dx: u1.dx + u2.dx, dy: u1.dy + u2.dy)
                guard bisector.length > 1e-9 else { continue }
                // The bisector of the two edge directions points out of the reflex corner.
                let inward = bisector * (-1 / bisector.length)
                for inset in [insetMeters, insetMeters / 2, insetMeters / 4] {
                    let c = v + inward * inset
                    if polygon.contains(c), polygon.distanceToBoundary(c) > inset * 0.3 { corners.append(c); break }
                }
            }
        }
        return corners
    }

    /// A point well inside the polygon: the centroid when it is at least 0.2 m inside, else the middle of
    /// the widest inside stretch of a few horizontal lines across the polygon; `nil` for degenerate shapes.
    func interiorPoint() -> LocalPoint? {
        let c = polygon.centroid
        if c.isFinite, polygon.contains(c), polygon.distanceToBoundary(c) >= 0.2 { return c }
        let b = polygon.bounds
        var best: (point: LocalPoint, width: Double)?
        for fraction in [0.5, 0.3, 0.7, 0.4, 0.6, 0.2, 0.8] {
            let y = b.minY + b.height * fraction
            var xs: [Double] = []
            for s in segments where (s.start.y > y) != (s.end.y > y) {
                xs.append(s.start.x + (y - s.start.y) * (s.end.x - s.start.x) / (s.end.y - s.start.y))
            }
            xs.sort()
            var i = 0
            while i + 1 < xs.count {
                let width = xs[i + 1] - xs[i]
                if width > (best?.width ?? 0) { best = (LocalPoint(x: (xs[i] + xs[i + 1]) / 2, y: y), width) }
                i += 2
            }
        }
        guard let best, polygon.contains(best.point) else { return nil }
        return best.point
    }
}

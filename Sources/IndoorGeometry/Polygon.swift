/// A simple polygon with optional holes, in a local frame.
///
/// Rings are stored without repeating the first point. Orientation is not assumed.
public struct Polygon: Hashable, Sendable {
    /// The outer boundary.
    public var exterior: [LocalPoint]
    /// Holes inside the exterior.
    public var holes: [[LocalPoint]]
    /// The bounding box of the exterior.
    public let bounds: BoundingBox

    /// Creates a polygon; a closing point equal to the first is dropped.
    public init(exterior: [LocalPoint], holes: [[LocalPoint]] = []) {
        self.exterior = Polygon.open(exterior)
        self.holes = holes.map(Polygon.open)
        self.bounds = BoundingBox(points: self.exterior) ?? BoundingBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
    }

    private static func open(_ ring: [LocalPoint]) -> [LocalPoint] {
        if ring.count > 1, ring.first == ring.last { return Array(ring.dropLast()) }
        return ring
    }

    /// All rings, exterior first.
    public var rings: [[LocalPoint]] { [exterior] + holes }

    /// Area in square metres (exterior minus holes). - Complexity: O(n)
    public var areaSquareMeters: Double {
        abs(Polygon.signedArea(exterior)) - holes.reduce(0) { $0 + abs(Polygon.signedArea($1)) }
    }

    /// Signed shoelace area of a ring: positive when counter-clockwise.
    public static func signedArea(_ ring: [LocalPoint]) -> Double {
        guard ring.count >= 3 else { return 0 }
        var sum = 0.0
        var j = ring.count - 1
        for i in ring.indices {
            sum += ring[j].x * ring[i].y - ring[i].x * ring[j].y
            j = i
        }
        return sum / 2
    }

    /// Area centroid (holes subtracted); the vertex mean for degenerate polygons.
    public var centroid: LocalPoint {
        func moments(_ ring: [LocalPoint]) -> (a: Double, cx: Double, cy: Double) {
            var a = 0.0, cx = 0.0, cy = 0.0
            var j = ring.count - 1
            for i in ring.indices {
                // Shift by the first vertex for numeric stability.
                let p = ring[j], q = ring[i], o = ring[0]
                let px = p.x - o.x, py = p.y - o.y, qx = q.x - o.x, qy = q.y - o.y
                let c = px * qy - qx * py
                a += c; cx += (px + qx) * c; cy += (py + qy) * c
                j = i
            }
            // Back to absolute coordinates: centroid = o + (cx, cy) / (3a).
            return (a / 2, cx / 6 + ring[0].x * a / 2, cy / 6 + ring[0].y * a / 2)
        }
        guard exterior.count >= 3 else {
            let n = Double(Swift.max(exterior.count, 1))
            return LocalPoint(x: exterior.reduce(0) { $0 + $1.x } / n, y: exterior.reduce(0) { $0 + $1.y } / n)
        }
        var m = moments(exterior)
        let sign = m.a < 0 ? -1.0 : 1.0
        m = (m.a * sign, m.cx * sign, m.cy * sign)
        for h in holes where h.count >= 3 {
            var hm = moments(h)
            let hs = hm.a < 0 ? -1.0 : 1.0
            hm = (hm.a * hs, hm.cx * hs, hm.cy * hs)
            m = (m.a - hm.a, m.cx - hm.cx, m.cy - hm.cy)
        }
        guard abs(m.a) > 1e-12 else { return bounds.center }
        return LocalPoint(x: m.cx / m.a, y: m.cy / m.a)
    }

    /// Whether `p` lies inside the polygon (in the exterior and in no hole); points on an edge count as
    /// inside. - Complexity: O(n)
    public func contains(_ p: LocalPoint) -> Bool {
        guard bounds.contains(p) else { return false }
        guard Polygon.ringContains(exterior, p) else { return false }
        for h in holes where Polygon.ringContains(h, p) && !Polygon.onBoundary(h, p) { return false }
        return true
    }

    /// Even-odd ray test for one ring, boundary inclusive.
    public static func ringContains(_ ring: [LocalPoint], _ p: LocalPoint) -> Bool {
        guard ring.count >= 3 else { return false }
        if onBoundary(ring, p) { return true }
        var inside = false
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i], b = ring[j]
            if (a.y > p.y) != (b.y > p.y) {
                let xCross = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)
                if p.x < xCross { inside.toggle() }
            }
            j = i
        }
        return inside
    }

    static func onBoundary(_ ring: [LocalPoint], _ p: LocalPoint, tolerance: Double = 1e-9) -> Bool {
        var j = ring.count - 1
        for i in ring.indices {
            if Segment(ring[j], ring[i]).distance(to: p) <= tolerance { return true }
            j = i
        }
        return false
    }

    /// The edges of every ring.
    public var edges: [Segment] {
        var out: [Segment] = []
        out.reserveCapacity(exterior.count + holes.reduce(0) { $0 + $1.count })
        for ring in rings where ring.count >= 2 {
            var j = ring.count - 1
            for i in ring.indices { out.append(Segment(ring[j], ring[i])); j = i }
        }
        return out
    }

    /// Distance in metres from `p` to the nearest edge of any ring (whether `p` is inside or not).
    public func distanceToBoundary(_ p: LocalPoint) -> Double {
        var best = Double.infinity
        for ring in rings where !ring.isEmpty {
            var j = ring.count - 1
            for i in ring.indices {
                best = Swift.min(best, Segment(ring[j], ring[i]).distance(to: p))
                j = i
            }
        }
        return best
    }

    /// Whether a ring crosses itself (two non-adjacent edges meet). - Complexity: O(n²)
    public static func ringSelfIntersects(_ ring: [LocalPoint]) -> Bool {
        let n = ring.count
        guard n >= 4 else { return false }
        for i in 0..<n {
            let a = Segment(ring[i], ring[(i + 1) % n])
            for j in (i + 1)..<n {
                if j == i + 1 || (i == 0 && j == n - 1) { continue }
                let b = Segment(ring[j], ring[(j + 1) % n])
                if case .none = a.intersection(with: b, epsilon: 1e-9) { continue }
                return true
            }
        }
        return false
    }
}

import IndoorGeometry

/// Joins the disjoint parts of a floor outline into one ring, so ``Level/outline`` covers them all.
///
/// Some ILC floors draw a wing apart from the main hall (site 1, F1–F3: a wing 15 m west of it). The
/// parts are linked by zero-width "keyhole" bridges: the ring runs along part A to a vertex, across to
/// the nearest usable vertex of part B, once around B, and back the same way. A bridge is usable when it
/// crosses no edge and its middle lies outside both parts. The doubled bridge adds an even number of
/// crossings to any ray, so even-odd containment, area and centroid are those of the union; only the
/// ring's edge list gains the bridge segments.
enum ILCOutlineJoin {
    /// Candidate bridges tried per part, nearest first.
    static let maximumCandidates = 400

    /// The joined polygon, or `nil` when two parts overlap (their interiors meet) or no bridge is usable.
    /// - Complexity: O(p · c · e) for p parts, c candidates and e edges.
    static func join(_ parts: [Polygon]) -> Polygon? {
        guard var ring = parts.first.map({ counterClockwise($0.exterior) }) else { return nil }
        var holes = parts.first?.holes ?? []
        for part in parts.dropFirst() {
            let other = counterClockwise(part.exterior)
            let joined = Polygon(exterior: ring, holes: holes)
            guard !overlaps(joined, part) else { return nil }
            let edges = segments(ring) + segments(other) + holes.flatMap(segments) + part.holes.flatMap(segments)
            var pairs: [(i: Int, j: Int, d: Double)] = []
            pairs.reserveCapacity(ring.count * other.count)
            for i in ring.indices { for j in other.indices { pairs.append((i, j, ring[i].squaredDistance(to: other[j]))) } }
            pairs.sort { ($0.d, $0.i, $0.j) < ($1.d, $1.i, $1.j) }
            guard
                let bridge = pairs.prefix(maximumCandidates).first(where: { pair in
                    let s = Segment(ring[pair.i], other[pair.j])
                    let middle = LocalPoint(x: (s.start.x + s.end.x) / 2, y: (s.start.y + s.end.y) / 2)
                    return !edges.contains { $0.properlyCrosses(s) }
                        && !strictlyInside(joined, middle) && !strictlyInside(part, middle)
                })
            else { return nil }
            let i = bridge.i, j = bridge.j
            ring = Array(ring[...i]) + Array(other[j...]) + Array(other[...j]) + Array(ring[i...])
            holes += part.holes
        }
        return Polygon(exterior: ring, holes: holes)
    }

    private static func counterClockwise(_ ring: [LocalPoint]) -> [LocalPoint] {
        Polygon.signedArea(ring) < 0 ? Array(ring.reversed()) : ring
    }

    private static func segments(_ ring: [LocalPoint]) -> [Segment] {
        ring.indices.map { Segment(ring[$0], ring[($0 + 1) % ring.count]) }
    }

    /// Inside and more than 1 µm from every edge.
    private static func strictlyInside(_ polygon: Polygon, _ p: LocalPoint) -> Bool {
        polygon.contains(p) && !polygon.edges.contains { $0.distance(to: p) <= 1e-6 }
    }

    /// Whether the interiors of `a` and `b` meet: a vertex strictly inside the other, or crossing edges.
    private static func overlaps(_ a: Polygon, _ b: Polygon) -> Bool {
        if a.exterior.contains(where: { strictlyInside(b, $0) }) || b.exterior.contains(where: { strictlyInside(a, $0) }) {
            return true
        }
        let bEdges = segments(b.exterior)
        return segments(a.exterior).contains { e in bEdges.contains { e.properlyCrosses($0) } }
    }
}

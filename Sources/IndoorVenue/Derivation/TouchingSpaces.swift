import IndoorGeometry

/// Open circulation units (walkways, lobbies… see ``GraphDerivationOptions/openSpaceCategories``) on
/// one level whose boundaries run together without an opening between them: archives often split one
/// corridor into several units, or draw a lobby beside a walkway, with no opening feature.
///
/// Two boundary edges run together when they are nearly parallel and both ends of one lie within
/// ``GraphDerivationOptions/touchToleranceMeters`` of the other's line; the stretch they share must be at
/// least ``GraphDerivationOptions/minimumSharedBoundaryMeters`` long. The crossing points are the
/// midpoint of the longest shared stretch of each pair of units, plus one every 10 m along stretches
/// longer than 10 m, so wide joins are crossed near where one walks.
enum TouchingSpaces {
    /// A place where two units may be crossed.
    struct Crossing {
        var spaces: (Int, Int)
        var point: LocalPoint
    }

    /// Spacing (m) of extra crossing points along long shared stretches.
    static let crossingSpacingMeters = 10.0

    /// Crossings between the open units of one level.
    /// - Complexity: O(u² · e²) for u open units with e boundary edges each, pruned by bounding boxes.
    static func crossings(level: Int, work: DerivationWork) -> [Crossing] {
        let venue = work.venue, options = work.options
        let open = work.spacesByLevel[level].filter { s in
            let space = venue.spaces[s]
            return space.isWalkable && options.openSpaceCategories.contains { space.category == $0 || space.category.hasPrefix($0 + ".") }
        }
        var out: [Crossing] = []
        for (i, a) in open.enumerated() {
            let pa = venue.spaces[a].polygon
            for b in open[(i + 1)...] {
                let pb = venue.spaces[b].polygon
                guard pa.bounds.expanded(by: options.touchToleranceMeters).intersects(pb.bounds) else { continue }
                guard let stretch = longestSharedStretch(pa, pb, tolerance: options.touchToleranceMeters),
                    stretch.length >= options.minimumSharedBoundaryMeters
                else { continue }
                let count = max(1, Int(stretch.length / crossingSpacingMeters))
                for k in 0..<count {
                    let f = (Double(k) + 0.5) / Double(count)
                    let p = stretch.start + (stretch.end - stretch.start) * f
                    out.append(Crossing(spaces: (a, b), point: p))
                }
            }
        }
        return out
    }

    /// The longest stretch along which an edge of `a` and an edge of `b` run together.
    static func longestSharedStretch(_ a: Polygon, _ b: Polygon, tolerance: Double) -> Segment? {
        var best: Segment?
        for ea in a.edges where ea.length > 1e-9 {
            let direction = (ea.end - ea.start) * (1 / ea.length)
            for eb in b.edges where eb.length > 1e-9 {
                guard lineDistance(eb.start, ea) <= tolerance, lineDistance(eb.end, ea) <= tolerance else { continue }
                let t0 = (eb.start - ea.start).dot(direction), t1 = (eb.end - ea.start).dot(direction)
                let lo = max(0, min(t0, t1)), hi = min(ea.length, max(t0, t1))
                guard hi > lo, hi - lo > (best?.length ?? 0) else { continue }
                best = Segment(ea.start + direction * lo, ea.start + direction * hi)
            }
        }
        return best
    }

    /// Distance from `p` to the infinite line through `s`.
    private static func lineDistance(_ p: LocalPoint, _ s: Segment) -> Double {
        let d = s.end - s.start
        return abs(d.dx * (p.y - s.start.y) - d.dy * (p.x - s.start.x)) / s.length
    }
}

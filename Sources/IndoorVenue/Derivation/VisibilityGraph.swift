import IndoorGeometry

/// Chooses which pairs of a space's nodes become walkway edges: a visibility graph over the space.
///
/// With k nodes and e polygon edges:
/// - k ≤ `fullVisibilityNodeLimit`: every pair is tested, O(k²·e).
/// - larger: each node tests its nearest candidates in order of distance and keeps its
///   `nearestVisibleNeighbours` nearest visible ones (at most four times that many tests), O(k²·log k + k·N·e);
///   an edge is kept when either end chose it.
///
/// A pair is visible when the segment between the members' proxies (points just inside the polygon) stays
/// inside, and, between two doors whose real points lie in the polygon (boundary included), so does the
/// real segment.
///
/// Then an edge u–v is dropped when another node w lies on the way, strictly between them
/// (|uw| + |wv| ≤ |uv| + `collinearDetourMeters`, both parts longer than that slack) and both u–w and
/// w–v were kept: the path through w is as short, and a corridor with a hundred doors in a row gets a
/// chain instead of ~5,000 overlapping edges. Each dropped edge is replaced by strictly shorter kept
/// edges, so connectivity is unchanged and path lengths grow by at most the slack per dropped edge.
enum VisibilityGraph {
    /// Index pairs (i < j) of `proxies` to join.
    /// - Parameters:
    ///   - proxies: points inside the polygon used for line-of-sight tests.
    ///   - points: the nodes' real positions (lengths and pruning); same count as `proxies`.
    ///   - strict: whether a node's real segment must be visible too (doors), see above.
    ///   - allowed: whether a pair may be joined at all.
    static func pairs(
        proxies: [LocalPoint], points: [LocalPoint], strict: [Bool], visibility: PolygonVisibility,
        options: GraphDerivationOptions, allowed: (Int, Int) -> Bool
    ) -> [(Int, Int)] {
        let k = proxies.count
        guard k >= 2 else { return [] }
        var kept = Set<Int>()
        func key(_ i: Int, _ j: Int) -> Int { i < j ? i * k + j : j * k + i }
        // Boundary nodes are tested by their proxies; between two `strict` nodes whose real points lie in
        // the polygon the real segment must stay inside too (two doors on a slightly bent wall).
        let realInside = points.indices.map { strict[$0] && visibility.polygon.contains(points[$0]) }
        func sees(_ i: Int, _ j: Int) -> Bool {
            guard visibility.isVisible(proxies[i], proxies[j]) else { return false }
            let moved = proxies[i] != points[i] || proxies[j] != points[j]
            return !moved || !realInside[i] || !realInside[j] || visibility.isVisible(points[i], points[j])
        }
        if k <= options.fullVisibilityNodeLimit {
            for i in 0..<k {
                for j in (i + 1)..<k where allowed(i, j) && sees(i, j) {
                    kept.insert(key(i, j))
                }
            }
        } else {
            let wanted = options.nearestVisibleNeighbours
            for i in 0..<k {
                let order = (0..<k).filter { $0 != i }.sorted {
                    (points[i].squaredDistance(to: points[$0]), $0) < (points[i].squaredDistance(to: points[$1]), $1)
                }
                var found = 0, tested = 0
                for j in order {
                    if found >= wanted || tested >= 4 * wanted { break }
                    guard allowed(i, j) else { continue }
                    if kept.contains(key(i, j)) { found += 1; continue }
                    tested += 1
                    if sees(i, j) { kept.insert(key(i, j)); found += 1 }
                }
            }
        }
        let slack = options.collinearDetourMeters
        var result: [(Int, Int)] = []
        result.reserveCapacity(kept.count)
        for pairKey in kept.sorted() {
            let i = pairKey / k, j = pairKey % k
            let direct = points[i].distance(to: points[j])
            var redundant = false
            let near = BoundingBox(
                minX: min(points[i].x, points[j].x), minY: min(points[i].y, points[j].y),
                maxX: max(points[i].x, points[j].x), maxY: max(points[i].y, points[j].y)
            )
            .expanded(by: slack)
            for w in 0..<k where w != i && w != j && near.contains(points[w]) {
                let a = points[i].distance(to: points[w]), b = points[w].distance(to: points[j])
                if a > slack, b > slack, a + b <= direct + slack, kept.contains(key(i, w)), kept.contains(key(w, j)) {
                    redundant = true
                    break
                }
            }
            if !redundant { result.append((i, j)) }
        }
        return result
    }
}

extension Polygon {
    /// A simple ring made from one that crosses itself: the ring is split at each crossing into two
    /// loops (repeatedly, at most `maximumSplits` times) and the loop with the largest area is kept, so
    /// a bow tie drawn by mistake at a corner leaves the main outline. A ring that does not cross itself,
    /// or whose edges overlap collinearly, is returned as given.
    /// - Complexity: O(n²) per split.
    public static func repairedRing(_ ring: [LocalPoint], maximumSplits: Int = 64) -> [LocalPoint] {
        var best = ring
        var pending = [ring]
        var splits = 0
        var simple: [[LocalPoint]] = []
        while let current = pending.popLast() {
            guard splits < maximumSplits, let (i, j, p) = firstCrossing(current) else {
                simple.append(current)
                continue
            }
            splits += 1
            let n = current.count
            let loopA = Array(current[0...i]) + [p] + (j + 1 < n ? Array(current[(j + 1)...]) : [])
            let loopB = [p] + Array(current[(i + 1)...j])
            for loop in [loopA, loopB] where loop.count >= 3 { pending.append(loop) }
        }
        if let largest = simple.max(by: { abs(signedArea($0)) < abs(signedArea($1)) }), abs(signedArea(largest)) > 0 {
            best = largest
        }
        return best
    }

    /// The first pair of non-adjacent edges (i < j) that cross at one point, and the point.
    private static func firstCrossing(_ ring: [LocalPoint]) -> (Int, Int, LocalPoint)? {
        let n = ring.count
        guard n >= 4 else { return nil }
        for i in 0..<n {
            let a = Segment(ring[i], ring[(i + 1) % n])
            for j in (i + 2)..<max(i + 2, n) where !(i == 0 && j == n - 1) {
                let b = Segment(ring[j], ring[(j + 1) % n])
                if case .point(let p, _, _) = a.intersection(with: b, epsilon: 1e-9) { return (i, j, p) }
            }
        }
        return nil
    }
}

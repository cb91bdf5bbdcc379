import Testing

@testable import IndoorEstimation

@Suite struct LeastSquaresWorkspacesTests {
    /// Anchors of a ranging problem (metres); the first n are used.
    static let anchors: [(x: Double, y: Double)] = [(0, 0), (20, 1), (10, 15), (19, 14), (1, 13), (11, -1)]

    /// Ranges from (7.3, 4.1) to the first `count` anchors, each off by a fixed amount so the fit has a
    /// residual (a different problem for each `offset`).
    static func ranges(count: Int, offset: Double) -> [Double] {
        (0..<count).map { i in
            let dx = 7.3 - anchors[i].x, dy = 4.1 - anchors[i].y
            return (dx * dx + dy * dy).squareRoot() + offset * Double(i % 3 - 1)
        }
    }

    static func solve(
        _ ranges: [Double], start: [Double], workspaces: LeastSquaresWorkspaces?, poisoned: Bool = false
    ) throws(EstimationError) -> LeastSquaresSolution {
        try NonlinearLeastSquares().solve(
            initialGuess: start, weights: Array(repeating: 4, count: ranges.count),
            writingResiduals: { p, out in
                for i in ranges.indices {
                    let dx = p[0] - anchors[i].x, dy = p[1] - anchors[i].y
                    out[i] = poisoned && i == 1 ? .nan : (dx * dx + dy * dy).squareRoot() - ranges[i]
                }
            },
            writingJacobian: { p, out in
                for i in ranges.indices {
                    let dx = p[0] - anchors[i].x, dy = p[1] - anchors[i].y
                    let d = (dx * dx + dy * dy).squareRoot()
                    out[2 * i] = dx / d
                    out[2 * i + 1] = dy / d
                }
            }, workspaces: workspaces)
    }

    @Test func keptWorkspacesGiveTheResultsOfFreshOnes() throws {
        let pool = LeastSquaresWorkspaces()
        // Sizes revisited in another order and from other starts: each kept workspace serves again.
        let problems: [(count: Int, offset: Double, start: [Double])] = [
            (3, 0.4, [9, 6]), (5, 0.7, [2, 2]), (4, 0.0, [15, 10]), (3, 1.1, [12, 1]), (6, 0.3, [9, 6]),
            (5, 0.2, [18, 13]), (4, 0.9, [9, 6]), (3, 0.4, [9, 6]),
        ]
        for problem in problems {
            let ranges = Self.ranges(count: problem.count, offset: problem.offset)
            let kept = try Self.solve(ranges, start: problem.start, workspaces: pool)
            let fresh = try Self.solve(ranges, start: problem.start, workspaces: nil)
            #expect(kept == fresh, "\(problem.count) ranges from \(problem.start)")
            #expect(kept.convergence.isConverged)
        }
        #expect(pool.count == 4)
    }

    @Test func aFailedSolveLeavesTheWorkspaceUsable() throws {
        let pool = LeastSquaresWorkspaces()
        let ranges = Self.ranges(count: 4, offset: 0.5)
        #expect(throws: EstimationError.nonFiniteFunctionValue(function: "residual function", index: 1)) {
            try Self.solve(ranges, start: [9, 6], workspaces: pool, poisoned: true)
        }
        #expect(try Self.solve(ranges, start: [9, 6], workspaces: pool) == Self.solve(ranges, start: [9, 6], workspaces: nil))
    }

    @Test func thePoolKeepsAtMostItsCapacity() throws {
        let pool = LeastSquaresWorkspaces(capacity: 2)
        for count in [3, 4, 5, 6, 3] {
            let ranges = Self.ranges(count: count, offset: 0.3)
            #expect(try Self.solve(ranges, start: [9, 6], workspaces: pool) == Self.solve(ranges, start: [9, 6], workspaces: nil))
            #expect(pool.count <= 2)
        }
        #expect(LeastSquaresWorkspaces(capacity: 0).capacity == 1)
    }
}

import EstimationReference
import IndoorConfiguration
import IndoorGeometry
import Testing

@testable import IndoorEstimation

@Suite struct NonlinearLeastSquaresTests {
    /// Anchors around a 20 m × 15 m hall (east, north metres); the first k are used.
    static let anchors: [(east: Double, north: Double)] = [
        (0, 0), (20, 1), (10, 15), (19, 14), (1, 13), (11, -1),
    ]
    static let truth = (east: 7.3, north: 4.1)
    static let rangeSigmaMeters = 0.3

    /// Σ wᵢ (measuredᵢ − ‖p − aᵢ‖)², evaluated independently of the solver.
    static func cost(
        east: Double, north: Double, anchors: ArraySlice<(east: Double, north: Double)>,
        ranges: [Double], weight: Double
    ) -> Double {
        zip(anchors, ranges).reduce(0) { sum, pair in
            let de = east - pair.0.east, dn = north - pair.0.north
            let r = pair.1 - (de * de + dn * dn).squareRoot()
            return sum + weight * r * r
        }
    }

    /// Grid search: 5 cm over the hall, then 0.5 mm around the best cell.
    static func gridMinimum(
        anchors: ArraySlice<(east: Double, north: Double)>, ranges: [Double],
        weight: Double
    ) -> (east: Double, north: Double, cost: Double) {
        var best = (east: 0.0, north: 0.0, cost: Double.infinity)
        func scan(eastRange: ClosedRange<Double>, northRange: ClosedRange<Double>, step: Double) {
            for i in 0...Int((eastRange.upperBound - eastRange.lowerBound) / step) {
                let e = eastRange.lowerBound + Double(i) * step
                for j in 0...Int((northRange.upperBound - northRange.lowerBound) / step) {
                    let n = northRange.lowerBound + Double(j) * step
                    let c = cost(east: e, north: n, anchors: anchors, ranges: ranges, weight: weight)
                    if c < best.cost { best = (e, n, c) }
                }
            }
        }
        scan(eastRange: -2...22, northRange: -2...17, step: 0.05)
        let coarse = best
        scan(
            eastRange: (coarse.east - 0.06)...(coarse.east + 0.06),
            northRange: (coarse.north - 0.06)...(coarse.north + 0.06), step: 0.0005)
        return best
    }

    static func solveMultilateration(
        anchorCount k: Int, seed: UInt64
    )
        throws -> (solution: LeastSquaresSolution, ranges: [Double])
    {
        var generator = SplitMix64(seed: seed)
        let used = anchors.prefix(k)
        let ranges = used.map { a in
            let de = truth.east - a.east, dn = truth.north - a.north
            return (de * de + dn * dn).squareRoot() + rangeSigmaMeters * generator.gaussian()
        }
        let weight = 1 / (rangeSigmaMeters * rangeSigmaMeters)
        let centroid = [used.map(\.east).reduce(0, +) / Double(k), used.map(\.north).reduce(0, +) / Double(k)]
        let solution = try NonlinearLeastSquares().solve(
            initialGuess: centroid, weights: Array(repeating: weight, count: k),
            residuals: { p in
                zip(used, ranges).map { a, measured in
                    let de = p[0] - a.east, dn = p[1] - a.north
                    return measured - (de * de + dn * dn).squareRoot()
                }
            },
            jacobian: { p in
                var elements: [Double] = []
                for a in used {
                    let de = p[0] - a.east, dn = p[1] - a.north
                    let d = (de * de + dn * dn).squareRoot()
                    elements += [-de / d, -dn / d]
                }
                return Matrix(checkedRows: k, columns: 2, elements: elements)
            })
        return (solution, ranges)
    }

    @Test(arguments: [3, 4, 5, 6])
    func multilaterationFindsTheGridSearchMinimum(anchorCount k: Int) throws {
        let (solution, ranges) = try Self.solveMultilateration(anchorCount: k, seed: 17 &+ UInt64(k))
        #expect(solution.convergence.isConverged, "\(solution.convergence)")
        let weight = 1 / (Self.rangeSigmaMeters * Self.rangeSigmaMeters)
        let grid = Self.gridMinimum(anchors: Self.anchors.prefix(k), ranges: ranges, weight: weight)
        #expect(abs(solution.parameters[0] - grid.east) < 0.001)
        #expect(abs(solution.parameters[1] - grid.north) < 0.001)
        // The solver's minimum is at least as low as the best grid point.
        #expect(solution.cost <= grid.cost + 1e-9)
        let recomputed = Self.cost(
            east: solution.parameters[0], north: solution.parameters[1],
            anchors: Self.anchors.prefix(k), ranges: ranges, weight: weight)
        #expect(abs(solution.cost - recomputed) < 1e-9 * max(1, recomputed))
        // With 0.3 m range noise the fix lands within a metre of the truth.
        #expect(abs(solution.parameters[0] - Self.truth.east) < 1)
        #expect(abs(solution.parameters[1] - Self.truth.north) < 1)
    }

    @Test func covarianceIsInverseFisherInformationAndShrinksWithMoreAnchors() throws {
        var traces: [Double] = []
        for k in 3...6 {
            let (solution, _) = try Self.solveMultilateration(anchorCount: k, seed: 5)
            let p = solution.parameters
            // Fisher information Jᵀ W J with rows uᵢ = (p − aᵢ)/‖p − aᵢ‖, inverted by the 2 × 2 formula.
            var a = 0.0, b = 0.0, d = 0.0
            for anchor in Self.anchors.prefix(k) {
                let de = p[0] - anchor.east, dn = p[1] - anchor.north
                let r2 = de * de + dn * dn
                let w = 1 / (Self.rangeSigmaMeters * Self.rangeSigmaMeters)
                a += w * de * de / r2
                b += w * de * dn / r2
                d += w * dn * dn / r2
            }
            let determinant = a * d - b * b
            let expected = [[d / determinant, -b / determinant], [-b / determinant, a / determinant]]
            #expect(relativeDifference(solution.covariance, expected) < 1e-6, "k = \(k)")
            traces.append(solution.covariance[0, 0] + solution.covariance[1, 1])
        }
        for (fewer, more) in zip(traces, traces.dropFirst()) { #expect(more < fewer) }
    }

    @Test func weightedLineFitMatchesNormalEquations() throws {
        // y = 2 − 0.5 t plus fixed perturbations; weights vary. Normal equations solved by hand.
        let t: [Double] = [0, 1, 2, 3, 4, 5, 6]
        let y: [Double] = [2.1, 1.4, 1.05, 0.45, 0.1, -0.55, -0.95]
        let w: [Double] = [1, 2, 1, 4, 1, 2, 1]
        let configuration = try NonlinearLeastSquaresConfiguration { $0.covarianceScaling = .estimatedFromResiduals }
        let solution = try NonlinearLeastSquares(configuration: configuration).solve(
            initialGuess: [0, 0], weights: w,
            residuals: { p in zip(t, y).map { ti, yi in p[0] + p[1] * ti - yi } },
            jacobian: { _ in Matrix(checkedRows: t.count, columns: 2, elements: t.flatMap { [1, $0] }) })
        let sw = w.reduce(0, +)
        let swt = zip(w, t).reduce(0) { $0 + $1.0 * $1.1 }
        let swtt = zip(w, t).reduce(0) { $0 + $1.0 * $1.1 * $1.1 }
        let swy = zip(w, y).reduce(0) { $0 + $1.0 * $1.1 }
        let swty = zip(w, zip(t, y)).reduce(0) { $0 + $1.0 * $1.1.0 * $1.1.1 }
        let determinant = sw * swtt - swt * swt
        let intercept = (swtt * swy - swt * swty) / determinant
        let slope = (sw * swty - swt * swy) / determinant
        #expect(abs(solution.parameters[0] - intercept) < 1e-9)
        #expect(abs(solution.parameters[1] - slope) < 1e-9)
        let chiSquare = zip(w, zip(t, y)).reduce(0) { sum, item in
            let r = intercept + slope * item.1.0 - item.1.1
            return sum + item.0 * r * r
        }
        #expect(abs(solution.cost - chiSquare) < 1e-12)
        let scale = chiSquare / Double(t.count - 2)
        let expected = [
            [swtt / determinant * scale, -swt / determinant * scale],
            [-swt / determinant * scale, sw / determinant * scale],
        ]
        #expect(relativeDifference(solution.covariance, expected) < 1e-8)
    }

    @Test func iterationLimitIsReportedNotThrown() throws {
        let configuration = try NonlinearLeastSquaresConfiguration { $0.maxIterations = 1 }
        let solution = try NonlinearLeastSquares(configuration: configuration).solve(
            initialGuess: [100], weights: [1, 1],
            residuals: { p in [p[0] * p[0] - 2, p[0] - 1.4] },
            jacobian: { p in Matrix(checkedRows: 2, columns: 1, elements: [2 * p[0], 1]) })
        #expect(solution.convergence == .iterationLimitReached)
        #expect(!solution.convergence.isConverged)
        #expect(solution.iterations == 1)
    }

    @Test func startingAtAnExactMinimumCountsAsConverged() throws {
        // Residuals vanish at (1, 2); GSL finds no step that lowers a zero cost.
        let solution = try NonlinearLeastSquares().solve(
            initialGuess: [1, 2], weights: [1, 1, 1],
            residuals: { p in [p[0] - 1, p[1] - 2, p[0] + p[1] - 3] },
            jacobian: { _ in Matrix(checkedRows: 3, columns: 2, elements: [1, 0, 0, 1, 1, 1]) })
        #expect(solution.convergence.isConverged)
        #expect(solution.parameters == [1, 2])
        #expect(solution.cost == 0)
        // (Jᵀ J)⁻¹ with Jᵀ J = [[2, 1], [1, 2]] is [[2, −1], [−1, 2]] / 3.
        #expect(relativeDifference(solution.covariance, [[2.0 / 3, -1.0 / 3], [-1.0 / 3, 2.0 / 3]]) < 1e-12)
    }

    @Test func inputsAreValidated() {
        let solver = NonlinearLeastSquares()
        let residuals: ([Double]) -> [Double] = { p in [p[0] - 1, p[1] - 2, p[0] + p[1]] }
        let jacobian: ([Double]) -> Matrix = { _ in Matrix(checkedRows: 3, columns: 2, elements: [1, 0, 0, 1, 1, 1]) }
        #expect(throws: EstimationError.emptyDimension(what: "initial guess")) {
            try solver.solve(initialGuess: [], weights: [1], residuals: residuals, jacobian: jacobian)
        }
        #expect(throws: EstimationError.underdetermined(residualCount: 1, parameterCount: 2)) {
            try solver.solve(initialGuess: [0, 0], weights: [1], residuals: residuals, jacobian: jacobian)
        }
        #expect(throws: EstimationError.nonFinite(what: "initial guess", index: 1)) {
            try solver.solve(initialGuess: [0, .nan], weights: [1, 1, 1], residuals: residuals, jacobian: jacobian)
        }
        for bad in [0.0, -1.0, .infinity] {
            #expect(throws: EstimationError.invalidWeight(index: 2, value: bad)) {
                try solver.solve(initialGuess: [0, 0], weights: [1, 1, bad], residuals: residuals, jacobian: jacobian)
            }
        }
        #expect(throws: EstimationError.self) {
            try solver.solve(initialGuess: [0, 0], weights: [1, 1, .nan], residuals: residuals, jacobian: jacobian)
        }
    }

    @Test func misbehavingClosuresAreTypedErrors() {
        let solver = NonlinearLeastSquares()
        let jacobian: ([Double]) -> Matrix = { _ in Matrix(checkedRows: 2, columns: 1, elements: [1, 1]) }
        #expect(throws: EstimationError.dimensionMismatch(what: "residual function output", expected: 2, got: 1)) {
            try solver.solve(initialGuess: [0], weights: [1, 1], residuals: { _ in [0] }, jacobian: jacobian)
        }
        #expect(throws: EstimationError.nonFiniteFunctionValue(function: "residual function", index: 1)) {
            try solver.solve(initialGuess: [0], weights: [1, 1], residuals: { _ in [0, .nan] }, jacobian: jacobian)
        }
        #expect(throws: EstimationError.dimensionMismatch(what: "Jacobian rows", expected: 2, got: 1)) {
            try solver.solve(
                initialGuess: [0], weights: [1, 1], residuals: { p in [p[0], p[0]] },
                jacobian: { _ in .zeros(rows: 1, columns: 1) })
        }
        #expect(throws: EstimationError.dimensionMismatch(what: "Jacobian columns", expected: 1, got: 2)) {
            try solver.solve(
                initialGuess: [0], weights: [1, 1], residuals: { p in [p[0], p[0]] },
                jacobian: { _ in .zeros(rows: 2, columns: 2) })
        }
        #expect(throws: EstimationError.nonFiniteFunctionValue(function: "Jacobian", index: 0)) {
            try solver.solve(
                initialGuess: [0], weights: [1, 1], residuals: { p in [p[0], p[0]] },
                jacobian: { _ in Matrix(checkedRows: 2, columns: 1, elements: [.infinity, 1]) })
        }
    }

    /// The in-place form on the same problem as ``multilaterationFindsTheGridSearchMinimum(anchorCount:)``:
    /// the functions write into GSL's storage, and the minimum is the grid search's.
    @Test func writingFunctionsFindTheGridSearchMinimum() throws {
        let used = Self.anchors.prefix(5)
        var generator = SplitMix64(seed: 41)
        let ranges = used.map { a in
            let de = Self.truth.east - a.east, dn = Self.truth.north - a.north
            return (de * de + dn * dn).squareRoot() + Self.rangeSigmaMeters * generator.gaussian()
        }
        let anchors = Array(used)
        let weight = 1 / (Self.rangeSigmaMeters * Self.rangeSigmaMeters)
        let solution = try NonlinearLeastSquares().solve(
            initialGuess: [10, 7], weights: Array(repeating: weight, count: anchors.count),
            writingResiduals: { p, out in
                for (i, a) in anchors.enumerated() {
                    let de = p[0] - a.east, dn = p[1] - a.north
                    out[i] = ranges[i] - (de * de + dn * dn).squareRoot()
                }
            },
            writingJacobian: { p, out in
                for (i, a) in anchors.enumerated() {
                    let de = p[0] - a.east, dn = p[1] - a.north
                    let d = (de * de + dn * dn).squareRoot()
                    out[2 * i] = -de / d
                    out[2 * i + 1] = -dn / d
                }
            })
        #expect(solution.convergence.isConverged, "\(solution.convergence)")
        let grid = Self.gridMinimum(anchors: used, ranges: ranges, weight: weight)
        #expect(abs(solution.parameters[0] - grid.east) < 0.001)
        #expect(abs(solution.parameters[1] - grid.north) < 0.001)
        #expect(solution.cost <= grid.cost + 1e-9)
    }

    @Test func writingFunctionsThatMisbehaveAreTypedErrors() {
        let solver = NonlinearLeastSquares()
        let identity: NonlinearLeastSquares.JacobianFunction = { _, out in
            out[0] = 1
            out[1] = 1
        }
        #expect(throws: EstimationError.nonFiniteFunctionValue(function: "residual function", index: 1)) {
            try solver.solve(
                initialGuess: [0], weights: [1, 1],
                writingResiduals: { p, out in
                    out[0] = p[0]
                    out[1] = .nan
                }, writingJacobian: identity)
        }
        #expect(throws: EstimationError.nonFiniteFunctionValue(function: "Jacobian", index: 1)) {
            try solver.solve(
                initialGuess: [0], weights: [1, 1],
                writingResiduals: { p, out in
                    out[0] = p[0] - 1
                    out[1] = p[0] - 2
                },
                writingJacobian: { _, out in
                    out[0] = 1
                    out[1] = -.infinity
                })
        }
        // A function's own error ends the solve with that error.
        #expect(throws: EstimationError.emptyDimension(what: "beacon list")) {
            try solver.solve(
                initialGuess: [0], weights: [1, 1],
                writingResiduals: { _, _ throws(EstimationError) in throw .emptyDimension(what: "beacon list") },
                writingJacobian: identity)
        }
    }

    @Test func configurationIsValidated() {
        #expect(
            throws: ConfigurationError.outOfRange(
                configuration: "least-squares", field: "maxIterations", value: 0, range: TunableRange(1...100_000))
        ) {
            try NonlinearLeastSquaresConfiguration { $0.maxIterations = 0 }
        }
        #expect(throws: ConfigurationError.self) { try NonlinearLeastSquaresConfiguration { $0.stepTolerance = 0 } }
        #expect(throws: ConfigurationError.self) { try NonlinearLeastSquaresConfiguration { $0.gradientTolerance = .nan } }
        #expect(throws: ConfigurationError.self) { try NonlinearLeastSquaresConfiguration { $0.costTolerance = -1 } }
        #expect(throws: ConfigurationError.self) { try NonlinearLeastSquaresConfiguration { $0.covarianceRankTolerance = 1 } }
        #expect(NonlinearLeastSquaresConfiguration.standard == (try? NonlinearLeastSquaresConfiguration { _ in }))
    }

    /// A configuration changed after it was built is found when the solver is made and refused by every solve.
    @Test func aSolverWithABadConfigurationRefusesToSolve() {
        var bad = NonlinearLeastSquaresConfiguration.standard
        bad.maxIterations = 0
        let solver = NonlinearLeastSquares(configuration: bad)
        for _ in 0..<2 {
            #expect(throws: EstimationError.invalidConfiguration(parameter: "maxIterations", value: 0, validRange: "1 ... 100000")) {
                _ = try solver.solve(
                    initialGuess: [0], weights: [1], residuals: { x in [x[0] - 1] }, jacobian: { _ in Matrix.identity(1) })
            }
        }
    }
}

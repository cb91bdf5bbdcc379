import IndoorEstimation
import IndoorGeometry
import Testing

@testable import IndoorPositioning

@Suite struct MultilaterationTests {
    static let anchors = [LocalPoint(x: 0, y: 0), LocalPoint(x: 30, y: 2), LocalPoint(x: 14, y: 22), LocalPoint(x: 28, y: 20)]

    @Test func exactRangesGiveTheTruth() throws {
        let truth = LocalPoint(x: 11.5, y: 7.25)
        let ranges = Self.anchors.map { RangeMeasurement(anchor: $0, rangeMeters: $0.distance(to: truth), sigmaMeters: 0.5) }
        let fix = try Multilateration.solve(ranges)
        #expect(fix.converged)
        #expect(fix.point.distance(to: truth) < 1e-6)
        #expect(fix.cost < 1e-12)
        // Four anchors around the point: both axes determined, σ below the ranges' 0.5 m.
        #expect(fix.covariance.xx > 0 && fix.covariance.xx < 0.25)
        #expect(fix.covariance.yy > 0 && fix.covariance.yy < 0.25)
    }

    @Test func rangesThatDisagreeLeaveAResidualCost() throws {
        let truth = LocalPoint(x: 20, y: 10)
        // Every range 2 m long: no point fits them all, and the cost says so (each residual σ = 0.5 m).
        let ranges = Self.anchors.map { RangeMeasurement(anchor: $0, rangeMeters: $0.distance(to: truth) + 2, sigmaMeters: 0.5) }
        let fix = try Multilateration.solve(ranges)
        #expect(fix.converged)
        #expect(fix.cost > 1)
        #expect(fix.point.distance(to: truth) < 3)
    }

    @Test func theDefaultToleranceMovesAFitByLessThanAMicrometre() throws {
        // Ranges that disagree by up to a metre (the slow, linearly converging case), fitted with the
        // default solver and with the general solver's tighter tolerances.
        let truth = LocalPoint(x: 17.2, y: 9.6)
        let offsets = [0.9, -0.6, 0.4, -1.0]
        let ranges = zip(Self.anchors, offsets).map { anchor, offset in
            RangeMeasurement(anchor: anchor, rangeMeters: anchor.distance(to: truth) + offset, sigmaMeters: 0.8)
        }
        let fix = try Multilateration.solve(ranges)
        let tight = try Multilateration.solve(ranges, solver: NonlinearLeastSquares())
        #expect(fix.converged && tight.converged)
        #expect(fix.point.distance(to: tight.point) < 1e-6)
        #expect(abs(fix.cost - tight.cost) < 1e-9)
        #expect(Multilateration.solver.configuration.stepTolerance == 1e-7)
    }

    @Test func tooFewRangesAreATypedError() {
        #expect(throws: EstimationError.underdetermined(residualCount: 1, parameterCount: 2)) {
            try Multilateration.solve([RangeMeasurement(anchor: .zero, rangeMeters: 3, sigmaMeters: 1)])
        }
    }
}

import EstimationReference
import Foundation
import IndoorGeometry
import Testing

@testable import IndoorEstimation

/// The GSL filter and the plain-Swift reference run the same seeded sequences and must agree.
@Suite struct KalmanFilterCrossCheckTests {
    static let tolerance = 1e-9

    @Test(arguments: [2, 3, 4, 5, 6])
    func linearSequencesAgreeWithReference(stateDimension n: Int) throws {
        var generator = SplitMix64(seed: 0xC0FFEE &+ UInt64(n))
        let initialState = (0..<n).map { _ in generator.uniform(-5...5) }
        let initialCovariance = RandomMatrices.symmetricPositiveDefinite(n, scale: 1, floor: 0.5, using: &generator)
        let filter = try KalmanFilter(initialState: initialState, initialCovariance: M(initialCovariance))
        var reference = ReferenceKalmanFilter(state: initialState, covariance: initialCovariance)
        var truth = initialState
        var accepted = 0, gated = 0

        for step in 0..<2_000 {
            // Random stable-ish transition, SPD process noise, sometimes a control input.
            let f = RandomMatrices.nearIdentity(n, spread: 0.1, using: &generator).map { $0.map { 0.97 * $0 } }
            let q = RandomMatrices.symmetricPositiveDefinite(n, scale: 0.2, floor: 0.01, using: &generator)
            truth = ReferenceLinearAlgebra.multiply(f, truth)
            if step % 3 == 0 {
                let k = Int.random(in: 1...3, using: &generator)
                let b = RandomMatrices.uniform(rows: n, columns: k, in: -1...1, using: &generator)
                let u = (0..<k).map { _ in generator.uniform(-1...1) }
                try filter.predict(transition: M(f), processNoise: M(q), control: M(b), input: u)
                reference.predict(transition: f, processNoise: q, control: b, input: u)
                truth = zip(truth, ReferenceLinearAlgebra.multiply(b, u)).map { $0 + $1 }
            } else {
                try filter.predict(transition: M(f), processNoise: M(q))
                reference.predict(transition: f, processNoise: q)
            }
            #expect(relativeDifference(filter.state, reference.state) < Self.tolerance)
            #expect(relativeDifference(filter.covariance, reference.covariance) < Self.tolerance)

            // Random measurement model; one measurement in eight carries a large outlier.
            let m = Int.random(in: 1...n, using: &generator)
            let h = RandomMatrices.uniform(rows: m, columns: n, in: -1...1, using: &generator)
            let r = RandomMatrices.symmetricPositiveDefinite(m, scale: 0.5, floor: 0.05, using: &generator)
            let outlier = step % 8 == 5 ? 40.0 : 0
            let z = ReferenceLinearAlgebra.multiply(h, truth).map { $0 + 0.3 * generator.gaussian() + outlier }
            let threshold = try #require(chiSquare99[m])
            let outcome = try filter.update(measurement: z, model: M(h), noise: M(r))
            let expected = reference.update(measurement: z, model: h, noise: r, gateThreshold: threshold)
            switch (outcome, expected) {
            case let (.accepted(got), .accepted(innovation, d2)):
                accepted += 1
                #expect(relativeDifference(got.innovation, innovation) < Self.tolerance)
                #expect(abs(got.mahalanobisSquared - d2) < Self.tolerance * max(1, d2))
            case let (.rejected(.gated(d2, gslThreshold)), .gated(referenceD2)):
                gated += 1
                #expect(abs(d2 - referenceD2) < Self.tolerance * max(1, referenceD2))
                #expect(abs(gslThreshold - threshold) < 1e-5)
            default:
                Issue.record("step \(step): GSL \(outcome) vs reference \(expected)")
            }
            #expect(relativeDifference(filter.state, reference.state) < Self.tolerance)
            #expect(relativeDifference(filter.covariance, reference.covariance) < Self.tolerance)
        }
        #expect(accepted > 1_000)
        #expect(gated > 50)
    }

    @Test func extendedRangeBearingSequenceAgreesWithReference() throws {
        // 4-state constant velocity observed by range (m) and bearing (rad) from a fixed beacon.
        let beacon = (east: 2.0, north: -3.0)
        let predictedMeasurement: ([Double]) -> [Double] = { x in
            let de = x[0] - beacon.east, dn = x[1] - beacon.north
            return [(de * de + dn * dn).squareRoot(), atan2(dn, de)]
        }
        let jacobian: ([Double]) -> Matrix = { x in
            let de = x[0] - beacon.east, dn = x[1] - beacon.north
            let r2 = de * de + dn * dn, r = r2.squareRoot()
            return Matrix(checkedRows: 2, columns: 4, elements: [de / r, dn / r, 0, 0, -dn / r2, de / r2, 0, 0])
        }
        var generator = SplitMix64(seed: 99)
        let initial = [10.0, 5.0, 0.3, -0.2]
        let p0 = [[4.0, 0, 0, 0], [0, 4, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
        let filter = try KalmanFilter(initialState: initial, initialCovariance: M(p0))
        var reference = ReferenceKalmanFilter(state: initial, covariance: p0)
        let f = try constantVelocityTransition(dtSeconds: 0.5)
        let q = try whiteAccelerationNoise(dtSeconds: 0.5, density: 0.2)
        let r = [[0.25, 0], [0, 0.0025]]
        var truth = initial
        let wrap = Residual.wrappingAngles(atIndices: [1])
        for step in 0..<3_000 {
            truth = [truth[0] + 0.5 * truth[2], truth[1] + 0.5 * truth[3], truth[2], truth[3]]
            if step % 400 == 0 { truth[2] = -truth[2] }  // turn around so the bearing crosses ±π
            try filter.predict(transition: f, processNoise: q)
            reference.predict(transition: f.rowArrays, processNoise: q.rowArrays)
            let exact = predictedMeasurement(truth)
            let z = [exact[0] + 0.5 * generator.gaussian(), Residual.wrappedRadians(exact[1] + 0.05 * generator.gaussian())]
            let outcome = try filter.update(
                measurement: z, noise: M(r), predictedMeasurement: predictedMeasurement,
                jacobian: jacobian, residual: wrap, gate: .threshold(chiSquare99[2] ?? 0))
            let xPrior = reference.state
            let y = wrap(z, predictedMeasurement(xPrior))
            let expected = reference.update(
                innovation: y, model: jacobian(xPrior).rowArrays, noise: r,
                gateThreshold: chiSquare99[2])
            switch (outcome, expected) {
            case (.accepted, .accepted), (.rejected(.gated), .gated): break
            default: Issue.record("step \(step): GSL \(outcome) vs reference \(expected)")
            }
            #expect(relativeDifference(filter.state, reference.state) < Self.tolerance)
            #expect(relativeDifference(filter.covariance, reference.covariance) < Self.tolerance)
        }
    }
}

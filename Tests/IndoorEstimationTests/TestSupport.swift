import EstimationReference

@testable import IndoorEstimation

/// 99 % chi-square quantiles for 1…6 degrees of freedom, from published statistical tables
/// (NIST/SEMATECH e-Handbook, table 1.3.6.7.4), independent of GSL.
let chiSquare99: [Int: Double] = [
    1: 6.634897, 2: 9.210340, 3: 11.344867, 4: 13.276704, 5: 15.086272, 6: 16.811894,
]

/// Largest |a − b| relative to max(1, |b|).
func relativeDifference(_ a: [Double], _ b: [Double]) -> Double {
    precondition(a.count == b.count)
    return zip(a, b).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
}

func relativeDifference(_ a: Matrix, _ b: [[Double]]) -> Double {
    relativeDifference(a.elements, b.flatMap { $0 })
}

/// A Matrix from nested arrays in tests (sizes are always right there).
func M(_ rows: [[Double]]) throws -> Matrix { try Matrix(rows) }

/// A 4-state constant-velocity layout used across tests: east/north position (m) and velocity (m/s).
enum PlanarMotionState: Int, StateLayout {
    case eastMeters, northMeters, eastVelocityMetersPerSecond, northVelocityMetersPerSecond
}

/// Constant-velocity transition for a time step in seconds.
func constantVelocityTransition(dtSeconds dt: Double) throws -> Matrix {
    try M([[1, 0, dt, 0], [0, 1, 0, dt], [0, 0, 1, 0], [0, 0, 0, 1]])
}

/// White-noise-acceleration process noise for a time step and acceleration spectral density (m²/s³).
func whiteAccelerationNoise(dtSeconds dt: Double, density q: Double) throws -> Matrix {
    let dt2 = dt * dt / 2 * q, dt3 = dt * dt * dt / 3 * q, dt1 = dt * q
    return try M([[dt3, 0, dt2, 0], [0, dt3, 0, dt2], [dt2, 0, dt1, 0], [0, dt2, 0, dt1]])
}

/// Position-only measurement of the planar state.
func positionModel() throws -> Matrix { try M([[1, 0, 0, 0], [0, 1, 0, 0]]) }

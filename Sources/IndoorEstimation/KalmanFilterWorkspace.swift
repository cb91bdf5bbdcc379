/// GSL buffers for one measurement dimension m, allocated on the first update of that size and reused.
final class MeasurementWorkspace {
    /// H, m × n: measurement matrix or Jacobian of h at x⁻.
    let measurementMatrix: GSLMatrix
    /// R, m × m: measurement noise covariance.
    let measurementNoise: GSLMatrix
    /// S, m × m: innovation covariance; overwritten by its Cholesky factor, then by S⁻¹.
    let innovationCovariance: GSLMatrix
    /// P Hᵀ, n × m.
    let covarianceTimesMeasurementTranspose: GSLMatrix
    /// K, n × m: Kalman gain.
    let gain: GSLMatrix
    /// K R, n × m.
    let gainTimesNoise: GSLMatrix
    /// y, m: innovation.
    let innovation: GSLVector
    /// S⁻¹ y, m.
    let whitenedInnovation: GSLVector
    /// The configured gate threshold for this dimension (nil: gating disabled).
    let configuredGateThreshold: Double?

    init(measurementDimension m: Int, stateDimension n: Int, gateThreshold: Double?) throws(EstimationError) {
        measurementMatrix = try GSLMatrix(rows: m, columns: n)
        measurementNoise = try GSLMatrix(rows: m, columns: m)
        innovationCovariance = try GSLMatrix(rows: m, columns: m)
        covarianceTimesMeasurementTranspose = try GSLMatrix(rows: n, columns: m)
        gain = try GSLMatrix(rows: n, columns: m)
        gainTimesNoise = try GSLMatrix(rows: n, columns: m)
        innovation = try GSLVector(count: m)
        whitenedInnovation = try GSLVector(count: m)
        configuredGateThreshold = gateThreshold
    }
}

/// GSL buffers for a control input of dimension k (B is n × k, u has k elements).
final class ControlWorkspace {
    let controlMatrix: GSLMatrix
    let input: GSLVector

    init(controlDimension k: Int, stateDimension n: Int) throws(EstimationError) {
        controlMatrix = try GSLMatrix(rows: n, columns: k)
        input = try GSLVector(count: k)
    }
}

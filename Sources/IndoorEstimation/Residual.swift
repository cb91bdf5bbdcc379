/// Residual functions for ``KalmanFilter/update(measurement:noise:predictedMeasurement:jacobian:residual:gate:)``.
public enum Residual {
    /// z − h(x) with the listed components (angles in radians) wrapped to (−π, π].
    /// Indices outside the measurement are ignored.
    public static func wrappingAngles(atIndices indices: [Int]) -> @Sendable ([Double], [Double]) -> [Double] {
        { measurement, expected in
            var difference = zip(measurement, expected).map { $0 - $1 }
            for index in indices where difference.indices.contains(index) {
                difference[index] = wrappedRadians(difference[index])
            }
            return difference
        }
    }

    /// An angle in radians wrapped to (−π, π]; NaN and ±∞ give NaN.
    public static func wrappedRadians(_ angleRadians: Double) -> Double {
        guard angleRadians.isFinite else { return .nan }
        let twoPi = 2 * Double.pi
        var wrapped = angleRadians.remainder(dividingBy: twoPi)
        if wrapped <= -Double.pi { wrapped += twoPi }
        return wrapped
    }
}

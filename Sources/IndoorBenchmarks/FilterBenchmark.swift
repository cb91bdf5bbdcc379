import Foundation
import IndoorEstimation
import IndoorGeometry
import IndoorJSON

/// Kalman predict + update cycles per second of the GSL filter on seeded random models.
public enum FilterBenchmark {
    /// Cycles run when not told otherwise.
    public static let defaultSteps = 100_000
    /// The cycles a run may ask for.
    public static let stepsRange = 1...100_000_000
    /// The state dimension when not told otherwise (the fusion state's).
    public static let defaultStateDimension = 4
    /// The state dimensions a run may ask for.
    public static let stateDimensionRange = 1...64

    /// The GSL filter's cycle rate on one seeded scenario.
    public struct Result: Sendable {
        /// Columns of the state.
        public let stateDimension: Int
        /// Rows of the measurement model: max(1, state dimension / 2).
        public let measurementDimension: Int
        /// Predict + update cycles run.
        public let steps: Int
        /// Updates the filter accepted (the gate is off, so every well-conditioned one).
        public let acceptedUpdates: Int
        /// Predict + update cycles per second of wall-clock time.
        public let cyclesPerSecond: Double

        /// The figures as JSON (`bench filter --json`).
        public var json: JSONValue {
            [
                "gslCyclesPerSecond": .finite(cyclesPerSecond), "stateDimension": .number(Double(stateDimension)),
                "measurementDimension": .number(Double(measurementDimension)), "steps": .number(Double(steps)),
                "acceptedUpdates": .number(Double(acceptedUpdates)),
            ]
        }

        /// The figures as two text lines.
        public var text: [String] {
            [
                "Kalman predict+update, state \(stateDimension), measurement \(measurementDimension), \(steps) steps",
                "  GSL  \(String(format: "%12.0f", cyclesPerSecond)) cycles/s  (\(acceptedUpdates) updates accepted)",
            ]
        }
    }

    /// Runs `steps` predict + update cycles of the GSL filter on seeded random models: a stable dense
    /// transition (0.98 (I + E), E uniform in ±0.05), a dense measurement model uniform in ±1, diagonal
    /// positive noises, Gaussian measurements.
    public static func measure(steps: Int, stateDimension n: Int) throws -> Result {
        var generator = SplitMix64(seed: 20_240_601)
        let m = max(1, n / 2)
        func dense(_ rows: Int, _ columns: Int, _ range: ClosedRange<Double>) -> [[Double]] {
            (0..<rows).map { _ in (0..<columns).map { _ in generator.uniform(in: range) } }
        }
        func diagonal(_ size: Int, _ range: ClosedRange<Double>) -> Matrix {
            Matrix.diagonal((0..<size).map { _ in generator.uniform(in: range) })
        }
        let initialState = (0..<n).map { _ in generator.uniform(in: -1...1) }
        let filter = try KalmanFilter(initialState: initialState, initialCovariance: diagonal(n, 0.5...1.5))
        let perturbation = dense(n, n, -0.05...0.05)
        var transitionRows = perturbation
        for i in 0..<n {
            for j in 0..<n { transitionRows[i][j] = 0.98 * ((i == j ? 1.0 : 0.0) + perturbation[i][j]) }
        }
        let transition = try Matrix(transitionRows)
        let processNoise = diagonal(n, 0.01...0.11)
        let model = try Matrix(dense(m, n, -1...1))
        let noise = diagonal(m, 0.05...0.35)
        let measurements = (0..<1_024).map { _ in (0..<m).map { _ in generator.gaussian() } }

        var accepted = 0
        let seconds = try BenchmarkClock.timed { () throws in
            for step in 0..<steps {
                try filter.predict(transition: transition, processNoise: processNoise)
                let z = measurements[step % measurements.count]
                if try filter.update(measurement: z, model: model, noise: noise, gate: .disabled).isAccepted { accepted += 1 }
            }
        }.seconds
        return Result(
            stateDimension: n, measurementDimension: m, steps: steps, acceptedUpdates: accepted, cyclesPerSecond: Double(steps) / seconds)
    }
}

import Foundation
import IndoorEstimation
import IndoorGeometry
import IndoorJSON

/// `indoornav bench filter [--steps N] [--state-dim D] [--json]`: Kalman predict + update cycles per
/// second of the GSL filter on seeded random models. The side-by-side run with the plain-Swift reference
/// of the filter maths (test support, not linked here) is `swift run -c release filter-reference`.
enum FilterBench {
    static let spec = CommandSpec(
        path: ["bench", "filter"], summary: "Kalman predict + update cycles per second of the GSL filter",
        options: [
            .integer("--steps", "N", "cycles", in: 1...100_000_000, default: "100000", example: "--steps 1000000"),
            .integer("--state-dim", "D", "state dimension", in: 1...64, default: "4", example: "--state-dim 6"),
            SharedOptions.json,
        ],
        examples: ["bench filter --steps 200000"],
        run: run)

    static func run(_ args: inout Arguments) throws -> Int32 {
        let steps = try args.int("--steps") ?? 100_000
        let stateDimension = try args.int("--state-dim") ?? 4
        let json = args.flag("--json")
        try args.finish()

        let result = try measure(steps: steps, stateDimension: stateDimension)
        if json {
            let report: JSONValue = .object([
                "gslCyclesPerSecond": .finite(result.cyclesPerSecond),
                "stateDimension": .number(Double(stateDimension)),
                "measurementDimension": .number(Double(result.measurementDimension)),
                "steps": .number(Double(steps)),
                "acceptedUpdates": .number(Double(result.acceptedUpdates)),
            ])
            print(report.serialized(pretty: true))
        } else {
            print("Kalman predict+update, state \(stateDimension), measurement \(result.measurementDimension), \(steps) steps")
            print("  GSL  \(String(format: "%12.0f", result.cyclesPerSecond)) cycles/s  (\(result.acceptedUpdates) updates accepted)")
        }
        return 0
    }

    /// The GSL filter's cycle rate on one seeded scenario.
    struct Measurement {
        /// Rows of the measurement model: max(1, state dimension / 2).
        let measurementDimension: Int
        /// Updates the filter accepted (the gate is off, so every well-conditioned one).
        let acceptedUpdates: Int
        /// Predict + update cycles per second of wall-clock time.
        let cyclesPerSecond: Double
    }

    /// Runs `steps` predict + update cycles of the GSL filter on seeded random models: a stable dense
    /// transition (0.98 (I + E), E uniform in ±0.05), a dense measurement model uniform in ±1, diagonal
    /// positive noises, Gaussian measurements.
    static func measure(steps: Int, stateDimension n: Int) throws -> Measurement {
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
        let duration = try ContinuousClock().measure {
            for step in 0..<steps {
                try filter.predict(transition: transition, processNoise: processNoise)
                let z = measurements[step % measurements.count]
                if try filter.update(measurement: z, model: model, noise: noise, gate: .disabled).isAccepted { accepted += 1 }
            }
        }
        let seconds = max(ProvidersBench.seconds(duration), 1e-9)
        return Measurement(measurementDimension: m, acceptedUpdates: accepted, cyclesPerSecond: Double(steps) / seconds)
    }
}

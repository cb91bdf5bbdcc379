import IndoorGeometry
import Estimation
import EstimationReference
import Foundation
import IndoorJSON

/// `indoornav bench filter [--steps N] [--state-dim D] [--json]`: Kalman predict + update cycles per
/// second on the GSL filter and on the plain-Swift reference, on the same seeded random models.
enum FilterBench {
    static let spec = CommandSpec(
        path: ["bench", "filter"], summary: "Kalman predict + update cycles per second, GSL filter beside the plain-Swift reference",
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
        let measurementDimension = result.measurementDimension
        let gslAccepted = result.gslAccepted
        let referenceAccepted = result.referenceAccepted
        let gslRate = result.gslCyclesPerSecond
        let referenceRate = result.referenceCyclesPerSecond
        let difference = result.finalStateRelativeDifference
        if json {
            let report: JSONValue = .object([
                "gslCyclesPerSecond": .finite(gslRate),
                "referenceCyclesPerSecond": .finite(referenceRate),
                "speedup": .finite(gslRate / referenceRate),
                "stateDimension": .number(Double(stateDimension)),
                "measurementDimension": .number(Double(measurementDimension)),
                "steps": .number(Double(steps)),
                "acceptedUpdates": .array([.number(Double(gslAccepted)), .number(Double(referenceAccepted))]),
                "finalStateRelativeDifference": .finite(difference),
            ])
            print(report.serialized(pretty: true))
        } else {
            print("Kalman predict+update, state \(stateDimension), measurement \(measurementDimension), \(steps) steps")
            print("  GSL        \(format(gslRate)) cycles/s  (\(gslAccepted) updates accepted)")
            print("  reference  \(format(referenceRate)) cycles/s  (\(referenceAccepted) updates accepted)")
            print("  GSL / reference  \(String(format: "%.2f", gslRate / referenceRate))×")
            print("  final state relative difference  \(String(format: "%.2e", difference))")
        }
        return 0
    }

    /// Cycle rates of both filters on the same seeded scenario.
    struct Measurement {
        let measurementDimension: Int
        let gslAccepted: Int
        let referenceAccepted: Int
        let gslCyclesPerSecond: Double
        let referenceCyclesPerSecond: Double
        let finalStateRelativeDifference: Double
    }

    /// Runs `steps` predict + update cycles on the GSL filter and on the plain-Swift reference.
    static func measure(steps: Int, stateDimension: Int) throws -> Measurement {
        let scenario = try Scenario(stateDimension: stateDimension)
        let clock = ContinuousClock()

        let gslFilter = try KalmanFilter(initialState: scenario.initialState,
                                         initialCovariance: Matrix(scenario.initialCovariance))
        let transition = try Matrix(scenario.transition)
        let processNoise = try Matrix(scenario.processNoise)
        let model = try Matrix(scenario.model)
        let noise = try Matrix(scenario.noise)
        var gslAccepted = 0
        let gslDuration = try clock.measure {
            for step in 0..<steps {
                try gslFilter.predict(transition: transition, processNoise: processNoise)
                let z = scenario.measurements[step % scenario.measurements.count]
                if try gslFilter.update(measurement: z, model: model, noise: noise, gate: .disabled).isAccepted {
                    gslAccepted += 1
                }
            }
        }

        var reference = ReferenceKalmanFilter(state: scenario.initialState, covariance: scenario.initialCovariance)
        var referenceAccepted = 0
        let referenceDuration = clock.measure {
            for step in 0..<steps {
                reference.predict(transition: scenario.transition, processNoise: scenario.processNoise)
                let z = scenario.measurements[step % scenario.measurements.count]
                let outcome = reference.update(measurement: z, model: scenario.model, noise: scenario.noise, gateThreshold: nil)
                if case .accepted = outcome { referenceAccepted += 1 }
            }
        }

        let gslRate = Double(steps) / seconds(gslDuration)
        let referenceRate = Double(steps) / seconds(referenceDuration)
        let difference = zip(gslFilter.state, reference.state)
            .map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
        return Measurement(measurementDimension: scenario.measurementDimension, gslAccepted: gslAccepted, referenceAccepted: referenceAccepted,
                           gslCyclesPerSecond: gslRate, referenceCyclesPerSecond: referenceRate,
                           finalStateRelativeDifference: difference)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return max(Double(parts.seconds) + Double(parts.attoseconds) * 1e-18, 1e-9)
    }

    private static func format(_ rate: Double) -> String {
        String(format: "%12.0f", rate)
    }

    /// Seeded random models shared by both filters: stable transition, SPD noises, m = max(1, n/2).
    private struct Scenario {
        let measurementDimension: Int
        let initialState: [Double]
        let initialCovariance: [[Double]]
        let transition: [[Double]]
        let processNoise: [[Double]]
        let model: [[Double]]
        let noise: [[Double]]
        let measurements: [[Double]]

        init(stateDimension n: Int) throws {
            var generator = SplitMix64(seed: 20_240_601)
            let m = max(1, n / 2)
            measurementDimension = m
            initialState = (0..<n).map { _ in generator.uniform(-1...1) }
            initialCovariance = RandomMatrices.symmetricPositiveDefinite(n, scale: 1, floor: 0.5, using: &generator)
            transition = RandomMatrices.nearIdentity(n, spread: 0.05, using: &generator).map { $0.map { 0.98 * $0 } }
            processNoise = RandomMatrices.symmetricPositiveDefinite(n, scale: 0.1, floor: 0.01, using: &generator)
            model = RandomMatrices.uniform(rows: m, columns: n, in: -1...1, using: &generator)
            noise = RandomMatrices.symmetricPositiveDefinite(m, scale: 0.3, floor: 0.05, using: &generator)
            measurements = (0..<1_024).map { _ in (0..<m).map { _ in generator.gaussian() } }
        }
    }
}

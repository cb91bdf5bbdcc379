import EstimationReference
import Foundation
// `swift run -c release filter-reference [--steps N] [--state-dim D]`: Kalman predict + update cycles per
// second of the GSL filter (the product's `IndoorEstimation.KalmanFilter`) beside the plain-Swift reference of
// the same maths (`Tests/Support/EstimationReference`), on one seeded scenario, and how far their final
// states differ. A benchmark of the reference belongs here, outside the `indoornav` tool, because the
// reference is test support; `indoornav bench filter` measures the GSL filter alone.
import IndoorBenchmarks
import IndoorCommandLine
import IndoorEstimation
import IndoorGeometry

/// The command line: `--steps N` and `--state-dim D`, with the defaults and ranges of `indoornav bench filter`.
let spec = CommandSpec(
    path: [], summary: "Kalman predict + update cycles per second of the GSL filter beside the plain-Swift reference",
    options: [
        .integer(
            "--steps", "N", "cycles", in: FilterBenchmark.stepsRange, default: FilterBenchmark.defaultSteps, example: "--steps 1000000"),
        .integer(
            "--state-dim", "D", "state dimension", in: FilterBenchmark.stateDimensionRange, default: FilterBenchmark.defaultStateDimension,
            example: "--state-dim 6"),
    ],
    run: { args in
        let steps = try args.integer("--steps")
        let stateDimension = try args.integer("--state-dim")
        try args.finish()
        try run(steps: steps, stateDimension: stateDimension)
        return ExitStatus.success
    })

func seconds(_ duration: Duration) -> Double {
    max(Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18, 1e-9)
}

/// Runs both filters `steps` cycles on the same dense random models (SPD noises, stable transition).
func run(steps: Int, stateDimension n: Int) throws {
    let m = max(1, n / 2)
    var generator = SplitMix64(seed: 20_240_601)
    let initialState = (0..<n).map { _ in generator.uniform(in: -1...1) }
    let initialCovariance = RandomMatrices.symmetricPositiveDefinite(n, scale: 1, floor: 0.5, using: &generator)
    let transition = RandomMatrices.nearIdentity(n, spread: 0.05, using: &generator).map { $0.map { 0.98 * $0 } }
    let processNoise = RandomMatrices.symmetricPositiveDefinite(n, scale: 0.1, floor: 0.01, using: &generator)
    let model = RandomMatrices.uniform(rows: m, columns: n, in: -1...1, using: &generator)
    let noise = RandomMatrices.symmetricPositiveDefinite(m, scale: 0.3, floor: 0.05, using: &generator)
    let measurements = (0..<1_024).map { _ in (0..<m).map { _ in generator.gaussian() } }
    let clock = ContinuousClock()

    let filter = try KalmanFilter(initialState: initialState, initialCovariance: Matrix(initialCovariance))
    let (f, q, h, r) = try (Matrix(transition), Matrix(processNoise), Matrix(model), Matrix(noise))
    var gslAccepted = 0
    let gslDuration = try clock.measure {
        for step in 0..<steps {
            try filter.predict(transition: f, processNoise: q)
            let outcome = try filter.update(measurement: measurements[step % measurements.count], model: h, noise: r, gate: .disabled)
            if outcome.isAccepted { gslAccepted += 1 }
        }
    }

    var reference = ReferenceKalmanFilter(state: initialState, covariance: initialCovariance)
    var referenceAccepted = 0
    let referenceDuration = clock.measure {
        for step in 0..<steps {
            reference.predict(transition: transition, processNoise: processNoise)
            let outcome = reference.update(
                measurement: measurements[step % measurements.count], model: model, noise: noise, gateThreshold: nil)
            if case .accepted = outcome { referenceAccepted += 1 }
        }
    }

    let gslRate = Double(steps) / seconds(gslDuration)
    let referenceRate = Double(steps) / seconds(referenceDuration)
    let difference = zip(filter.state, reference.state).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
    print("Kalman predict+update, state \(n), measurement \(m), \(steps) steps")
    print(String(format: "  GSL        %12.0f cycles/s  (%d updates accepted)", gslRate, gslAccepted))
    print(String(format: "  reference  %12.0f cycles/s  (%d updates accepted)", referenceRate, referenceAccepted))
    print(String(format: "  GSL / reference  %.2f×", gslRate / referenceRate))
    print(String(format: "  final state relative difference  %.2e", difference))
}

exit(CommandTable.main(single: spec, program: "filter-reference", Array(CommandLine.arguments.dropFirst())))

import EstimationReference
import Foundation
// `swift run -c release filter-reference [--steps N] [--state-dim D]`: Kalman predict + update cycles per
// second of the GSL filter (the product's `IndoorEstimation.KalmanFilter`) beside the plain-Swift reference of
// the same maths (`Tests/Support/EstimationReference`), on one seeded scenario, and how far their final
// states differ. A benchmark of the reference belongs here, outside the `indoornav` tool, because the
// reference is test support; `indoornav bench filter` measures the GSL filter alone.
import IndoorEstimation
import IndoorGeometry

/// The command line: `--steps N` (cycles, default 100000) and `--state-dim D` (1–64, default 4).
struct Options {
    var steps = 100_000
    var stateDimension = 4

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let text = rest.popFirst(), let value = Int(text) else {
                throw OptionError(message: "\(flag) needs a whole number")
            }
            switch flag {
            case "--steps" where (1...100_000_000).contains(value): steps = value
            case "--state-dim" where (1...64).contains(value): stateDimension = value
            default: throw OptionError(message: "unknown option or value out of range: \(flag) \(text)")
            }
        }
    }
}

/// A usage error, printed with the usage line.
struct OptionError: Error { let message: String }

func seconds(_ duration: Duration) -> Double {
    max(Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18, 1e-9)
}

/// Runs both filters `steps` cycles on the same dense random models (SPD noises, stable transition).
func run(_ options: Options) throws {
    let n = options.stateDimension, m = max(1, n / 2), steps = options.steps
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

do {
    try run(Options(Array(CommandLine.arguments.dropFirst())))
} catch let error as OptionError {
    FileHandle.standardError.write(Data("filter-reference: \(error.message)\nusage: filter-reference [--steps N] [--state-dim D]\n".utf8))
    exit(64)
} catch {
    FileHandle.standardError.write(Data("filter-reference: \(error)\n".utf8))
    exit(1)
}

import Foundation
import IndoorJSON

/// Named stage times and their shares of a total, for the benchmarks' text and JSON.
public struct StageShares: Sendable {
    /// The stages in report order.
    public var stages: [(name: String, seconds: Double)]

    /// Stages from `(name, seconds)` pairs, in report order.
    public init(_ stages: [(String, Double)]) { self.stages = stages.map { (name: $0.0, seconds: $0.1) } }

    /// `name 0.123 s (45 %), …` of `total` seconds.
    public func text(total: Double) -> String {
        stages.map { String(format: "%@ %.4f s (%.0f %%)", $0.name, $0.seconds, total > 0 ? 100 * $0.seconds / total : 0) }
            .joined(separator: ", ")
    }

    /// `{"<name>Seconds": s, "<name>Share": fraction of the stages' sum}` for each stage.
    public var json: JSONValue {
        let total = stages.reduce(0) { $0 + $1.seconds }
        var object: [String: JSONValue] = [:]
        for stage in stages {
            object[stage.name + "Seconds"] = .finite(stage.seconds)
            object[stage.name + "Share"] = .finite(total > 0 ? stage.seconds / total : 0)
        }
        return .object(object)
    }
}

/// Wall-clock durations as seconds, for the benchmarks.
public enum BenchmarkClock {
    /// A duration in seconds (at least a nanosecond, so rates stay finite).
    public static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return max(Double(parts.seconds) + Double(parts.attoseconds) * 1e-18, 1e-9)
    }

    /// The seconds `work` takes, and what it returns.
    public static func timed<T, E: Error>(_ work: () throws(E) -> T) throws(E) -> (seconds: Double, value: T) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try work()
        return (seconds(clock.now - start), value)
    }
}

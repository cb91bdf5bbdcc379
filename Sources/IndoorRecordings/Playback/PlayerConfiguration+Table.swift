import IndoorConfiguration

extension PlayerConfiguration: TunableConfiguration {
    /// The one table of the player's tunables (`realTimeFactor` stands for ``speed``: 0 = as fast as possible).
    public static let table = TunableTable<Self>(
        name: "player", defaults: Self(),
        [
            Tunable(\.reorderWindowSeconds, unit: "s", range: 0...600, "how late a sample may arrive and still be put in order"),
            Tunable(\.maxBufferedSamples, unit: "samples", range: 1...10_000_000, "most samples buffered"),
            Tunable(
                name: "realTimeFactor", unit: "", kind: .real, range: TunableRange(0...1_000),
                summary: "playback at this many times real time (0 = as fast as possible; else at least 0.01)",
                read: { if case .realTime(let factor) = $0.speed { factor } else { 0 } },
                write: { $0.speed = $1 == 0 ? .asFastAsPossible : .realTime(factor: $1) }),
            Tunable(\.strict, "a malformed line or too-late sample throws instead of being reported"),
        ])

    /// A real-time factor is at least 0.01.
    public func validateCombination() throws(ConfigurationError) {
        if case .realTime(let factor) = speed, factor < 0.01 {
            throw .invalidCombination(
                configuration: Self.configurationName, field: "realTimeFactor", value: factor, rule: "0 or 0.01 ... 1000")
        }
    }
}

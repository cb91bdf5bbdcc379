/// The one description of a ``TunableConfiguration``: its name in messages and on the command line, its
/// defaults, and its tunables in the order tables list them. Validation, `NAME=VALUE` overrides, `help`
/// and the README tables all read it.
public struct TunableTable<Configuration: Sendable>: Sendable {
    /// The configuration's short name (e.g. "fusion"): `--fusion-option`, `indoornav config fusion`, and
    /// the configuration named in every ``ConfigurationError``.
    public let name: String
    /// The defaults: the configuration as its properties' initial values make it.
    public let defaults: Configuration
    /// Every tunable, in table order.
    public let tunables: [Tunable<Configuration>]

    /// The table named `name` of `defaults` and their `tunables`.
    public init(name: String, defaults: Configuration, _ tunables: [Tunable<Configuration>]) {
        self.name = name
        self.defaults = defaults
        self.tunables = tunables
    }
}

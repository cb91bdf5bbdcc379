import IndoorCommandLine
import IndoorConfiguration
import IndoorNavigation
import IndoorPositioning

// The `NAME=VALUE` option families of `eval`, `survey` and `bench fusion`, each turned into its validated
// configuration by the configuration's own table.

/// `NAME=VALUE` values of a ``TunableConfiguration``'s option family applied by its table.
enum TunableOptions {
    static func configuration<C: TunableConfiguration>(_ options: [String], flag: String, base: C) throws -> C {
        guard !options.isEmpty else { return base }
        do { return try base.replacing(options) } catch { throw UsageError("\(flag): \(error)") }
    }

    /// `--map-matching-option` on the defaults.
    static func mapMatching(_ options: [String]) throws -> MapMatchingConfiguration {
        try configuration(options, flag: "--map-matching-option", base: .standard)
    }

    /// `--fusion-option` on `base` (its own tunables; the map matcher keeps its own flag).
    static func fusion(_ options: [String], base: FusionConfiguration) throws -> FusionConfiguration {
        try configuration(options, flag: "--fusion-option", base: base)
    }

    /// `--fingerprint-option` on the defaults (the table carries the signal model's tunables and `signalModel`).
    static func fingerprint(_ options: [String]) throws -> FingerprintConfiguration {
        try configuration(options, flag: "--fingerprint-option", base: .standard)
    }

    /// `--navigation-option` on the defaults.
    static func navigation(_ options: [String]) throws -> NavigationConfiguration {
        try configuration(options, flag: "--navigation-option", base: .standard)
    }

    /// `--smoothing-option` on the defaults.
    static func smoothing(_ options: [String]) throws -> FusionSmoothingConfiguration {
        try configuration(options, flag: "--smoothing-option", base: .standard)
    }

    /// `--heading-option` on the defaults (dead reckoning's heading estimator).
    static func heading(_ options: [String]) throws -> HeadingConfiguration {
        try configuration(options, flag: "--heading-option", base: .standard)
    }
}

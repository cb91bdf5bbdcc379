import IndoorCommandLine
import IndoorConfiguration
import IndoorNavigation
import IndoorPositioning

// The `NAME=VALUE` option families of `eval`, `survey` and `bench fusion` (`--fingerprint-option`,
// `--map-matching-option`, `--fusion-option`, `--navigation-option`, `--smoothing-option`), each turned into its validated
// configuration.

/// `NAME=VALUE` values of a ``TunableConfiguration``'s option family applied by its table.
enum TunableOptions {
    static func configuration<C: TunableConfiguration>(_ options: [String], flag: String, base: C) throws -> C {
        guard !options.isEmpty else { return base }
        do { return try base.replacing(options) } catch { throw UsageError("\(flag): \(error)") }
    }
}

/// `--map-matching-option NAME=VALUE` values turned into a validated ``MapMatchingConfiguration``.
enum MapMatchingOptions {
    static func configuration(_ options: [String]) throws -> MapMatchingConfiguration {
        try TunableOptions.configuration(options, flag: "--map-matching-option", base: MapMatchingConfiguration.standard)
    }
}

/// `--fusion-option NAME=VALUE` values turned into a validated ``FusionConfiguration`` (its own
/// tunables; the map matcher keeps its own flag).
enum FusionOptions {
    static func configuration(_ options: [String], base s: FusionConfiguration) throws -> FusionConfiguration {
        try TunableOptions.configuration(options, flag: "--fusion-option", base: s)
    }
}

/// `--fingerprint-option NAME=VALUE` values turned into a validated ``FingerprintConfiguration`` (its
/// table carries the signal model's tunables and `signalModel`, on or off).
enum FingerprintOptions {
    static func configuration(_ options: [String]) throws -> FingerprintConfiguration {
        try TunableOptions.configuration(options, flag: "--fingerprint-option", base: FingerprintConfiguration.standard)
    }
}

/// `--navigation-option NAME=VALUE` values turned into a validated ``NavigationConfiguration``.
enum NavigationOptions {
    static func configuration(_ options: [String]) throws -> NavigationConfiguration {
        try TunableOptions.configuration(options, flag: "--navigation-option", base: NavigationConfiguration.standard)
    }
}

/// `--smoothing-option NAME=VALUE` values turned into a validated ``FusionSmoothingConfiguration``.
enum SmoothingOptions {
    static func configuration(_ options: [String]) throws -> FusionSmoothingConfiguration {
        try TunableOptions.configuration(options, flag: "--smoothing-option", base: FusionSmoothingConfiguration.standard)
    }
}

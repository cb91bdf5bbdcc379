import IndoorCommandLine
import IndoorPositioning

/// Options and arguments several commands share, declared once.
enum SharedOptions {
    /// The venue as the first argument.
    static let venue = PositionalSpec(
        name: "VENUE", help: "a venue folder or .zip archive (IMDF, an ILC site folder, or an authored graph)")

    /// `--graph derived|authored|FILE|DIR` (``VenueGraphChoice``).
    static let graph = OptionSpec.value(
        "--graph", "derived|authored|FILE|DIR",
        "which navigation graph to use: derived from the geometry, the archive's authored one (navPath.geojson, node.geojson + edge.geojson or graph.geojson in or beside it), a node/edge graph FILE, or a DIR holding one of those",
        default: "authored when the archive has one, else derived", example: "--graph derived")

    /// `--venue V` for commands that take the venue as an option.
    static let venueOption = OptionSpec.value(
        "--venue", "VENUE", "venue folder or .zip archive whose frame and levels are used (an ILC site folder or an IMDF venue)",
        example: "--venue Recordings/venues/campus")

    /// `--beacons FILE`: a beacon registry.
    static let beacons = OptionSpec.value(
        "--beacons", "FILE", "beacon registry: an indoornav-beacons JSON file or an IPIN BLE_Locations.csv",
        example: "--beacons b.json")

    /// `-o, --output FILE`.
    static func output(_ placeholder: String, _ help: String, required: Bool = false, example: String? = nil) -> OptionSpec {
        .value("--output", placeholder, help, example: example ?? "-o \(placeholder.lowercased())", required: required, aliases: ["-o"])
    }

    /// `--json`.
    static let json = OptionSpec.flag("--json", "print the result as JSON instead of text")

    /// `--lang CODE`, repeatable: preferred languages of names.
    static let languages = OptionSpec.repeated("--lang", "CODE", "preferred language of names, in order (repeatable)", example: "--lang de")

    /// `--radio-map MAP` (``RadioMapSelection``).
    static let radioMap = OptionSpec.value(
        "--radio-map", "MAP", "radio map (from indoornav survey) to match each Wi-Fi/BLE scan against", example: "--radio-map ilc-map.json")

    /// `--track-sigma M`: a track survey's ``TrackSurveyConfiguration/maximumSigmaMeters``.
    static let trackSigma = OptionSpec.tunable(
        \TrackSurveyConfiguration.maximumSigmaMeters, "--track-sigma", "M",
        "place a scan on a smoothed track only where the track's one-sigma is at most M metres (else it is left out)",
        example: "--track-sigma 3")

    /// `--fingerprint-option NAME=VALUE`, repeatable.
    static let fingerprintOption = OptionSpec.repeated(
        "--fingerprint-option", "NAME=VALUE", "override one FingerprintConfiguration value (repeatable; A/B runs)",
        example: "--fingerprint-option maximumStalenessSeconds=5")
}

import Foundation
import IndoorCommandLine

/// The tool's semantic version, kept here only (`indoornav --version`, the help and docs/cli.md show it).
enum ToolVersion {
    static let semantic = "0.9.0"
}

/// Every `indoornav` command, in help order, and the groups of subcommands.
enum Commands {
    static let table = CommandTable(
        program: "indoornav", version: ToolVersion.semantic,
        commands: [
            ReplayCommand.spec, RouteCommand.spec, SimulateCommand.spec, ViewCommand.spec, ServeCommand.spec,
            EvalCommand.spec, EvalProvidersCommand.spec, SurveyCommand.spec, BeaconsCommand.auditSpec,
            ImportCommand.recordingSpec(.ilc), ImportCommand.recordingSpec(.ipin), ImportCommand.beaconsSpec,
            VenueInspectCommand.spec, VenueValidateCommand.spec, VenueAtCommand.spec, VenueGraphCommand.spec,
            VenueRenderCommand.spec, VenueGenerateCommand.spec, VenueStoreCommand.spec,
            ScenariosCommand.spec, ConfigCommand.spec,
            BenchCommand.readSpec, RouteBench.spec, FilterBench.spec, ProvidersBench.spec, FusionBench.spec, ReachBench.spec,
        ],
        groups: [
            ("import", "convert public recordings and beacon lists to IndoorNav's formats"),
            ("venue", "venue model tools: inspect, validate, query, export, render, generate, install"),
            ("beacons", "beacon registry tools"),
            ("bench", "benchmarks"),
        ],
        exitCodes: [(ExitStatus.notFound, "not found: no route, an unknown place or id, or a walk that did not arrive")],
        readmeExitCodes: [(ExitStatus.notFound, "not found (no route, an unknown place, a walk that did not arrive)")],
        readmeNote: "; `beacons audit` exits `3` when a beacon is suspect. "
            + "`indoornav help CMD` (or `CMD --help`) explains every option with its default and an example; "
            + "all of them are in [docs/cli.md](docs/cli.md).")
}

/// Writes `text` to `path` atomically (``OutputFile``), or to standard output without a path.
func emit(_ text: String, to path: String?) throws {
    if let path {
        try OutputFile.write(text, to: path)
    } else {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

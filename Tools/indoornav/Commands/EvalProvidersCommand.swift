import Foundation
import IndoorCommandLine
import IndoorEvaluation
import IndoorGeometry
import IndoorJSON
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// `indoornav eval-providers PATH… [--beacons FILE] [--venue V] [--json]` — scores the dead-reckoning,
/// beacon and satellite providers on recordings with ground truth.
///
/// Folders are walked recursively. Recordings (canonical, ILC, IPIN; detected by content) with two or
/// more truth points get a dead-reckoning run started at the first one; with `--beacons` (an IPIN
/// `BLE_Locations.csv` or an `indoornav-beacons` registry) they also get a beacon-only run. Receiver
/// tracks (`*.mbd`, with the `cnf/*.dev` device file found beside their folder) get a beacon-only run
/// with the receivers as beacons. Geographic positions use the venue frame, else a frame at the
/// beacons' centroid, else at the first truth point; ILC floor-frame waypoints are scored in the floor
/// frame unless the venue has a matching level with a floor frame.
enum EvalProvidersCommand {
    static let spec = CommandSpec(
        path: ["eval-providers"], summary: "score the dead-reckoning, beacon and satellite providers on recordings with ground truth",
        inputs: Inputs.self,
        examples: ["eval-providers ../shared/data/ipin2023-t3 --beacons ../shared/data/ipin2023-t3/BLE_Locations.csv"])

    struct Inputs: RunnableInputs {
        @Positional(
            PositionalSpec(name: "PATH", help: "recordings, receiver tracks (*.mbd) or folders, walked recursively", isRepeated: true))
        var paths: [String]
        @Option(SharedOptions.beacons) var beaconsPath: String?
        @Option(SharedOptions.venueOption) var venuePath: String?
        @Option(
            .number(
                "--tx-power", "DBM", "transmit power at 1 m for beacons that do not state it", in: -120...20,
                default: BeaconRegistry.defaultTxPowerDbm,
                example: "--tx-power -65")) var tx: Double
        @Option(
            .tunable(
                \BeaconProviderConfiguration.defaultPathLossExponent, "--path-loss", "N", "path-loss exponent", example: "--path-loss 2.5"))
        var exponent: Double?
        @Option(
            .tunable(\StrideConfiguration.weinbergK, "--weinberg-k", "K", "Weinberg stride constant", example: "--weinberg-k 0.46"))
        var k: Double
        @Option(
            .number(
                "--declination-deg", "D", "magnetic declination, degrees", in: -180...180, default: 0, example: "--declination-deg 2.5"))
        var declinationDegrees: Double
        @Option(
            .tunable(
                \BeaconProviderConfiguration.fixIntervalSeconds, "--fix-interval", "S", "seconds between beacon fixes",
                example: "--fix-interval 2")) var fixInterval: Double
        @Option(
            .tunable(
                \BeaconProviderConfiguration.maximumRangeMeters, "--max-range", "M", "farthest usable beacon range, metres",
                example: "--max-range 25")) var maximumRange: Double
        @Option(
            .tunable(
                \BeaconProviderConfiguration.minimumBeaconsForFit, "--min-fit-beacons", "N", "beacons a fix needs",
                example: "--min-fit-beacons 4")) var minimumFit: Int
        @Option(.flag("--fit-across-levels", "fit beacons of every level, not only the voted one")) var acrossLevels: Bool
        @Option(SharedOptions.json) var json: Bool
        @Option(ParallelJobs.option) var jobCount: Int?
        func run() throws -> Int32 {
            guard !paths.isEmpty else { throw UsageError("eval-providers: expected PATH…") }

            var settings = ProviderEvaluation.Settings(
                txPowerDbm: tx, pathLossExponent: exponent,
                deadReckoning: try DeadReckoningConfiguration {
                    $0.stride.weinbergK = k
                    $0.heading.declinationRadians = declinationDegrees * .pi / 180
                },
                beacon: try BeaconProviderConfiguration {
                    $0.defaultPathLossExponent = exponent ?? BeaconProviderConfiguration.standard.defaultPathLossExponent
                    $0.maximumRangeMeters = maximumRange
                    $0.minimumBeaconsForFit = minimumFit
                    $0.fixIntervalSeconds = fixInterval
                    $0.fitWithinVotedLevel = !acrossLevels
                })
            do {
                if let beaconsPath {
                    settings.registry = try EvaluationInputs.loadRegistry(path: beaconsPath, txPowerDbm: tx, pathLossExponent: exponent)
                }
                if let venuePath {
                    // ILC site folders are read directly (no graph is needed for scoring).
                    settings.venue = try EvaluationInputs.loadVenue(path: venuePath)
                }
            } catch {
                warn("indoornav eval-providers: \(IOErrorText.sentence(error))")
                return 1
            }

            let files = try EvaluationInputs.collectFiles(paths, extensions: ["txt", "jsonl", "mbd"], command: "eval-providers")
            var progress = ProgressLine("eval-providers", total: files.count)
            defer { progress.finish() }
            let report = ProviderEvaluation.report(
                files: files, settings: settings, jobs: ParallelJobs.count(jobCount),
                progress: { progress.update($0, ($1 as NSString).lastPathComponent) })
            print(json ? report.providersJSON.serialized(pretty: true) : report.providersText)
            return report.outcomes.isEmpty ? 1 : 0
        }
    }

}

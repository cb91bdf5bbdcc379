import IndoorCommandLine
import IndoorConfiguration
import IndoorEstimation
import IndoorNavigation
import IndoorPositioning
import IndoorRecordings
import IndoorRerouteService
import IndoorSimulation
import IndoorVenue
import IndoorViewer

/// `indoornav config [NAME] [--markdown]`: the configurations described by a tunables table, or one
/// table (name, unit, default, range, meaning).
enum ConfigCommand {
    static let spec = CommandSpec(
        path: ["config"], summary: "list the tunable configurations, or print one's tunables with their defaults and ranges",
        inputs: Inputs.self,
        notes: ["The module READMEs hold the same tables (`config NAME --markdown`, written by Tools/update-reference.sh)."],
        examples: ["config", "config fusion", "config navigation --markdown"])

    /// A configuration described by a tunables table: its name, one line about it and its tables.
    struct Described: Sendable {
        let name: String
        let summary: String
        let markdownTable: @Sendable () -> String
        let textTable: @Sendable () -> String

        init<C: TunableConfiguration>(_ type: C.Type, _ summary: String) {
            (name, self.summary) = (C.configurationName, summary)
            (markdownTable, textTable) = ({ C.markdownTable() }, { C.textTable() })
        }
    }

    /// Every configuration described by a tunables table, by its ``TunableConfiguration/configurationName``:
    /// the one list of them (`config`, and through it the README tables).
    static let configurations: [Described] = [
        Described(FusionConfiguration.self, "the fusion engine's Kalman filter, gating and floor-plan constraints"),
        Described(MapMatchingConfiguration.self, "the particle map matcher"),
        Described(FingerprintConfiguration.self, "radio scans, radio maps and fingerprint fixes, with the signal model's tunables"),
        Described(SignalModelConfiguration.self, "the radio signal model and its scan likelihood"),
        Described(NavigationConfiguration.self, "a navigation session: snapping, off-route, arrival, rerouting"),
        Described(FollowUserConfiguration.self, "the camera's follow-user state machine"),
        Described(StepDetectorConfiguration.self, "step detection from the acceleration magnitude"),
        Described(StrideConfiguration.self, "the stride-length model (Weinberg)"),
        Described(HeadingConfiguration.self, "the heading estimator"),
        Described(DeadReckoningConfiguration.self, "the dead-reckoning provider's own (its parts have their own)"),
        Described(LevelEstimatorConfiguration.self, "the level filter: barometer, connectors, beacon votes"),
        Described(BeaconProviderConfiguration.self, "beacon ranging and multilateration"),
        Described(GNSSProviderConfiguration.self, "satellite fixes"),
        Described(FusionSmoothingConfiguration.self, "offline smoothing of a whole recording"),
        Described(TrackSurveyConfiguration.self, "radio maps surveyed on smoothed tracks"),
        Described(BeaconAuditConfiguration.self, "the beacon registry audit"),
        Described(KalmanFilterConfiguration.self, "the Kalman filter's gate and covariance checks"),
        Described(NonlinearLeastSquaresConfiguration.self, "the nonlinear least-squares solver's stopping rules"),
        Described(RedisConfiguration.self, "the reroute service's Redis pool (serve --sessions)"),
        Described(PlayerConfiguration.self, "the recording player: reordering window, buffer, speed"),
        Described(ServiceConfiguration.self, "the reroute service's session layer: limits, time-outs, intervals"),
        Described(HTTPServerConfiguration.self, "the reroute service's HTTP layer: port, body, connections, time-outs"),
        Described(SyntheticVenueConfiguration.self, "venue generate: levels, towers, corridors, room scale"),
        Described(ViewerConfiguration.self, "the venue viewer page: canvas, margin, labels"),
        Described(WalkerConfiguration.self, "the simulated walker: speeds, step frequency, connectors, pauses"),
        Described(InertialSensorConfiguration.self, "the simulated motion sensors and barometer"),
        Described(BeaconScanConfiguration.self, "the simulated BLE radio: scan rate, path loss, dropouts"),
    ]

    struct Inputs: RunnableInputs {
        @Positional(PositionalSpec(name: "NAME", help: "a configuration's name; without it, the list", isRequired: false))
        var name: String?
        @Option(.flag("--markdown", "print the table as Markdown (as in the module READMEs)")) var markdown: Bool

        func run() throws -> Int32 {
            guard let name else {
                let width = configurations.map(\.name.count).max() ?? 0
                for described in configurations {
                    print(described.name + String(repeating: " ", count: width - described.name.count) + "  " + described.summary)
                }
                return 0
            }
            guard let described = configurations.first(where: { $0.name == name }) else {
                throw UsageError("config: no configuration '\(name)'; known: \(configurations.map(\.name).joined(separator: ", "))")
            }
            print(markdown ? described.markdownTable() : described.textTable(), terminator: "")
            return 0
        }
    }
}

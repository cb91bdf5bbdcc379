import Foundation
import IndoorGeometry
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// `eval-providers`: the dead-reckoning, beacon and satellite providers scored one by one on recordings
/// with ground truth, and the beacon provider on receiver tracks.
public enum ProviderEvaluation {
    /// What the providers are scored with.
    public struct Settings {
        /// The beacons (nil: no beacon scoring).
        public var registry: BeaconRegistry?
        /// The venue whose frame the truth is put in.
        public var venue: Venue?
        /// Transmit power at 1 m of receivers that do not state it, dBm.
        public var txPowerDbm: Double
        /// Path-loss exponent of the receivers (nil: the registry's).
        public var pathLossExponent: Double?
        /// The step and heading models.
        public var deadReckoning: DeadReckoningConfiguration
        /// The beacon provider's configuration.
        public var beacon: BeaconProviderConfiguration

        /// Settings without registry or venue.
        public init(
            txPowerDbm: Double, pathLossExponent: Double?, deadReckoning: DeadReckoningConfiguration,
            beacon: BeaconProviderConfiguration
        ) {
            self.txPowerDbm = txPowerDbm
            self.pathLossExponent = pathLossExponent
            self.deadReckoning = deadReckoning
            self.beacon = beacon
        }
    }

    /// Scores every file (receiver tracks `*.mbd` by their beacons, recordings by each provider), one
    /// job per file, `jobs` at a time, into one report in file order; files without ground truth or
    /// that cannot be read are skipped with the reason. `progress` hears each file as it starts.
    public static func report(
        files: [String], settings: Settings, jobs: Int, progress: ((Int, String) -> Void)? = nil
    ) -> EvaluationReport {
        let readAhead = LoadedRecording.readsAhead(jobs: jobs, files: files.count)
        let results = ParallelJobs.map(files, jobs: jobs, costs: ParallelJobs.fileSizes(files), progress: progress) {
            _, file -> Result<FileOutcome?, any Error> in
            Result {
                file.hasSuffix(".mbd")
                    ? try evaluateReceiverTrack(file, settings) : try evaluateRecording(file, settings, readAhead: readAhead)
            }
        }
        var report = EvaluationReport()
        for (file, result) in zip(files, results) {
            do {
                if let result = try result.get() {
                    report.outcomes.append(result)
                } else {
                    report.skipped.append((file, "no ground truth"))
                }
            } catch {
                report.skipped.append((file, EvaluationInputs.skipReason(for: error)))
            }
        }
        return report
    }

    /// Scores the dead-reckoning, beacon and satellite providers of a recording; nil without ground truth.
    /// `readAhead` as ``LoadedRecording/read(_:venue:registry:readAhead:)`` takes it.
    public static func evaluateRecording(_ file: String, _ settings: Settings, readAhead: Bool = true) throws -> FileOutcome? {
        let loaded = try LoadedRecording.read(file, venue: settings.venue, registry: settings.registry, readAhead: readAhead)
        let samples = loaded.samples
        let frame = loaded.frame
        guard let truth = loaded.truth else { return nil }
        var result = FileOutcome(file: file, dataset: loaded.format)
        result.samples = samples.count
        result.durationSeconds = (samples.last?.timeSeconds ?? 0) - (samples.first?.timeSeconds ?? 0)
        result.frame = loaded.usedFloorFrame ? "floor" : "local"
        result.deadReckoning = ProviderScoring.scoreDeadReckoning(
            samples: samples, truth: truth,
            configuration: settings.deadReckoning.forWalk(withFloorPlan: settings.venue != nil))
        if let registry = settings.registry {
            let map =
                settings.venue.map { try? BeaconMap(registry: registry, venue: $0) }
                ?? (try? BeaconMap(registry: registry, frame: frame))
            if let map {
                let provider = BeaconPositionProvider(map: map, configuration: settings.beacon)
                if let score = ProviderScoring.scoreBeacons(samples: samples, truth: truth, provider: provider), score.fixCount > 0 {
                    result.beacon = score
                }
            }
        }
        if let frame = settings.venue?.frame ?? frame {
            // Every fix the provider accepts, below ground too: the fixes' own quality.
            let provider = GNSSPositionProvider(frame: frame, configuration: try GNSSProviderConfiguration { $0.useBelowGround = true })
            result.gnss = ProviderScoring.scoreSatelliteFixes(samples: samples, truth: truth, provider: provider)
        }
        return result
    }

    /// Scores the beacon provider on a receiver track (`*.mbd`, the receivers as beacons).
    /// - Throws: ``ProviderEvaluationError/noDeviceFile(track:)`` when no `cnf/*.dev` is found above it.
    public static func evaluateReceiverTrack(_ file: String, _ settings: Settings) throws -> FileOutcome {
        guard let devicesPath = findDeviceFile(near: file) else { throw ProviderEvaluationError.noDeviceFile(track: file) }
        let devicesText = try String(contentsOfFile: devicesPath, encoding: .utf8)
        let trackText = try String(contentsOfFile: file, encoding: .utf8)
        let registry = try ReceiverTrackDataset.parseDevices(
            devicesText, file: devicesPath, txPowerDbm: settings.txPowerDbm,
            pathLossExponent: settings.pathLossExponent)
        let track = try ReceiverTrackDataset.parseTrack(trackText, file: file)
        let provider = BeaconPositionProvider(map: try BeaconMap(registry: registry, frame: nil), configuration: settings.beacon)
        let truth = try GroundTruthTrack(track.truth, source: file)
        var result = FileOutcome(file: file, dataset: "receiver-track")
        result.samples = track.samples.count
        result.durationSeconds = track.samples.last?.timeSeconds ?? 0
        result.beacon = ProviderScoring.scoreBeacons(samples: track.samples, truth: truth, provider: provider)
        return result
    }

    /// `cnf/*.dev` in the track's folder or up to three folders above it.
    public static func findDeviceFile(near file: String) -> String? {
        var folder = (file as NSString).deletingLastPathComponent
        for _ in 0..<4 {
            let cnf = (folder as NSString).appendingPathComponent("cnf")
            if let names = try? FileManager.default.contentsOfDirectory(atPath: cnf),
                let dev = names.sorted().first(where: { $0.hasSuffix(".dev") })
            {
                return (cnf as NSString).appendingPathComponent(dev)
            }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }
}

/// Why a file cannot be scored by its providers.
public enum ProviderEvaluationError: Error, CustomStringConvertible, Equatable {
    /// A receiver track without a device file in `cnf/` beside or above its folder.
    case noDeviceFile(track: String)

    /// The reason as a sentence.
    public var description: String {
        switch self {
        case .noDeviceFile(let track): "no cnf/*.dev device file found above \(track)"
        }
    }
}

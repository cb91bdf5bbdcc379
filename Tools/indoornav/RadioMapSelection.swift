import Foundation
import IndoorGeometry
import Positioning

/// The radio map each recording of an `eval` run is scored with: the whole map, or under
/// cross-validation the map without the walks of the recording's own fold. Matchers are built once per
/// (fold, frame) and reused.
struct RadioMapSelection {
    var map: RadioMap?
    var configuration: FingerprintConfiguration
    var folds: CrossValidationFolds?
    private var cache: [String: FingerprintMatcher] = [:]

    init(map: RadioMap?, configuration: FingerprintConfiguration) {
        self.map = map
        self.configuration = configuration
    }

    /// The matcher for the recording stored as `walk` (nil without a map) and its fold.
    mutating func matcher(forWalk walk: String, frame: LocalFrame?) -> (matcher: FingerprintMatcher?, fold: Int?) {
        guard let map else { return (nil, nil) }
        let fold = folds?.foldOfName[walk]
        let key = "\(fold ?? -1)|\(frame.map { "\($0.reference.latitudeDegrees),\($0.reference.longitudeDegrees)" } ?? "-")"
        if let cached = cache[key] { return (cached, fold) }
        var selected = map
        if let folds, let fold {
            selected = map.excludingWalks { folds.foldOfName[$0] == fold }
        }
        let matcher = FingerprintMatcher(map: selected.reframed(to: frame), configuration: configuration)
        cache[key] = matcher
        return (matcher, fold)
    }
}

/// `--fingerprint-option NAME=VALUE` values turned into a validated ``FingerprintConfiguration``.
enum FingerprintOptions {
    static func configuration(_ options: [String]) throws -> FingerprintConfiguration {
        let s = FingerprintConfiguration.standard
        var values: [String: Double] = [
            "maximumStalenessSeconds": s.maximumStalenessSeconds, "beaconWindowSeconds": s.beaconWindowSeconds,
            "beaconScanIntervalSeconds": s.beaconScanIntervalSeconds, "minimumRSSIDbm": s.minimumRSSIDbm,
            "missingRSSIDbm": s.missingRSSIDbm, "neighbourCount": Double(s.neighbourCount),
            "minimumKnownTransmitters": Double(s.minimumKnownTransmitters), "minimumSigmaMeters": s.minimumSigmaMeters,
            "spreadScale": s.spreadScale, "sigmaPerRMSMetersPerDb": s.sigmaPerRMSMetersPerDb, "maximumMatchRMSDb": s.maximumMatchRMSDb,
            "minimumFingerprintsPerTransmitter": Double(s.minimumFingerprintsPerTransmitter),
            "levelEvidenceWeight": s.levelEvidenceWeight, "dateScansByLastSeen": s.dateScansByLastSeen ? 1 : 0,
        ]
        for option in options {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, values[parts[0]] != nil else {
                throw UsageError("--fingerprint-option \(option): expected NAME=VALUE with NAME one of \(values.keys.sorted().joined(separator: ", "))")
            }
            guard let value = Double(parts[1]), value.isFinite else {
                throw UsageError("--fingerprint-option \(option): '\(parts[1])' is not a number")
            }
            values[parts[0]] = value
        }
        func v(_ name: String) -> Double { values[name] ?? 0 }
        do {
            var configuration = try FingerprintConfiguration(
                maximumStalenessSeconds: v("maximumStalenessSeconds"), beaconWindowSeconds: v("beaconWindowSeconds"),
                beaconScanIntervalSeconds: v("beaconScanIntervalSeconds"), minimumRSSIDbm: v("minimumRSSIDbm"),
                missingRSSIDbm: v("missingRSSIDbm"), neighbourCount: Int(v("neighbourCount")),
                minimumKnownTransmitters: Int(v("minimumKnownTransmitters")), minimumSigmaMeters: v("minimumSigmaMeters"),
                spreadScale: v("spreadScale"), sigmaPerRMSMetersPerDb: v("sigmaPerRMSMetersPerDb"), maximumMatchRMSDb: v("maximumMatchRMSDb"),
                minimumFingerprintsPerTransmitter: Int(v("minimumFingerprintsPerTransmitter")),
                levelEvidenceWeight: v("levelEvidenceWeight"))
            configuration.dateScansByLastSeen = v("dateScansByLastSeen") != 0
            return configuration
        } catch {
            throw UsageError("--fingerprint-option: \(error)")
        }
    }
}

import Foundation
import IndoorGeometry
import IndoorPositioning

/// The radio map each recording of an `eval` run is scored with: the whole map, or under
/// cross-validation the map without the walks of the recording's own fold, and with an exclusion radius
/// also without everything surveyed near the recording's own truth (blocked cross-validation). Matchers
/// are built once per (fold, frame) and reused; with an exclusion radius, once per recording.
struct RadioMapSelection {
    var map: RadioMap?
    var configuration: FingerprintConfiguration
    var folds: CrossValidationFolds?
    /// Fingerprints, walk legs and stride samples within this distance of a scored recording's truth are
    /// left out of its map (``RadioMap/excludingSurroundings(of:radiusMeters:)``), metres; nil = none.
    var excludeRadiusMeters: Double?
    private var cache: [String: FingerprintMatcher] = [:]

    init(map: RadioMap?, configuration: FingerprintConfiguration) {
        self.map = map
        self.configuration = configuration
    }

    /// The matcher for the recording stored as `walk` (nil without a map) and its fold; `truth` is the
    /// recording's ground truth in `frame`, for the exclusion radius.
    mutating func matcher(
        forWalk walk: String, frame: LocalFrame?, truth: GroundTruthTrack? = nil
    ) -> (matcher: FingerprintMatcher?, fold: Int?) {
        guard let map else { return (nil, nil) }
        let fold = folds?.foldOfName[walk]
        let key = "\(fold ?? -1)|\(frame.map { "\($0.reference.latitudeDegrees),\($0.reference.longitudeDegrees)" } ?? "-")"
        let blocked = excludeRadiusMeters.flatMap { radius in truth.map { (radius, $0) } }
        if blocked == nil, let cached = cache[key] { return (cached, fold) }
        var selected = map
        if let folds, let fold {
            selected = map.excludingWalks { folds.foldOfName[$0] == fold }
        }
        selected = selected.reframed(to: frame)
        if let (radius, truth) = blocked {
            selected = selected.excludingSurroundings(of: truth.points, radiusMeters: radius)
            return (FingerprintMatcher(map: selected, configuration: configuration), fold)
        }
        let matcher = FingerprintMatcher(map: selected, configuration: configuration)
        cache[key] = matcher
        return (matcher, fold)
    }
}

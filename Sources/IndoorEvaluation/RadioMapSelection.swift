import Foundation
import IndoorGeometry
import IndoorPositioning

/// The radio map each recording of an `eval` run is scored with: the whole map, or under
/// cross-validation the map without the walks of the recording's own fold, and with an exclusion radius
/// also without everything surveyed near the recording's own truth (blocked cross-validation). Matchers
/// are built once per (fold, frame) and reused; with an exclusion radius (``blocked(_:truth:radiusMeters:)``),
/// once more per recording from its fold's.
public struct RadioMapSelection {
    /// The whole radio map (nil: no radio-map provider).
    public var map: RadioMap?
    /// How the matchers match.
    public var configuration: FingerprintConfiguration
    /// The cross-validation folds (nil: every walk gets the whole map).
    public var folds: CrossValidationFolds?
    /// Matchers by ``cacheKey(fold:frame:)``.
    var cache: [String: FingerprintMatcher] = [:]

    /// The selection of `map`, without folds.
    public init(map: RadioMap?, configuration: FingerprintConfiguration) { self.map = map; self.configuration = configuration }

    /// The matcher for the recording stored as `walk` (nil without a map) and its fold.
    public mutating func matcher(forWalk walk: String, frame: LocalFrame?) -> (matcher: FingerprintMatcher?, fold: Int?) {
        guard let map else { return (nil, nil) }
        let fold = folds?.foldOfName[walk]
        let key = Self.cacheKey(fold: fold, frame: frame)
        if let cached = cache[key] { return (cached, fold) }
        let matcher = Self.makeMatcher(map: map, folds: folds, fold: fold, frame: frame, configuration: configuration)
        cache[key] = matcher
        return (matcher, fold)
    }

    /// Blocked cross-validation: `matcher`'s map (already without the recording's fold, in its frame)
    /// without what was surveyed within `radiusMeters` of the recording's `truth`
    /// (``RadioMap/excludingSurroundings(of:radiusMeters:)``), matched with the same configuration.
    public static func blocked(_ matcher: FingerprintMatcher, truth: GroundTruthTrack, radiusMeters: Double) -> FingerprintMatcher {
        FingerprintMatcher(
            map: matcher.map.excludingSurroundings(of: truth.points, radiusMeters: radiusMeters), configuration: matcher.configuration)
    }

    /// The cache key of a fold's matcher in a frame.
    static func cacheKey(fold: Int?, frame: LocalFrame?) -> String {
        "\(fold ?? -1)|\(frame.map { "\($0.reference.latitudeDegrees),\($0.reference.longitudeDegrees)" } ?? "-")"
    }

    /// The matcher of `map` without the walks of `fold` (all of it without folds), reframed to `frame`.
    static func makeMatcher(
        map: RadioMap, folds: CrossValidationFolds?, fold: Int?, frame: LocalFrame?, configuration: FingerprintConfiguration
    ) -> FingerprintMatcher {
        var selected = map
        if let folds, let fold {
            selected = map.excludingWalks { folds.foldOfName[$0] == fold }
        }
        return FingerprintMatcher(map: selected.reframed(to: frame), configuration: configuration)
    }
}

extension RadioMapSelection {
    /// Builds, `jobs` at a time, the matchers the walks will ask for in `frame` (one per fold), so the
    /// walks' jobs find them made instead of waiting for one another to build them. The matchers are the
    /// ones ``matcher(forWalk:frame:)`` would build.
    public mutating func prepare(forWalks walks: [String], frame: LocalFrame?, jobs: Int) {
        guard let map else { return }
        var folds: [Int?] = []
        for walk in walks {
            let fold = self.folds?.foldOfName[walk]
            if !folds.contains(fold), cache[Self.cacheKey(fold: fold, frame: frame)] == nil { folds.append(fold) }
        }
        let selection = self
        let matchers = ParallelJobs.map(folds, jobs: jobs) { _, fold in
            Self.makeMatcher(map: map, folds: selection.folds, fold: fold, frame: frame, configuration: selection.configuration)
        }
        for (fold, matcher) in zip(folds, matchers) { cache[Self.cacheKey(fold: fold, frame: frame)] = matcher }
    }
}

import IndoorGeometry
import IndoorPositioning

extension RadioMapSelection {
    /// Builds, `jobs` at a time, the matchers the walks will ask for in `frame` (one per fold), so the
    /// walks' jobs find them made instead of waiting for one another to build them. The matchers are the
    /// ones ``matcher(forWalk:frame:)`` would build.
    mutating func prepare(forWalks walks: [String], frame: LocalFrame?, jobs: Int) {
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

import IndoorGeometry
import IndoorRecordings

extension RadioMap {
    /// The map as if nobody had surveyed near `path`: without the fingerprints and walk legs that lie within
    /// `radiusMeters` of it, and without the stride ratio of every walk that passed there (blocked
    /// cross-validation: a scored walk is then matched against a map that does not know its surroundings,
    /// as a walk where nobody surveyed would be).
    ///
    /// Distances are horizontal, to the path's legs (consecutive points joined on one level; a lone point
    /// on a level counts as a leg of length zero), in the map's frame: `path` must be in it (see
    /// ``reframed(to:)``). Levels are compared as ``LevelReference``s; a fingerprint, leg or path point
    /// without a level is near every level. Legs of maps written before legs had places (no
    /// ``WalkLeg/midpoint``) cannot be placed and are dropped too.
    /// - Complexity: O((fingerprints + legs) × path points).
    public func excludingSurroundings(of path: [TruthPoint], radiusMeters: Double) -> RadioMap {
        guard radiusMeters > 0, !path.isEmpty else { return self }
        var segments: [(level: LevelReference?, segment: Segment)] = []
        for (index, point) in path.enumerated() {
            let next = index + 1 < path.count ? path[index + 1] : nil
            if let next, next.level == point.level {
                segments.append((point.level, Segment(point.point, next.point)))
            } else if index == 0 || path[index - 1].level != point.level {
                segments.append((point.level, Segment(point.point, point.point)))
            }
        }
        func isNear(_ point: LocalPoint, level: LevelReference?) -> Bool {
            segments.contains { entry in
                (level == nil || entry.level == nil || entry.level == level) && entry.segment.distance(to: point) <= radiusMeters
            }
        }
        var copy = self
        var passedNear = Set<Int>()
        copy.fingerprints.removeAll { fingerprint in
            let level = fingerprint.levelIndex.flatMap { levels.indices.contains($0) ? levels[$0] : nil }
            guard isNear(fingerprint.point, level: level) else { return false }
            passedNear.insert(fingerprint.walkIndex)
            return true
        }
        for walk in copy.walkLegs.indices {
            copy.walkLegs[walk].removeAll { leg in
                let level = leg.levelIndex.flatMap { levels.indices.contains($0) ? levels[$0] : nil }
                guard let middle = leg.midpoint, !isNear(middle, level: level) else {
                    passedNear.insert(walk)
                    return true
                }
                return false
            }
        }
        for walk in passedNear where copy.strideRatios.indices.contains(walk) { copy.strideRatios[walk] = nil }
        return copy
    }
}

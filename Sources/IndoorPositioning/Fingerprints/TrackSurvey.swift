import IndoorGeometry
import IndoorRecordings

extension RadioMapBuilder {
    /// One point of a walk's smoothed track, as a track survey places scans on it.
    public struct TrackPoint: Hashable, Sendable {
        /// Seconds.
        public var timeSeconds: Double
        /// The smoothed position, the map's frame.
        public var point: LocalPoint
        /// The level the track held, as the map names it.
        public var level: LevelReference?
        /// The track's largest one-sigma there, metres.
        public var sigmaMeters: Double
        /// The one-sigma of the track's heading there (its smoothed heading bias), radians; `nil` when
        /// not known (the walk legs through it then count fully).
        public var headingSigmaRadians: Double?

        /// A track point.
        public init(timeSeconds: Double, point: LocalPoint, level: LevelReference?, sigmaMeters: Double, headingSigmaRadians: Double? = nil)
        {
            self.timeSeconds = timeSeconds
            self.point = point
            self.level = level
            self.sigmaMeters = sigmaMeters
            self.headingSigmaRadians = headingSigmaRadians
        }
    }

    /// The track points of an offline-smoothed fusion run (``OfflineFusion/smoothed``): each level index
    /// resolved in `levels` (the engine's candidates) and named the way `start` (the walk's start level,
    /// as its recording names levels) is, so that the map's levels compare equal to truth-surveyed ones
    /// (a floor number for a floor number, a floor name or level id for those; a level id without a start
    /// level); the sigma the covariance's largest.
    public static func trackPoints(
        _ smoothed: [SmoothedFusionPoint], levels: [LevelCandidate], namedLike start: LevelReference?
    ) -> [TrackPoint] {
        func name(_ index: Int?) -> LevelReference? {
            guard let index, levels.indices.contains(index) else { return nil }
            let candidate = levels[index]
            switch start {
            case .floorNumber?: return candidate.floorNumber.map { .floorNumber($0) } ?? .levelId(candidate.levelID)
            case .floorName?: return .floorName(candidate.levelID)
            case .levelId?, nil: return .levelId(candidate.levelID)
            }
        }
        return smoothed.map { point in
            TrackPoint(
                timeSeconds: point.timeSeconds, point: point.point, level: name(point.levelIndex),
                sigmaMeters: point.covariance.largestSigmaMeters, headingSigmaRadians: point.headingBiasSigmaRadians)
        }
    }
}

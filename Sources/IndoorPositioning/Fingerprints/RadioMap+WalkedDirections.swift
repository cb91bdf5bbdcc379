import Foundation
import IndoorGeometry
import IndoorRecordings
import IndoorVenue

extension RadioMap {
    /// A straight piece of a survey walk's ground truth on one level, between two consecutive truth
    /// points: a direction people walk in there.
    public struct WalkLeg: Hashable, Sendable {
        /// Index into ``RadioMap/levels``, when the walk knew its level.
        public var levelIndex: Int?
        /// Direction of the leg, radians clockwise from the frame's north.
        public var headingRadians: Double
        /// Length, metres.
        public var lengthMeters: Double
        /// The leg's middle, the map's frame; `nil` in maps written before legs had places (see
        /// ``RadioMap/excludingSurroundings(of:radiusMeters:)``).
        public var midpoint: LocalPoint?

        /// A leg.
        public init(levelIndex: Int?, headingRadians: Double, lengthMeters: Double, midpoint: LocalPoint? = nil) {
            self.levelIndex = levelIndex
            self.headingRadians = headingRadians
            self.lengthMeters = lengthMeters
            self.midpoint = midpoint
        }
    }

    /// Legs shorter than this are not kept (between truth points that close together the walker need not
    /// have walked straight), metres. 2.
    public static let minimumWalkLegMeters = 2.0

    /// The main walking directions of each of `levels` learnt from the survey walks' legs
    /// (``DominantDirections`` over the legs on the map level that names the candidate), for venues without
    /// a floor plan: most buildings are rectilinear, and their corridors are what the surveyors walked. A
    /// level whose own legs give no axis (none surveyed there, or none left near a walk where nobody
    /// surveyed) takes the axis of all levels' legs together: the floors of one building share its axes.
    /// `nil` when the map has no legs on any of the levels.
    /// - Parameter venue: resolves level names, as for the fingerprint provider.
    public func walkedDirections(levels: [LevelCandidate], venue: Venue? = nil) -> DominantDirections? {
        var legsByLevel = [[(headingRadians: Double, lengthMeters: Double)]](repeating: [], count: levels.count)
        let candidateOfMapLevel = self.levels.map { LevelCandidate.index(of: $0, in: levels, venue: venue) }
        var any = false
        for legs in walkLegs {
            for leg in legs {
                guard let mapLevel = leg.levelIndex, candidateOfMapLevel.indices.contains(mapLevel),
                    let candidate = candidateOfMapLevel[mapLevel]
                else { continue }
                legsByLevel[candidate].append((leg.headingRadians, leg.lengthMeters))
                any = true
            }
        }
        return any ? DominantDirections(directionsByLevel: legsByLevel, pooledWhereMissing: true) : nil
    }

    /// The legs of a walk's truth (time order): consecutive points on one level at least
    /// ``minimumWalkLegMeters`` apart.
    static func legs(of truth: [TruthPoint], levelIndex: (LevelReference) -> Int) -> [WalkLeg] {
        var legs: [WalkLeg] = []
        for (a, b) in zip(truth, truth.dropFirst()) where a.level == b.level {
            let dx = b.point.x - a.point.x, dy = b.point.y - a.point.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length >= minimumWalkLegMeters, length.isFinite else { continue }
            legs.append(
                WalkLeg(
                    levelIndex: a.level.map { levelIndex($0) }, headingRadians: atan2(dx, dy), lengthMeters: length,
                    midpoint: LocalPoint(x: (a.point.x + b.point.x) / 2, y: (a.point.y + b.point.y) / 2)))
        }
        return legs
    }
}

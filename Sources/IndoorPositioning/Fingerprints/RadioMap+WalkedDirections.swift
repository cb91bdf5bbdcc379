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
        /// How far its direction is trusted, 0 … 1: 1 for a leg of ground truth, less for a leg of a
        /// smoothed track whose heading absolute evidence pinned only loosely
        /// (``TrackSurveyConfiguration/legHeadingSigmaRadians``). Its vote in the walked directions is its
        /// length times this.
        public var weight: Double

        /// A leg.
        public init(levelIndex: Int?, headingRadians: Double, lengthMeters: Double, midpoint: LocalPoint? = nil, weight: Double = 1) {
            self.levelIndex = levelIndex
            self.headingRadians = headingRadians
            self.lengthMeters = lengthMeters
            self.midpoint = midpoint
            self.weight = weight
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
    /// Each leg votes by its length times its ``WalkLeg/weight``; a level whose legs carry less weight per
    /// metre than all the map's legs (a self-surveyed level that only dead reckoning walked) takes the axis
    /// of all the map's legs.
    /// `nil` when the map has no legs on any of the levels.
    /// - Parameter venue: resolves level names, as for the fingerprint provider.
    public func walkedDirections(levels: [LevelCandidate], venue: Venue? = nil) -> DominantDirections? {
        var legsByLevel = [[(headingRadians: Double, lengthMeters: Double)]](repeating: [], count: levels.count)
        let candidateOfMapLevel = self.levels.map { LevelCandidate.index(of: $0, in: levels, venue: venue) }
        var any = false
        var metres = [Double](repeating: 0, count: levels.count), weighted = metres
        var allLegs: [(headingRadians: Double, lengthMeters: Double)] = []
        var allMetres = 0.0, allWeighted = 0.0
        for legs in walkLegs {
            for leg in legs {
                allLegs.append((leg.headingRadians, leg.lengthMeters * leg.weight))
                allMetres += leg.lengthMeters
                allWeighted += leg.lengthMeters * leg.weight
                guard let mapLevel = leg.levelIndex, candidateOfMapLevel.indices.contains(mapLevel),
                    let candidate = candidateOfMapLevel[mapLevel]
                else { continue }
                legsByLevel[candidate].append((leg.headingRadians, leg.lengthMeters * leg.weight))
                metres[candidate] += leg.lengthMeters
                weighted[candidate] += leg.lengthMeters * leg.weight
                any = true
            }
        }
        // A level whose legs absolute evidence pinned less, per metre, than the map's legs on average takes
        // the axis of all the map's legs (each by its weight): the building's axis, learnt where it was
        // pinned. With unweighted legs (ground truth) no level is below the average.
        let mapShare = allWeighted / max(allMetres, .leastNormalMagnitude)
        for level in levels.indices where metres[level] > 0 && weighted[level] < mapShare * metres[level] {
            legsByLevel[level] = allLegs
        }
        return any ? DominantDirections(directionsByLevel: legsByLevel, pooledWhereMissing: true) : nil
    }

    /// The legs of a walk's truth (time order): consecutive points on one level at least
    /// ``minimumWalkLegMeters`` apart.
    static func legs(of truth: [TruthPoint], weights: [Double] = [], levelIndex: (LevelReference) -> Int) -> [WalkLeg] {
        var legs: [WalkLeg] = []
        for (i, (a, b)) in zip(truth, truth.dropFirst()).enumerated() where a.level == b.level {
            let dx = b.point.x - a.point.x, dy = b.point.y - a.point.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length >= minimumWalkLegMeters, length.isFinite else { continue }
            legs.append(
                WalkLeg(
                    levelIndex: a.level.map { levelIndex($0) }, headingRadians: atan2(dx, dy), lengthMeters: length,
                    midpoint: LocalPoint(x: (a.point.x + b.point.x) / 2, y: (a.point.y + b.point.y) / 2),
                    weight: i < weights.count ? weights[i] : 1))
        }
        return legs
    }
}

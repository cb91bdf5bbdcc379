import IndoorPositioning
import IndoorVenue

extension GroundTruthTrack {
    /// The truth as a track on the level candidates' ids (a level the candidates do not know keeps its
    /// name or floor number as written).
    public func positionTrack(levels: [LevelCandidate], venue: Venue?) -> PositionTrack {
        PositionTrack(
            name: "truth",
            points: points.map { point in
                var levelID: String?
                var floorNumber: Double?
                if let level = point.level {
                    if let index = LevelCandidate.index(of: level, in: levels, venue: venue) {
                        levelID = levels[index].levelID
                        floorNumber = levels[index].floorNumber
                    } else {
                        switch level {
                        case .levelId(let id): levelID = id
                        case .floorName(let name): levelID = name
                        case .floorNumber(let n): floorNumber = n
                        }
                    }
                }
                return PositionTrack.Point(
                    timeSeconds: point.timeSeconds, point: point.point, levelID: levelID, floorNumber: floorNumber, sources: ["truth"])
            })
    }
}

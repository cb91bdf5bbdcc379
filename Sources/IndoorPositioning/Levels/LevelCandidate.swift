import IndoorGeometry
import IndoorRecordings
import IndoorVenue

/// One level the user may be on, as the level filter sees it: its id, floor number, height, and the
/// connector entries on it from which other levels can be reached.
public struct LevelCandidate: Hashable, Sendable {
    /// A place on this level where a connector (stairs, lift, escalator, ramp) can be entered.
    public struct ConnectorEntry: Hashable, Sendable {
        /// Where the entry is, local frame (metres east/north).
        public var point: LocalPoint
        /// Indices (into the candidate list) of the other levels this connector reaches.
        public var reachableLevelIndices: [Int]

        /// An entry.
        public init(point: LocalPoint, reachableLevelIndices: [Int]) {
            self.point = point
            self.reachableLevelIndices = reachableLevelIndices
        }
    }

    /// Level id (the venue's id, or the floor number as text without a venue).
    public var levelID: String
    /// Floor number as shown to users, when known.
    public var floorNumber: Double?
    /// Floor height above the venue's reference, metres.
    public var elevationMeters: Double
    /// Connector entries on this level; empty when the connectors are unknown.
    public var connectorEntries: [ConnectorEntry]

    /// A candidate level.
    public init(levelID: String, floorNumber: Double?, elevationMeters: Double, connectorEntries: [ConnectorEntry] = []) {
        self.levelID = levelID
        self.floorNumber = floorNumber
        self.elevationMeters = elevationMeters
        self.connectorEntries = connectorEntries
    }

    /// The venue's levels in the venue's order (by ordinal), with the entries of every connector.
    /// - Complexity: O(levels + connector entries × connector levels).
    public static func levels(of venue: Venue) -> [LevelCandidate] {
        var candidates = venue.levels.map {
            LevelCandidate(levelID: $0.id, floorNumber: $0.floorNumber ?? Double($0.ordinal), elevationMeters: $0.elevationMeters)
        }
        for connector in venue.connectors {
            let reached = Set(
                connector.levelIDs.compactMap { try? venue.levelIndex($0) }
                    + connector.entries.compactMap { try? venue.levelIndex($0.levelID) })
            for entry in connector.entries {
                guard let index = try? venue.levelIndex(entry.levelID) else { continue }
                let others = reached.subtracting([index]).sorted()
                guard !others.isEmpty else { continue }
                candidates[index].connectorEntries.append(ConnectorEntry(point: entry.point, reachableLevelIndices: others))
            }
        }
        return candidates
    }

    /// Levels for whole floor numbers from the lowest to the highest given (gaps filled), `storeyHeightMeters`
    /// apart, floor 0 at elevation 0, with unknown connectors. Used when no venue is known (e.g. the
    /// floors of the beacons plus the start floor).
    public static func levels(floorNumbers: [Double], storeyHeightMeters: Double = Level.defaultStoreyHeightMeters) -> [LevelCandidate] {
        let finite = floorNumbers.filter(\.isFinite).map { $0.rounded() }
        guard let low = finite.min(), let high = finite.max(), high - low < 1000 else { return [] }
        return stride(from: low, through: high, by: 1).map {
            LevelCandidate(levelID: String(Int($0)), floorNumber: $0, elevationMeters: $0 * storeyHeightMeters)
        }
    }

    /// Index of the candidate a level reference names: by id, by floor name (id or floor number text),
    /// or by floor number; `nil` when none matches.
    public static func index(of reference: LevelReference, in candidates: [LevelCandidate], venue: Venue? = nil) -> Int? {
        switch reference {
        case .floorNumber(let n):
            return candidates.firstIndex { $0.floorNumber == n }
        case .levelId(let id), .floorName(let id):
            if let i = candidates.firstIndex(where: { $0.levelID == id }) { return i }
            if let venue, let level = try? venue.level(id), let i = candidates.firstIndex(where: { $0.levelID == level.id }) { return i }
            if let n = Double(id) { return candidates.firstIndex { $0.floorNumber == n } }
            return nil
        }
    }
}

import IndoorGeometry
import IndoorRecordings
import IndoorVenue

/// A beacon of a registry placed on the venue: local position and level index resolved.
public struct PlacedBeacon: Hashable, Sendable {
    /// The registry record.
    public var record: BeaconRecord
    /// Mounting point in the venue's local frame (at floor level; the mounting height is added by the radio model).
    public var position: LocalPoint
    /// Index into `Venue.levels`.
    public var levelIndex: Int

    /// A beacon placed at `position` on the level with index `levelIndex`.
    public init(record: BeaconRecord, position: LocalPoint, levelIndex: Int) {
        self.record = record
        self.position = position
        self.levelIndex = levelIndex
    }

    /// Places every beacon of `registry` on `venue`: geographic positions go through the venue frame,
    /// levels are matched by id, floor name or floor number (then ordinal).
    /// Throws ``SimulationError/beacon(id:message:)`` for a beacon whose level the venue does not have.
    public static func place(_ registry: BeaconRegistry, on venue: Venue) throws(SimulationError) -> [PlacedBeacon] {
        var placed: [PlacedBeacon] = []
        placed.reserveCapacity(registry.beacons.count)
        for record in registry.beacons {
            let point: LocalPoint
            switch record.position {
            case .local(let p): point = p
            case .geographic(let g): point = venue.frame.localPoint(from: g)
            }
            let level: Int?
            switch record.level {
            case .levelId(let id), .floorName(let id):
                level = try? venue.levelIndex(id)
            case .floorNumber(let n):
                level = venue.levels.firstIndex { $0.floorNumber == n } ?? venue.levels.firstIndex { Double($0.ordinal) == n }
            }
            guard let level else {
                throw .beacon(
                    id: record.id,
                    message: "\(record.level) is not a level of venue '\(venue.id)' (levels: "
                        + venue.levels.map(\.id).joined(separator: ", ") + ")")
            }
            placed.append(PlacedBeacon(record: record, position: point, levelIndex: level))
        }
        return placed
    }
}

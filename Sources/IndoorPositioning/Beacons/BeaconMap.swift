import IndoorGeometry
import IndoorRecordings
import IndoorVenue

/// An installed beacon with its mounting point in the venue's local frame.
public struct LocalBeacon: Hashable, Sendable {
    /// The registry id.
    public var id: String
    /// Mounting point, metres east/north in the local frame.
    public var point: LocalPoint
    /// The level as the registry names it (the key of the level vote).
    public var level: LevelReference
    /// Level id reported in locations, when known.
    public var levelID: String?
    /// Floor number reported in locations, when known.
    public var floorNumber: Double?
    /// RSSI at 1 m, dBm.
    public var txPowerDbm: Double
    /// Path-loss exponent from the registry, when calibrated.
    public var pathLossExponent: Double?
}

/// The beacons of a ``BeaconRegistry`` placed in a local frame, with O(1) lookup by what a scan heard.
public struct BeaconMap: Sendable {
    /// How a registry level becomes the level id and floor number a location reports.
    public typealias LevelResolver = @Sendable (LevelReference) -> (levelID: String?, floorNumber: Double?)

    /// The beacons, in registry order.
    public let beacons: [LocalBeacon]
    private let registry: BeaconRegistry
    /// The index into ``beacons`` of each registry record, in registry order.
    private let indexOfRecord: [Int?]

    /// Places every beacon with `localPoint` (return `nil` when a beacon cannot be placed).
    /// - Throws: ``PositioningError/beaconPositionUnavailable(beaconID:reason:)``, ``PositioningError/emptyBeaconMap``.
    public init(
        registry: BeaconRegistry, levelResolver: LevelResolver = BeaconMap.plainLevel,
        localPoint: (BeaconRecord) -> LocalPoint?
    ) throws(PositioningError) {
        var placed: [LocalBeacon] = []
        var byID: [String: Int] = [:]
        for record in registry.beacons {
            guard let point = localPoint(record), point.isFinite else {
                throw .beaconPositionUnavailable(beaconID: record.id, reason: "could not be placed in the local frame")
            }
            let level = levelResolver(record.level)
            byID[record.id] = placed.count
            placed.append(
                LocalBeacon(
                    id: record.id, point: point, level: record.level, levelID: level.levelID,
                    floorNumber: level.floorNumber, txPowerDbm: record.txPowerDbm,
                    pathLossExponent: record.pathLossExponent))
        }
        guard !placed.isEmpty else { throw .emptyBeaconMap }
        beacons = placed
        self.registry = registry
        indexOfRecord = registry.beacons.map { byID[$0.id] }
    }

    /// Places local positions as they are and geographic ones through `frame`.
    /// - Throws: ``PositioningError/beaconPositionUnavailable(beaconID:reason:)`` for a geographic
    ///   position without a frame; ``PositioningError/emptyBeaconMap``.
    public init(
        registry: BeaconRegistry, frame: LocalFrame?,
        levelResolver: LevelResolver = BeaconMap.plainLevel
    ) throws(PositioningError) {
        for record in registry.beacons {
            if case .geographic = record.position, frame == nil {
                throw .beaconPositionUnavailable(beaconID: record.id, reason: "geographic position needs a local frame")
            }
        }
        try self.init(registry: registry, levelResolver: levelResolver) { record in
            switch record.position {
            case .local(let p): p
            case .geographic(let c): frame?.localPoint(from: c)
            }
        }
    }

    /// Places beacons in `venue`'s frame and resolves their levels against its levels (by id, name,
    /// floor number or ordinal); a level the venue does not know keeps the plain mapping.
    public init(registry: BeaconRegistry, venue: Venue) throws(PositioningError) {
        let levels = venue.levels
        let resolver: LevelResolver = { reference in
            let match: Level?
            switch reference {
            case .levelId(let id): match = levels.first { $0.id == id }
            case .floorName(let name):
                match = levels.first { $0.shortName.byLanguage.values.contains(name) || $0.name.byLanguage.values.contains(name) }
            case .floorNumber(let n):
                match = levels.first { $0.floorNumber == n } ?? levels.first { Double($0.ordinal) == n }
            }
            guard let match else { return BeaconMap.plainLevel(reference) }
            return (match.id, match.floorNumber ?? Double(match.ordinal))
        }
        try self.init(registry: registry, frame: venue.frame, levelResolver: resolver)
    }

    /// The default level mapping: a level id stays the level id, a floor number stays the floor number,
    /// a floor name becomes the level id.
    public static let plainLevel: LevelResolver = { reference in
        switch reference {
        case .levelId(let id): (id, nil)
        case .floorName(let name): (name, nil)
        case .floorNumber(let n): (nil, n)
        }
    }

    /// Index into ``beacons`` of the beacon an observation heard (iBeacon identity first, then MAC).
    /// - Complexity: O(1) expected.
    public func index(of identity: BeaconIdentity) -> Int? {
        registry.index(for: identity).flatMap { indexOfRecord[$0] }
    }
}

import IndoorGeometry

/// A building, or a section of one (IMDF `building` / `section`).
public struct Building: Hashable, Sendable {
    /// IMDF `building`, or a `section` of one.
    public enum Kind: String, Hashable, Sendable { case building, section }
    /// The source's feature id (IMDF UUID or authored id).
    public var id: String
    /// Whether it is a building or a section of one.
    public var kind: Kind
    /// Display names by language.
    public var name: LocalizedName
    /// The source's category (IMDF building category `parking`, `unspecified`, …), when given.
    public var category: String?
    /// Other ids the feature is known by (source prefixes, external references); lookups accept them.
    public var externalIDs: [String]
    /// For a section: the building it belongs to.
    public var parentBuildingID: String?
    /// Footprint, when known.
    public var footprint: Polygon?

    /// A building with every field given (empty name, no footprint by default).
    public init(
        id: String, kind: Kind = .building, name: LocalizedName = LocalizedName(), category: String? = nil,
        externalIDs: [String] = [], parentBuildingID: String? = nil, footprint: Polygon? = nil
    ) {
        self.id = id; self.kind = kind; self.name = name; self.category = category
        self.externalIDs = externalIDs; self.parentBuildingID = parentBuildingID; self.footprint = footprint
    }
}

/// A level (floor) of one or more buildings.
public struct Level: Hashable, Sendable {
    /// The source's level id (IMDF UUID, ILC floor name or authored id).
    public var id: String
    /// Vertical order: 0 is the ground level, negative below ground (IMDF `ordinal`).
    public var ordinal: Int
    /// Display names by language (`Ground floor`).
    public var name: LocalizedName
    /// Short display names by language (`G`, `B1`), as on elevator buttons.
    public var shortName: LocalizedName
    /// Floor number as shown to users; may be decimal (a mezzanine at 1.5).
    public var floorNumber: Double?
    /// The buildings (ids) the level belongs to.
    public var buildingIDs: [String]
    /// The level outline in the venue frame, when known.
    public var outline: Polygon?
    /// Height of the floor above the venue's ground level in metres (for barometric level estimation
    /// and connector lengths); defaults to `ordinal × 4 m` when the source does not give it.
    public var elevationMeters: Double
    /// Other ids the level is known by; lookups accept them.
    public var externalIDs: [String]
    /// The source's own per-floor frame (ILC waypoints are metres from the floor map's south-west
    /// corner), when it has one.
    public var floorFrame: FloorFrame?

    /// A level; `elevationMeters` defaults to `ordinal × 4 m`.
    public init(
        id: String, ordinal: Int, name: LocalizedName = LocalizedName(), shortName: LocalizedName = LocalizedName(),
        floorNumber: Double? = nil, buildingIDs: [String] = [], outline: Polygon? = nil,
        elevationMeters: Double? = nil, externalIDs: [String] = [], floorFrame: FloorFrame? = nil
    ) {
        self.id = id; self.ordinal = ordinal; self.name = name; self.shortName = shortName
        self.floorNumber = floorNumber; self.buildingIDs = buildingIDs; self.outline = outline
        self.elevationMeters = elevationMeters ?? Double(ordinal) * Level.defaultStoreyHeightMeters
        self.externalIDs = externalIDs; self.floorFrame = floorFrame
    }

    /// Storey height assumed when a source gives none: 4 m.
    public static let defaultStoreyHeightMeters = 4.0
}

/// A per-floor source frame: x east and y north in source units from an origin, mapped onto the venue's
/// local frame by an offset and per-axis scale.
public struct FloorFrame: Hashable, Sendable {
    /// Where the floor frame's origin lies in the venue frame.
    public var originInVenue: LocalPoint
    /// Venue metres per floor-frame unit along x (east) and y (north); 1 when the source is in metres.
    public var metersPerUnitX: Double
    /// Venue metres per floor-frame unit along y (north).
    public var metersPerUnitY: Double

    /// A frame with its origin at `originInVenue` (venue metres) and the given scales (1: source in metres).
    public init(originInVenue: LocalPoint, metersPerUnitX: Double = 1, metersPerUnitY: Double = 1) {
        self.originInVenue = originInVenue; self.metersPerUnitX = metersPerUnitX; self.metersPerUnitY = metersPerUnitY
    }

    /// Venue-frame point of floor-frame coordinates.
    public func venuePoint(floorX: Double, floorY: Double) -> LocalPoint {
        LocalPoint(x: originInVenue.x + floorX * metersPerUnitX, y: originInVenue.y + floorY * metersPerUnitY)
    }

    /// Floor-frame coordinates of a venue-frame point.
    public func floorCoordinates(of p: LocalPoint) -> (x: Double, y: Double) {
        ((p.x - originInVenue.x) / metersPerUnitX, (p.y - originInVenue.y) / metersPerUnitY)
    }
}

/// A space on a level (an IMDF `unit`): a room, corridor, shop, stairwell, …
public struct Space: Hashable, Sendable {
    /// The source's unit id.
    public var id: String
    /// IMDF unit category (`room`, `walkway`, `stairs`, `elevator`, `restroom.female`, …).
    public var category: String
    /// Outline in the venue's local frame, metres.
    public var polygon: Polygon
    /// The level it is on.
    public var levelID: String
    /// Display names by language (empty for most corridors).
    public var name: LocalizedName
    /// Other ids the space is known by; lookups accept them.
    public var externalIDs: [String]
    /// Whether people may walk through it (rooms and corridors yes; walls, shafts, non-public voids no).
    public var isWalkable: Bool
    /// Building (or section) the space belongs to, when known.
    public var buildingID: String?
    /// Access restriction as given by the source (`employeesonly`, `restricted`, …).
    public var restriction: String?
    /// Universes (views) this space belongs to; empty means every universe.
    public var universes: Set<String>

    /// A space; walkable, in every universe and unrestricted unless told otherwise.
    public init(
        id: String, category: String, polygon: Polygon, levelID: String, name: LocalizedName = LocalizedName(),
        externalIDs: [String] = [], isWalkable: Bool = true, buildingID: String? = nil,
        restriction: String? = nil, universes: Set<String> = []
    ) {
        self.id = id; self.category = category; self.polygon = polygon; self.levelID = levelID; self.name = name
        self.externalIDs = externalIDs; self.isWalkable = isWalkable; self.buildingID = buildingID
        self.restriction = restriction; self.universes = universes
    }

    /// IMDF unit categories that are not walkable space.
    public static let nonWalkableCategories: Set<String> = [
        "nonpublic", "opentobelow", "structure", "shaft", "unenclosedarea", "column", "void", "vegetation", "water",
    ]
}

/// A door or other passage (IMDF `opening`).
public struct Opening: Hashable, Sendable {
    /// The source's opening id.
    public var id: String
    /// IMDF opening category (`pedestrian`, `automobile`, `emergencyexit`, `service`, …).
    public var category: String
    /// The opening as a line across the wall, venue frame, metres.
    public var line: Polyline
    /// The level it is on.
    public var levelID: String
    /// Display names by language.
    public var name: LocalizedName
    /// Whether wheelchair users can pass.
    public var isAccessible: Bool

    /// An opening; accessible unless told otherwise.
    public init(
        id: String, category: String, line: Polyline, levelID: String, name: LocalizedName = LocalizedName(),
        isAccessible: Bool = true
    ) {
        self.id = id; self.category = category; self.line = line; self.levelID = levelID; self.name = name
        self.isAccessible = isAccessible
    }

    /// The middle of the opening line, where graph door nodes go.
    public var midpoint: LocalPoint { line.point(atOffset: line.length / 2) ?? .zero }
}

/// A point of interest: something a user can search for and navigate to.
public struct PointOfInterest: Hashable, Sendable {
    /// Which source feature produced it.
    public enum Source: String, Hashable, Sendable { case amenity, occupant, anchor, unit, authored }
    /// The POI's id: the source feature's (amenity, occupant, anchor, unit) or authored one.
    public var id: String
    /// The source's category (`restroom`, `cafe`, `office`, …).
    public var category: String
    /// Display names by language; what search matches.
    public var name: LocalizedName
    /// Where it is, venue frame, metres (a unit POI sits at the unit's label point).
    public var position: LocalPoint
    /// The level it is on.
    public var levelID: String
    /// The space containing the POI, when known.
    public var spaceID: String?
    /// Other ids the POI is known by; lookups accept them.
    public var externalIDs: [String]
    /// Which source feature produced it.
    public var source: Source
    /// Universes (views) this POI belongs to; empty means every universe.
    public var universes: Set<String>

    /// A POI; in every universe unless told otherwise.
    public init(
        id: String, category: String, name: LocalizedName, position: LocalPoint, levelID: String,
        spaceID: String? = nil, externalIDs: [String] = [], source: Source, universes: Set<String> = []
    ) {
        self.id = id; self.category = category; self.name = name; self.position = position; self.levelID = levelID
        self.spaceID = spaceID; self.externalIDs = externalIDs; self.source = source; self.universes = universes
    }
}

/// A named subset of POIs and spaces (Mapwize "universe", a view such as "public" or "staff").
public struct Universe: Hashable, Sendable {
    /// The universe's id, as given in route requests (`--universe`).
    public var id: String
    /// Display names by language.
    public var name: LocalizedName
    /// A universe with an optional display name.
    public init(id: String, name: LocalizedName = LocalizedName()) { self.id = id; self.name = name }
}

/// A named direction mode a venue configures (Mapwize "direction modes"): which connectors it never
/// uses, whether it keeps to accessible edges, and its walking speed. Routing adds these to its
/// built-in `default` and `accessible` modes (a venue mode of the same name replaces the built-in).
public struct VenueDirectionMode: Hashable, Sendable {
    /// The mode's name, as given in route requests (`--mode`).
    public var name: String
    /// Connector kinds routes in this mode never use.
    public var excludedConnectors: Set<ConnectorKind>
    /// Whether routes keep to accessible edges and connectors.
    public var accessibleOnly: Bool
    /// Walking speed in m/s (0.5–2.0), `nil` for the router's default.
    public var walkingSpeedMetersPerSecond: Double?

    /// A direction mode; no exclusions and the router's walking speed unless told otherwise.
    public init(
        name: String, excludedConnectors: Set<ConnectorKind> = [], accessibleOnly: Bool = false,
        walkingSpeedMetersPerSecond: Double? = nil
    ) {
        self.name = name; self.excludedConnectors = excludedConnectors; self.accessibleOnly = accessibleOnly
        self.walkingSpeedMetersPerSecond = walkingSpeedMetersPerSecond
    }
}

import IndoorGeometry

/// What ``SyntheticVenueGenerator`` builds. Every field is validated in `init`.
///
/// | field | unit | default | valid range | meaning |
/// |---|---|---|---|---|
/// | `levelCount` | levels | 40 | 1…500 | above-ground levels, ordinals 0…n−1 |
/// | `parkingLevelCount` | levels | 1 | 0…10 | parking levels below ground, ordinals −1, −2, … |
/// | `towerCount` | buildings | 2 | 2…32 | towers side by side, linked on the ground and parking levels |
/// | `corridorsPerTower` | corridors | 8 | 1…100 | east-west corridors per tower floor, rooms on both sides |
/// | `sizeScale` | factor | 1 | 0.01…100 | scales rooms per corridor side: max(8, round(32 × sizeScale)) |
/// | `seed` | — | 1 | any | fixes room categories and names |
/// | `origin` | degrees | 47.3769° N, 8.5417° E | valid coordinate | geographic position of the local origin |
///
/// At the defaults the graph has 221,234 nodes (see ``SyntheticVenueGenerator`` for the formula).
public struct SyntheticVenueConfiguration: Hashable, Sendable {
    /// Above-ground levels (ordinals 0…n−1), 1…500.
    public let levelCount: Int
    /// Parking levels below ground (ordinals −1, −2, …), 0…10.
    public let parkingLevelCount: Int
    /// Towers (IMDF buildings), 2…32.
    public let towerCount: Int
    /// East-west corridors per tower floor, 1…100.
    public let corridorsPerTower: Int
    /// Scale of the rooms per corridor side (unitless), 0.01…100.
    public let sizeScale: Double
    /// Seed of the generator that picks room categories and names.
    public let seed: UInt64
    /// Geographic position of the venue's local origin (the first tower's south-west corner), in degrees.
    public let origin: GeoCoordinate

    /// Validates every field; throws ``SyntheticVenueError/invalidConfiguration(field:value:reason:)``
    /// naming the first bad one.
    public init(
        levelCount: Int = 40, parkingLevelCount: Int = 1, towerCount: Int = 2, corridorsPerTower: Int = 8,
        sizeScale: Double = 1, seed: UInt64 = 1,
        origin: GeoCoordinate = GeoCoordinate(latitudeDegrees: 47.3769, longitudeDegrees: 8.5417)
    )
        throws(SyntheticVenueError)
    {
        func check(_ ok: Bool, _ field: String, _ value: String, _ reason: String) throws(SyntheticVenueError) {
            if !ok { throw .invalidConfiguration(field: field, value: value, reason: reason) }
        }
        try check((1...500).contains(levelCount), "levelCount", "\(levelCount)", "must be in 1...500")
        try check((0...10).contains(parkingLevelCount), "parkingLevelCount", "\(parkingLevelCount)", "must be in 0...10")
        try check((2...32).contains(towerCount), "towerCount", "\(towerCount)", "must be in 2...32")
        try check((1...100).contains(corridorsPerTower), "corridorsPerTower", "\(corridorsPerTower)", "must be in 1...100")
        try check(
            sizeScale.isFinite && sizeScale >= 0.01 && sizeScale <= 100, "sizeScale", "\(sizeScale)",
            "must be a number in 0.01...100")
        try check(
            origin.isValid && abs(origin.latitudeDegrees) < 80, "origin", "\(origin)",
            "must be a valid coordinate within 80° of the equator")
        self.levelCount = levelCount; self.parkingLevelCount = parkingLevelCount; self.towerCount = towerCount
        self.corridorsPerTower = corridorsPerTower; self.sizeScale = sizeScale; self.seed = seed; self.origin = origin
    }

    /// Rooms on each side of each corridor: max(8, round(32 × sizeScale)).
    public var roomsPerCorridorSide: Int { max(8, Int((32 * sizeScale).rounded())) }
}

/// Why generating a synthetic venue failed.
public enum SyntheticVenueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A configuration field is out of range.
    case invalidConfiguration(field: String, value: String, reason: String)
    /// The output directory exists and is not empty, and overwriting was not asked for.
    case outputNotEmpty(path: String)
    /// The output could not be created or written.
    case unwritable(path: String, reason: String)

    /// One line saying what failed and where.
    public var description: String {
        switch self {
        case .invalidConfiguration(let field, let value, let reason): "\(field) = \(value): \(reason)"
        case .outputNotEmpty(let path): "\(path): directory exists and is not empty (overwrite it with --force)"
        case .unwritable(let path, let reason): "\(path): cannot write: \(reason)"
        }
    }
}

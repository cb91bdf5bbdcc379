import IndoorConfiguration
import IndoorGeometry

/// What ``SyntheticVenueGenerator`` builds. The numeric fields, with their units, defaults and ranges, are
/// in ``tunables`` (`indoornav config synthetic-venue`; the module README's table is generated from it);
/// besides them `seed` (any) and `origin` (a valid coordinate within 80° of the equator). ``validated()``
/// checks them all, and the generator checks before it writes.
///
/// At the defaults the graph has 221,234 nodes (see ``SyntheticVenueGenerator`` for the formula).
public struct SyntheticVenueConfiguration: Hashable, Sendable {
    /// Above-ground levels (ordinals 0…n−1).
    public var levelCount = 40
    /// Parking levels below ground (ordinals −1, −2, …).
    public var parkingLevelCount = 1
    /// Towers (IMDF buildings) side by side, linked on the ground and parking levels.
    public var towerCount = 2
    /// East-west corridors per tower floor, rooms on both sides.
    public var corridorsPerTower = 8
    /// Scale of the rooms per corridor side (unitless): max(8, round(32 × sizeScale)) rooms.
    public var sizeScale = 1.0
    /// Seed of the generator that picks room categories and names.
    public var seed: UInt64 = 1
    /// Geographic position of the venue's local origin (the first tower's south-west corner), in degrees.
    public var origin = GeoCoordinate(latitudeDegrees: 47.3769, longitudeDegrees: 8.5417)

    /// The configuration after checking every range (``tunables``) and the origin.
    /// - Throws: ``SyntheticVenueError/invalidConfiguration(field:value:reason:)`` naming the first bad field.
    public func validated() throws(SyntheticVenueError) -> SyntheticVenueConfiguration {
        do { try validate() } catch {
            throw .invalidConfiguration(
                field: error.field, value: TunableFormat.number(error.value), reason: "must be \(error.validValues)")
        }
        guard origin.isValid, abs(origin.latitudeDegrees) < 80 else {
            throw .invalidConfiguration(field: "origin", value: "\(origin)", reason: "must be a valid coordinate within 80° of the equator")
        }
        return self
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

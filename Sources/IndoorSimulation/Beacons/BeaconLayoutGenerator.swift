import IndoorGeometry
import IndoorRecordings
import IndoorVenue

/// Settings of the default beacon layout. Units, defaults and ranges are tabled in the module README.
public struct BeaconLayoutOptions: Hashable, Sendable {
    /// Spacing of the layout, m: beacons beside the graph about every spacing / 2 m of path, alternating
    /// walls (each wall one every spacing m), and a grid of this pitch in every walkable space (see
    /// ``BeaconLayoutGenerator``). Default 9, valid 2…100.
    public var spacingMeters = 9.0
    /// RSSI at 1 m written for every beacon, dBm. Default −59, valid −120…20.
    public var txPowerDbm = -59.0
    /// Path-loss exponent written for every beacon. Default 2.2, valid 1…6.
    public var pathLossExponent = 2.2
    /// iBeacon proximity UUID shared by the layout (major = level index + 1, minor = number on the level).
    public var uuid = "1D0C5A7E-0000-4000-8000-00000000B1E5"

    /// The defaults.
    public init() {}

    /// Checks every value against its documented range.
    public func validate() throws(SimulationError) {
        try check(spacingMeters, 2...100, "beaconSpacingMeters", "m")
        try check(txPowerDbm, -120...20, "beaconTxPowerDbm", "dBm")
        try check(pathLossExponent, 1...6, "beaconPathLossExponent", "")
    }
}

/// Places beacons over a venue, for simulations without a surveyed layout, so that a position is
/// observable in both directions (not only along a corridor):
///
/// 1. **Along the walkable network**: the graph's walkway and door edges are sampled every
///    metre in graph order; a sample farther than spacing / 2 from every earlier placement's foot point
///    gets a beacon beside it, alternately on the left and on the right of the edge, on the wall of the
///    space it is in (0.3 m inside the wall, at most 3 m from the path). A corridor so gets a zig-zag: one
///    beacon every spacing / 2 m of path, each wall one every spacing m.
/// 2. **In every walkable space**: a grid of round(width / spacing) × round(depth / spacing)
///    cells (at least 1 × 1) over its bounding box, a beacon at each cell centre inside the space unless a
///    beacon already in that space is closer than spacing / 2. Rooms and halls off the path get beacons too.
///
/// Every sampled graph point ends up within spacing / 2 + 3 m of a beacon. Deterministic: no randomness.
public enum BeaconLayoutGenerator {
    /// Distance of a wall-mounted beacon from the wall, m.
    static let wallInsetMeters = 0.3
    /// Largest distance of a wall-mounted beacon from the path, m (halls: no wall in reach).
    static let maximumWallOffsetMeters = 3.0

    /// The layout for `venue`; ids `SIM0001`, …, MACs `5E:1B:00:00:HH:LL`, iBeacon major = level index + 1.
    /// - Complexity: O(L + A / s²) in the total graph length L and walkable area A, with spatial hashes for
    ///   the spacing tests.
    public static func layout(
        for venue: Venue, options: BeaconLayoutOptions = BeaconLayoutOptions()
    ) throws(SimulationError) -> BeaconRegistry {
        try options.validate()
        var records: [BeaconRecord] = []
        for (levelIndex, level) in venue.levels.enumerated() {
            let alongPaths = pathBeacons(levelIndex: levelIndex, in: venue, spacing: options.spacingMeters)
            let points = alongPaths + spaceBeacons(levelID: level.id, in: venue, spacing: options.spacingMeters, existing: alongPaths)
            for (numberOnLevel, point) in zip(1..., points) {
                let serial = records.count + 1
                guard serial <= 0xFFFF, numberOnLevel <= 0xFFFF else {
                    throw .invalidConfiguration(
                        field: "beaconSpacingMeters", message: "the layout would need more than 65535 beacons; use a larger spacing")
                }
                let mac = "5E:1B:00:00:" + hexByte(serial >> 8) + ":" + hexByte(serial & 0xFF)
                records.append(
                    BeaconRecord(
                        id: "SIM" + String(repeating: "0", count: max(0, 4 - String(serial).count)) + String(serial),
                        identity: BeaconIdentity(uuid: options.uuid, major: levelIndex + 1, minor: numberOnLevel, mac: mac),
                        position: .local(LocalPoint(x: (point.x * 1000).rounded() / 1000, y: (point.y * 1000).rounded() / 1000)),
                        level: .levelId(level.id), txPowerDbm: options.txPowerDbm, pathLossExponent: options.pathLossExponent))
            }
        }
        do { return try BeaconRegistry(beacons: records, file: "generated layout") } catch {
            throw .invalidConfiguration(field: "beaconLayout", message: error.description)
        }
    }

    private static func hexByte(_ value: Int) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[(value >> 4) & 0xF], digits[value & 0xF]])
    }

    /// Wall-mounted beacons beside the level's walkway and door edges, alternating sides (rule 1).
    static func pathBeacons(levelIndex: Int, in venue: Venue, spacing: Double) -> [LocalPoint] {
        var feet = SpacingGrid(cellMeters: spacing / 2)
        var beacons: [LocalPoint] = []
        var side = 1.0
        for edge in venue.graph.edges where edge.kind.connectorKind == nil {
            let a = venue.graph.nodes[Int(edge.from)], b = venue.graph.nodes[Int(edge.to)]
            guard Int(a.levelIndex) == levelIndex, Int(b.levelIndex) == levelIndex else { continue }
            let length = a.point.distance(to: b.point)
            // Left normal of the edge (x east, y north): (−u_y, u_x); a zero-length edge has none.
            let normal =
                length > 1e-9
                ? LocalVector(dx: -(b.point.y - a.point.y) / length, dy: (b.point.x - a.point.x) / length) : LocalVector(dx: 0, dy: 0)
            let pieces = max(1, Int(length.rounded(.up)))
            for k in 0...pieces {
                let s = Double(k) / Double(pieces)
                let foot = LocalPoint(x: a.point.x + (b.point.x - a.point.x) * s, y: a.point.y + (b.point.y - a.point.y) * s)
                guard !feet.hasPoint(within: spacing / 2, of: foot) else { continue }
                feet.insert(foot)
                let direction = LocalVector(dx: normal.dx * side, dy: normal.dy * side)
                let offset = wallOffset(from: foot, direction: direction, levelIndex: levelIndex, in: venue)
                beacons.append(LocalPoint(x: foot.x + direction.dx * offset, y: foot.y + direction.dy * offset))
                side = -side
            }
        }
        return beacons
    }

    /// How far from `foot` towards `direction` a wall-mounted beacon goes: to the wall of the smallest
    /// walkable space containing `foot`, less the inset, at most the maximum offset; 0 outside spaces.
    private static func wallOffset(from foot: LocalPoint, direction: LocalVector, levelIndex: Int, in venue: Venue) -> Double {
        guard direction.dx != 0 || direction.dy != 0,
            let spaceIndex = venue.spatialIndex.spaces(containing: foot, levelIndex: levelIndex).first(where: {
                venue.spaces[$0].isWalkable
            })
        else { return 0 }
        let polygon = venue.spaces[spaceIndex].polygon
        func inside(_ t: Double) -> Bool { polygon.contains(LocalPoint(x: foot.x + direction.dx * t, y: foot.y + direction.dy * t)) }
        let limit = maximumWallOffsetMeters + wallInsetMeters
        let probeStep = 0.1
        var reach = 0.0
        while reach < limit, inside(min(limit, reach + probeStep)) { reach = min(limit, reach + probeStep) }
        if reach < limit {
            // The wall lies between reach and reach + step: bisect to 0.1 mm.
            var outside = reach + probeStep
            while outside - reach > 1e-4 {
                let mid = (reach + outside) / 2
                if inside(mid) { reach = mid } else { outside = mid }
            }
        }
        return max(0, min(maximumWallOffsetMeters, reach - wallInsetMeters))
    }

    /// Beacons on a grid in every walkable space of the level (rule 2).
    static func spaceBeacons(levelID: String, in venue: Venue, spacing: Double, existing: [LocalPoint]) -> [LocalPoint] {
        var beacons: [LocalPoint] = []
        for space in venue.spaces where space.levelID == levelID && space.isWalkable {
            let box = space.polygon.bounds
            let width = box.maxX - box.minX, depth = box.maxY - box.minY
            guard width > 0, depth > 0 else { continue }
            let columns = max(1, Int((width / spacing).rounded())), rows = max(1, Int((depth / spacing).rounded()))
            var inSpace = (existing + beacons).filter { space.polygon.contains($0) }
            for row in 0..<rows {
                for column in 0..<columns {
                    let p = LocalPoint(
                        x: box.minX + (Double(column) + 0.5) * width / Double(columns),
                        y: box.minY + (Double(row) + 0.5) * depth / Double(rows))
                    guard space.polygon.contains(p), !inSpace.contains(where: { $0.distance(to: p) < spacing / 2 }) else { continue }
                    beacons.append(p)
                    inSpace.append(p)
                }
            }
        }
        return beacons
    }
}

/// A uniform-grid spatial hash answering "is a stored point within r of p" for r ≤ the cell size.
private struct SpacingGrid {
    let cellMeters: Double
    private var cells: [Int64: [LocalPoint]] = [:]

    init(cellMeters: Double) { self.cellMeters = cellMeters }

    private func cell(_ value: Double) -> Int64 { Int64((value / cellMeters).rounded(.down)) }
    private func key(_ cx: Int64, _ cy: Int64) -> Int64 { cx &* 73_856_093 ^ cy &* 19_349_663 }

    mutating func insert(_ p: LocalPoint) { cells[key(cell(p.x), cell(p.y)), default: []].append(p) }

    func hasPoint(within radius: Double, of p: LocalPoint) -> Bool {
        let cx = cell(p.x), cy = cell(p.y)
        for dx in -1...1 {
            for dy in -1...1 {
                guard let list = cells[key(cx + Int64(dx), cy + Int64(dy))] else { continue }
                if list.contains(where: { $0.distance(to: p) < radius }) { return true }
            }
        }
        return false
    }
}

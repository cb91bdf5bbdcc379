import IndoorGeometry
import Recordings
import Venue

/// Settings of the default beacon layout. Units, defaults and ranges are tabled in the module README.
public struct BeaconLayoutOptions: Hashable, Sendable {
    /// Least distance between two beacons on a level, m; every walkable graph point ends up within this
    /// distance of a beacon. Default 9, valid 2…100.
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

/// Places beacons over a venue's walkable network, for simulations without a surveyed layout.
///
/// On every level the graph's walkway and door edges are sampled every metre, in graph order, and a
/// point becomes a beacon when no beacon on that level is closer than the spacing (a greedy Poisson-disc
/// cover): every sampled point is then within the spacing of a beacon. Levels without graph edges get a
/// square grid of beacons inside their spaces. Deterministic: no randomness.
public enum BeaconLayoutGenerator {
    /// The layout for `venue`; ids `SIM0001`, …, MACs `5E:1B:00:00:HH:LL`, iBeacon major = level index + 1.
    /// - Complexity: O(L) in the total graph length, with a spatial hash for the spacing test.
    public static func layout(for venue: Venue, options: BeaconLayoutOptions = BeaconLayoutOptions()) throws(SimulationError) -> BeaconRegistry {
        try options.validate()
        var records: [BeaconRecord] = []
        for (levelIndex, level) in venue.levels.enumerated() {
            var candidates: [LocalPoint] = []
            for edge in venue.graph.edges where edge.kind.connectorKind == nil {
                let a = venue.graph.nodes[Int(edge.from)], b = venue.graph.nodes[Int(edge.to)]
                guard Int(a.levelIndex) == levelIndex, Int(b.levelIndex) == levelIndex else { continue }
                let length = a.point.distance(to: b.point)
                let pieces = max(1, Int(length.rounded(.up)))
                for k in 0...pieces {
                    let s = Double(k) / Double(pieces)
                    candidates.append(LocalPoint(x: a.point.x + (b.point.x - a.point.x) * s, y: a.point.y + (b.point.y - a.point.y) * s))
                }
            }
            if candidates.isEmpty { candidates = gridInsideSpaces(of: level.id, in: venue, spacing: options.spacingMeters) }
            var chosen = SpacingGrid(cellMeters: options.spacingMeters)
            var numberOnLevel = 0
            for point in candidates where !chosen.hasPoint(within: options.spacingMeters, of: point) {
                chosen.insert(point)
                numberOnLevel += 1
                let serial = records.count + 1
                guard serial <= 0xFFFF, numberOnLevel <= 0xFFFF else {
                    throw .invalidConfiguration(field: "beaconSpacingMeters", message: "the layout would need more than 65535 beacons; use a larger spacing")
                }
                let mac = "5E:1B:00:00:" + hexByte(serial >> 8) + ":" + hexByte(serial & 0xFF)
                records.append(BeaconRecord(
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

    private static func gridInsideSpaces(of levelID: String, in venue: Venue, spacing: Double) -> [LocalPoint] {
        var points: [LocalPoint] = []
        for space in venue.spaces where space.levelID == levelID {
            guard let box = BoundingBox(points: space.polygon.exterior) else { continue }
            var y = box.minY + spacing / 2
            while y < box.maxY {
                var x = box.minX + spacing / 2
                while x < box.maxX {
                    let p = LocalPoint(x: x, y: y)
                    if space.polygon.contains(p) { points.append(p) }
                    x += spacing
                }
                y += spacing
            }
            if points.isEmpty, space.polygon.contains(space.polygon.centroid) { points.append(space.polygon.centroid) }
        }
        return points
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

import IndoorGeometry

/// Two beacons whose registered positions look exchanged: each one is heard loudest at the other's
/// (``IndoorRecordings/BeaconRegistry/exchangingPositions(of:and:)`` puts them back).
public struct BeaconExchange: Hashable, Sendable {
    /// The first beacon's id (the earlier in the registry).
    public var firstID: String
    /// The second beacon's id.
    public var secondID: String
    /// How far the first beacon's strongest readings lie from the second's registered place, metres.
    public var firstToSecondMeters: Double
    /// How far the second beacon's strongest readings lie from the first's registered place, metres.
    public var secondToFirstMeters: Double
}

extension BeaconAuditor {
    /// The pairs of suspect beacons among `entries` (this auditor's ``entries()``) that look exchanged in
    /// the registry: each one's strongest readings lie within ``BeaconAuditConfiguration/suspectOffsetMeters``
    /// (horizontally) of the other's registered place. The two may be registered on different levels: a
    /// beacon mounted on another floor than its record says is still heard loudest right above or below
    /// it (IPIN 2023 T3's BLE2, registered on floor 0, and BLE3, on floor −2, fit each other's places to
    /// 4.3 and 6.2 m, and most of their readings are heard off their registered floors). Pairs are taken
    /// closest first (by the sum of the two distances), a beacon in one pair at most. A suspect whose
    /// readings fit no other suspect's place (moved, missing, or exchanged with a beacon the walks did not
    /// judge) is in no pair: it is left for a person to look at.
    public func exchanges(in entries: [BeaconAuditEntry]) -> [BeaconExchange] {
        var index: [String: Int] = [:]
        for (i, beacon) in map.beacons.enumerated() where index[beacon.id] == nil { index[beacon.id] = i }
        let suspects = entries.compactMap { entry -> (entry: BeaconAuditEntry, beacon: Int, heard: LocalPoint)? in
            guard entry.verdict == .suspect, let heard = entry.strongestReadingsCentroid, let beacon = index[entry.beaconID] else {
                return nil
            }
            return (entry, beacon, heard)
        }
        let limit = configuration.suspectOffsetMeters
        var candidates: [BeaconExchange] = []
        for (i, a) in suspects.enumerated() {
            for b in suspects[(i + 1)...] {
                let first = map.beacons[a.beacon], second = map.beacons[b.beacon]
                let aToB = a.heard.distance(to: second.point), bToA = b.heard.distance(to: first.point)
                guard aToB <= limit, bToA <= limit else { continue }
                let ordered = a.beacon < b.beacon
                candidates.append(
                    BeaconExchange(
                        firstID: ordered ? first.id : second.id, secondID: ordered ? second.id : first.id,
                        firstToSecondMeters: ordered ? aToB : bToA, secondToFirstMeters: ordered ? bToA : aToB))
            }
        }
        var paired = Set<String>()
        var chosen: [BeaconExchange] = []
        for exchange in candidates.sorted(by: {
            ($0.firstToSecondMeters + $0.secondToFirstMeters, $0.firstID, $0.secondID)
                < ($1.firstToSecondMeters + $1.secondToFirstMeters, $1.firstID, $1.secondID)
        }) where !paired.contains(exchange.firstID) && !paired.contains(exchange.secondID) {
            chosen.append(exchange)
            paired.formUnion([exchange.firstID, exchange.secondID])
        }
        return chosen.sorted { (index[$0.firstID] ?? 0) < (index[$1.firstID] ?? 0) }
    }
}

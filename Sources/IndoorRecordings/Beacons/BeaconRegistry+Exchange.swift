extension BeaconRegistry {
    /// The registry with the positions of beacons `first` and `second` exchanged; everything else (identity,
    /// level, power, path-loss exponent) stays with each record. Exchanging a beacon with itself changes
    /// nothing. Levels are not exchanged: the audit that finds an exchanged pair
    /// (`BeaconAuditor.exchanges(in:)` in IndoorPositioning) judges each beacon on its registered level,
    /// so it says where on that level the beacon is heard, not on which level it hangs.
    /// - Throws: ``RecordingError/beaconRegistry(file:entry:field:message:)`` naming an id the registry does
    ///   not hold.
    public func exchangingPositions(of first: String, and second: String) throws(RecordingError) -> BeaconRegistry {
        guard let i = beacons.firstIndex(where: { $0.id == first }) else { throw Self.unknown(first) }
        guard let j = beacons.firstIndex(where: { $0.id == second }) else { throw Self.unknown(second) }
        var records = beacons
        (records[i].position, records[j].position) = (beacons[j].position, beacons[i].position)
        return try BeaconRegistry(beacons: records)
    }

    private static func unknown(_ id: String) -> RecordingError {
        .beaconRegistry(file: "<registry>", entry: id, field: "id", message: "no beacon '\(id)' in the registry")
    }
}

import IndoorGeometry

/// Where a beacon is mounted.
public enum BeaconPosition: Hashable, Sendable {
    /// Venue local frame, metres east/north of the venue reference point.
    case local(LocalPoint)
    /// WGS84 degrees.
    case geographic(GeoCoordinate)
}

/// One installed beacon: identity, position, level and radio calibration.
public struct BeaconRecord: Hashable, Sendable {
    /// Stable id (e.g. `BLE3`).
    public var id: String
    /// iBeacon identity and/or MAC.
    public var identity: BeaconIdentity
    /// Where it is.
    public var position: BeaconPosition
    /// Which level it is on.
    public var level: LevelReference
    /// Received power at 1 m, dBm (the log-distance model's reference).
    public var txPowerDbm: Double
    /// Log-distance path-loss exponent n (1…6), when calibrated for this beacon.
    public var pathLossExponent: Double?

    /// A beacon record.
    public init(
        id: String, identity: BeaconIdentity, position: BeaconPosition, level: LevelReference,
        txPowerDbm: Double, pathLossExponent: Double? = nil
    ) {
        self.id = id
        self.identity = identity
        self.position = position
        self.level = level
        self.txPowerDbm = txPowerDbm
        self.pathLossExponent = pathLossExponent
    }
}

/// The installed beacons of a venue with lookup by MAC and by iBeacon UUID/major/minor.
///
/// Build one with ``init(beacons:file:)`` (validates), ``load(path:)`` (JSON file, format in
/// `Recordings/README.md`) or ``importIPINLocations(path:txPowerDbm:pathLossExponent:)``.
public struct BeaconRegistry: Hashable, Sendable {
    /// The reference power assumed when a source gives none: −59 dBm at 1 m, the usual iBeacon
    /// factory calibration.
    public static let defaultTxPowerDbm = -59.0

    /// The beacons, in file order.
    public let beacons: [BeaconRecord]
    private let indexByMac: [String: Int]
    private let indexByIBeacon: [IBeaconKey: Int]

    /// An iBeacon identity as a dictionary key. Its hash leaves the UUID's text out (a venue's beacons
    /// mostly share one UUID and differ in major and minor), so a lookup hashes two numbers, not 36
    /// characters; equal keys still need equal UUIDs.
    private struct IBeaconKey: Hashable, Sendable {
        var uuid: String
        var major: Int
        var minor: Int

        func hash(into hasher: inout Hasher) {
            hasher.combine(major)
            hasher.combine(minor)
            hasher.combine(uuid.utf8.count)
        }
    }

    /// A registry over `beacons`; checks ids, identities, numbers and duplicates, naming `file` in errors.
    public init(beacons: [BeaconRecord], file: String = "<registry>") throws(RecordingError) {
        var byMac: [String: Int] = [:]
        var byIBeacon: [IBeaconKey: Int] = [:]
        var ids: Set<String> = []
        for (index, beacon) in beacons.enumerated() {
            func fail(_ field: String?, _ message: String) -> RecordingError {
                .beaconRegistry(file: file, entry: beacon.id.isEmpty ? "#\(index + 1)" : beacon.id, field: field, message: message)
            }
            guard !beacon.id.isEmpty else { throw fail("id", "must not be empty") }
            guard ids.insert(beacon.id).inserted else { throw fail("id", "duplicate id") }
            let identity = beacon.identity
            guard identity.mac != nil || identity.uuid != nil else { throw fail(nil, "needs a 'mac' or a 'uuid' (with major and minor)") }
            if let mac = identity.mac {
                guard Self.isMAC(mac) else { throw fail("mac", "'\(mac)' is not a MAC address like AA:BB:CC:DD:EE:FF") }
                if let other = byMac[mac] { throw fail("mac", "\(mac) is also used by beacon \(beacons[other].id)") }
                byMac[mac] = index
            }
            if let uuid = identity.uuid {
                guard Self.isUUID(uuid) else { throw fail("uuid", "'\(uuid)' is not a UUID") }
                guard let major = identity.major, let minor = identity.minor else {
                    throw fail("uuid", "an iBeacon uuid needs 'major' and 'minor'")
                }
                guard (0...65535).contains(major) else { throw fail("major", "\(major) is outside 0…65535") }
                guard (0...65535).contains(minor) else { throw fail("minor", "\(minor) is outside 0…65535") }
                let key = IBeaconKey(uuid: uuid, major: major, minor: minor)
                if let other = byIBeacon[key] {
                    throw fail("uuid", "\(uuid)/\(major)/\(minor) is also used by beacon \(beacons[other].id)")
                }
                byIBeacon[key] = index
            }
            switch beacon.position {
            case .local(let p): guard p.isFinite else { throw fail("position", "x/y must be finite") }
            case .geographic(let c): guard c.isValid else { throw fail("position", "lat/lon out of range: \(c)") }
            }
            guard beacon.txPowerDbm.isFinite, (-120...20).contains(beacon.txPowerDbm) else {
                throw fail("txPowerDbm", "\(beacon.txPowerDbm) dBm is outside −120…20")
            }
            if let n = beacon.pathLossExponent, !(n.isFinite && (1...6).contains(n)) {
                throw fail("pathLossExponent", "\(n) is outside 1…6")
            }
        }
        self.beacons = beacons
        indexByMac = byMac
        indexByIBeacon = byIBeacon
    }

    /// The beacon with this MAC address (any letter case).
    /// - Complexity: O(1) expected.
    public func beacon(mac: String) -> BeaconRecord? {
        indexByMac[mac.uppercasedIfNeeded].map { beacons[$0] }
    }

    /// The beacon with this iBeacon identity (UUID in any letter case).
    /// - Complexity: O(1) expected.
    public func beacon(uuid: String, major: Int, minor: Int) -> BeaconRecord? {
        indexByIBeacon[IBeaconKey(uuid: uuid.uppercasedIfNeeded, major: major, minor: minor)].map { beacons[$0] }
    }

    /// The beacon an observation heard: by iBeacon identity first, then by MAC.
    public func beacon(for identity: BeaconIdentity) -> BeaconRecord? { index(for: identity).map { beacons[$0] } }

    /// Index into ``beacons`` of the beacon an observation heard (iBeacon identity first, then MAC),
    /// without copying its record. The identity's UUID and MAC are upper case by construction, like the
    /// registry's keys.
    /// - Complexity: O(1) expected.
    public func index(for identity: BeaconIdentity) -> Int? {
        if let uuid = identity.uuid, let major = identity.major, let minor = identity.minor,
            let found = indexByIBeacon[IBeaconKey(uuid: uuid, major: major, minor: minor)]
        {
            return found
        }
        return identity.mac.flatMap { indexByMac[$0] }
    }

    static func isMAC(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 6 && parts.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isHexDigit) }
    }

    static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
        return groups == [8, 4, 4, 4, 12] && text.allSatisfy { $0 == "-" || $0.isHexDigit }
    }
}

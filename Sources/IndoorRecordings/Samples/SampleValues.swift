import IndoorGeometry

/// A three-axis reading in the Android device frame: x to the right of the screen, y up along the
/// screen, z out of the screen towards the user. The unit depends on the sensor (m/s², rad/s, µT).
public struct DeviceVector3: Hashable, Sendable {
    /// Component along the device x axis (right).
    public var x: Double
    /// Component along the device y axis (up the screen).
    public var y: Double
    /// Component along the device z axis (out of the screen).
    public var z: Double

    /// A vector from its three device-frame components.
    public init(x: Double, y: Double, z: Double) { self.x = x; self.y = y; self.z = z }

    /// Whether every component is finite.
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}

/// A unit quaternion `w + xi + yj + zk` rotating device-frame vectors into the Android world frame
/// (x east, y north, z up), as Android's rotation-vector sensor reports it.
public struct Quaternion: Hashable, Sendable {
    /// Scalar part, cos(θ/2).
    public var w: Double
    /// Vector part along x, sin(θ/2)·axisX.
    public var x: Double
    /// Vector part along y, sin(θ/2)·axisY.
    public var y: Double
    /// Vector part along z, sin(θ/2)·axisZ.
    public var z: Double

    /// A quaternion from its four components (not normalised here).
    public init(w: Double, x: Double, y: Double, z: Double) { self.w = w; self.x = x; self.y = y; self.z = z }

    /// The unit quaternion whose vector part is `(x, y, z)`, with the non-negative scalar part
    /// `w = √(1 − x² − y² − z²)` (clamped at 0), as Android derives it from a three-value rotation vector.
    public init(vectorPartX x: Double, y: Double, z: Double) {
        let rest = 1 - (x * x + y * y + z * z)
        self.init(w: rest > 0 ? rest.squareRoot() : 0, x: x, y: y, z: z)
    }

    /// Whether every component is finite.
    public var isFinite: Bool { w.isFinite && x.isFinite && y.isFinite && z.isFinite }
}

/// Device attitude as Euler angles (radians), optionally with the quaternion the device reported.
///
/// Angles follow the IPIN "AHRS" convention: pitch about the device x axis, roll about the device y
/// axis, yaw about the vertical as the recording app reports it: counter-clockwise (on the IPIN 2023
/// logfiles it is the negative of the quaternion's azimuth), so prefer the quaternion for heading.
public struct Attitude: Hashable, Sendable {
    /// Rotation about the device x axis, radians.
    public var pitchRadians: Double
    /// Rotation about the device y axis, radians.
    public var rollRadians: Double
    /// Rotation about the vertical axis, radians, counter-clockwise as reported (not a compass heading).
    public var yawRadians: Double
    /// The orientation quaternion, when the source reported one.
    public var quaternion: Quaternion?

    /// An attitude from angles in radians and an optional quaternion.
    public init(pitchRadians: Double, rollRadians: Double, yawRadians: Double, quaternion: Quaternion? = nil) {
        self.pitchRadians = pitchRadians
        self.rollRadians = rollRadians
        self.yawRadians = yawRadians
        self.quaternion = quaternion
    }
}

/// Which beacon was heard: iBeacon identity (UUID, major, minor) and/or the advertiser's MAC address.
public struct BeaconIdentity: Hashable, Sendable, CustomStringConvertible {
    /// iBeacon proximity UUID, upper case with dashes (a value assigned is upper-cased, so lookups can
    /// rely on it).
    public var uuid: String? { didSet { if let uuid { self.uuid = uuid.uppercasedIfNeeded } } }
    /// iBeacon major number (0…65535).
    public var major: Int?
    /// iBeacon minor number (0…65535).
    public var minor: Int?
    /// MAC address, upper case `AA:BB:CC:DD:EE:FF` (a value assigned is upper-cased).
    public var mac: String? { didSet { if let mac { self.mac = mac.uppercasedIfNeeded } } }

    /// An identity; `uuid` and `mac` are normalised to upper case.
    public init(uuid: String? = nil, major: Int? = nil, minor: Int? = nil, mac: String? = nil) {
        self.uuid = uuid.map { $0.uppercasedIfNeeded }
        self.major = major
        self.minor = minor
        self.mac = mac.map { $0.uppercasedIfNeeded }
    }

    /// An identity whose `uuid` and `mac` are upper case already (decoders that intern the normalised
    /// text, ``StringInterner/uppercasing``).
    init(upperCaseUUID uuid: String?, major: Int?, minor: Int?, upperCaseMAC mac: String?) {
        self.uuid = uuid
        self.major = major
        self.minor = minor
        self.mac = mac
    }

    /// `uuid/major/minor` and/or `mac`, for messages.
    public var description: String {
        var parts: [String] = []
        if let uuid { parts.append("\(uuid)/\(major.map(String.init) ?? "?")/\(minor.map(String.init) ?? "?")") }
        if let mac { parts.append(mac) }
        return parts.isEmpty ? "(anonymous beacon)" : parts.joined(separator: " ")
    }
}

/// One beacon advertisement heard by the phone.
public struct BeaconObservation: Hashable, Sendable {
    /// Which beacon.
    public var beacon: BeaconIdentity
    /// Received signal strength, dBm.
    public var rssiDbm: Double
    /// The beacon's advertised transmit power (RSSI expected at 1 m), dBm, when it sent one.
    public var txPowerDbm: Double?
    /// Distance estimated by the recording app, metres, when it wrote one (informational only).
    public var reportedDistanceMeters: Double?

    /// An observation.
    public init(beacon: BeaconIdentity, rssiDbm: Double, txPowerDbm: Double? = nil, reportedDistanceMeters: Double? = nil) {
        self.beacon = beacon
        self.rssiDbm = rssiDbm
        self.txPowerDbm = txPowerDbm
        self.reportedDistanceMeters = reportedDistanceMeters
    }
}

/// One access point seen in a Wi-Fi scan.
public struct WifiObservation: Hashable, Sendable {
    /// Access point MAC address, lower case as the scanners report it.
    public var bssid: String
    /// Network name; `nil` when hidden or absent.
    public var ssid: String?
    /// Received signal strength, dBm.
    public var rssiDbm: Double
    /// Channel centre frequency, MHz.
    public var frequencyMHz: Double?
    /// When the access point was last seen, seconds on the recording's time axis, if reported.
    public var lastSeenSeconds: Double?

    /// An observation.
    public init(bssid: String, ssid: String? = nil, rssiDbm: Double, frequencyMHz: Double? = nil, lastSeenSeconds: Double? = nil) {
        self.bssid = bssid
        self.ssid = ssid
        self.rssiDbm = rssiDbm
        self.frequencyMHz = frequencyMHz
        self.lastSeenSeconds = lastSeenSeconds
    }
}

/// A satellite (GNSS) position fix as the phone's location API reported it.
public struct GNSSFix: Hashable, Sendable {
    /// WGS-84 latitude and longitude.
    public var coordinate: GeoCoordinate
    /// Radius of 68 % confidence of the horizontal position, metres (Android `Location.getAccuracy`),
    /// when reported.
    public var horizontalAccuracyMeters: Double?
    /// Height above the WGS-84 ellipsoid, metres, when reported.
    public var altitudeMeters: Double?
    /// Direction of travel, radians clockwise from true north, when reported.
    public var bearingRadians: Double?
    /// Ground speed, m/s, when reported.
    public var speedMetersPerSecond: Double?
    /// Satellites in view and used in the fix, when reported.
    public var satellitesInView: Int?
    /// Satellites used in the fix, when reported (fewer than four makes the GNSS provider skip it).
    public var satellitesUsed: Int?
    /// When the receiver computed the fix, seconds on its own clock (often Unix time), when reported;
    /// a fix repeated with the same time is the same fix delivered again.
    public var fixTimeSeconds: Double?

    /// A fix.
    public init(
        coordinate: GeoCoordinate, horizontalAccuracyMeters: Double? = nil, altitudeMeters: Double? = nil,
        bearingRadians: Double? = nil, speedMetersPerSecond: Double? = nil, satellitesInView: Int? = nil,
        satellitesUsed: Int? = nil, fixTimeSeconds: Double? = nil
    ) {
        self.coordinate = coordinate
        self.horizontalAccuracyMeters = horizontalAccuracyMeters
        self.altitudeMeters = altitudeMeters
        self.bearingRadians = bearingRadians
        self.speedMetersPerSecond = speedMetersPerSecond
        self.satellitesInView = satellitesInView
        self.satellitesUsed = satellitesUsed
        self.fixTimeSeconds = fixTimeSeconds
    }
}

/// A point in a floor plan's own frame: metres from the floor map's south-west corner, x east, y north.
/// (The ILC competition's waypoint frame.) Converting it to a venue frame needs the venue's floor frames.
public struct FloorFramePoint: Hashable, Sendable {
    /// Metres east of the floor map's south-west corner.
    public var xMeters: Double
    /// Metres north of the floor map's south-west corner.
    public var yMeters: Double

    /// A point from metres east and north of the floor map origin.
    public init(xMeters: Double, yMeters: Double) { self.xMeters = xMeters; self.yMeters = yMeters }
}

/// How a recording names a level; the venue model resolves it.
public enum LevelReference: Hashable, Sendable, CustomStringConvertible {
    /// A venue level id (IMDF level id or the project's own).
    case levelId(String)
    /// A floor name as printed in the building (ILC `FloorName`, e.g. `F1`, `B1`).
    case floorName(String)
    /// A floor number (0 ground, negative below; IPIN `floor`).
    case floorNumber(Double)

    /// `level X`, `floor F1`, `floor number -2`.
    public var description: String {
        switch self {
        case .levelId(let id): "level \(id)"
        case .floorName(let name): "floor \(name)"
        case .floorNumber(let n): "floor number \(n)"
        }
    }
}

/// Where a ground-truth position is expressed.
public enum GroundTruthLocation: Hashable, Sendable {
    /// Venue local frame: metres east/north of the venue reference point.
    case local(LocalPoint)
    /// WGS84 latitude/longitude in degrees.
    case geographic(GeoCoordinate)
    /// The floor plan's own frame (see ``FloorFramePoint``).
    case floorFrame(FloorFramePoint)
}

/// A surveyed position of the walker (a waypoint or reference point), with its level when known.
public struct GroundTruthPosition: Hashable, Sendable {
    /// The position and its frame.
    public var location: GroundTruthLocation
    /// The level it is on, when known.
    public var level: LevelReference?

    /// A ground-truth position.
    public init(location: GroundTruthLocation, level: LevelReference? = nil) { self.location = location; self.level = level }
}

import IndoorJSON

/// The first line of a canonical recording: what the file is, where it came from, its units and frames.
///
/// Every field is documented in `Recordings/README.md`.
public struct RecordingHeader: Hashable, Sendable {
    /// The value of `"format"`.
    public static let formatName = "indoornav-recording"
    /// The version this code writes and reads.
    public static let currentVersion = 1

    /// The units written into every header; readers reject a file that declares different ones.
    public static let standardUnits: [String: String] = [
        "t": "s", "acc": "m/s^2", "gyro": "rad/s", "mag": "uT", "pressure": "hPa",
        "angles": "rad", "rssi": "dBm", "tx": "dBm", "freq": "MHz", "position": "m", "latlon": "deg",
    ]

    /// The frames written into every header.
    public static let standardFrames: [String: String] = [
        "device": "Android device frame: x right, y up along the screen, z out of the screen",
        "world": "x east, y north, z up (rotation vector and attitude)",
        "local": "venue local frame: metres east/north of the venue reference point",
        "floor": "floor plan frame: metres east/north of the floor map's south-west corner",
    ]

    /// Format version.
    public var version: Int
    /// The phone: `manufacturer`, `model`, `os` (all optional).
    public var device: [String: String]
    /// The venue id the recording belongs to, if known.
    public var venueId: String?
    /// Path of a beacon registry file (relative to the recording), if any.
    public var beaconRegistry: String?
    /// Where the data came from: `format`, `file`, `licence`, `startTimeEpochMs`, site/floor names….
    public var source: [String: String]
    /// Units as declared by the file (defaults to ``standardUnits``).
    public var units: [String: String]
    /// Frames as declared by the file (defaults to ``standardFrames``).
    public var frames: [String: String]

    /// A header with the standard units and frames.
    public init(device: [String: String] = [:], venueId: String? = nil, beaconRegistry: String? = nil, source: [String: String] = [:]) {
        version = Self.currentVersion
        self.device = device
        self.venueId = venueId
        self.beaconRegistry = beaconRegistry
        self.source = source
        units = Self.standardUnits
        frames = Self.standardFrames
    }

    /// The header as a JSON object.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "format": .string(Self.formatName),
            "version": .number(Double(version)),
            "device": .object(device.mapValues(JSONValue.string)),
            "units": .object(units.mapValues(JSONValue.string)),
            "frames": .object(frames.mapValues(JSONValue.string)),
            "source": .object(source.mapValues(JSONValue.string)),
        ]
        if let venueId { object["venue"] = .string(venueId) }
        if let beaconRegistry { object["beacons"] = .string(beaconRegistry) }
        return .object(object)
    }

    /// Reads a header object; the message says which field is wrong.
    public init(json: JSONValue) throws(LineProblemMessage) {
        guard let object = json.object else { throw LineProblemMessage("the header must be a JSON object, found \(json.typeName)") }
        guard let format = object["format"] else { throw LineProblemMessage("missing field 'format' (expected \"\(Self.formatName)\")") }
        guard format.string == Self.formatName else {
            throw LineProblemMessage("field 'format' is \(format.serialized()), expected \"\(Self.formatName)\"")
        }
        guard let version = object["version"]?.int else { throw LineProblemMessage("missing or non-integer field 'version'") }
        guard version == Self.currentVersion else {
            throw LineProblemMessage("version \(version) is not supported (this reader reads version \(Self.currentVersion))")
        }
        func strings(_ key: String) throws(LineProblemMessage) -> [String: String]? {
            guard let value = object[key], !value.isNull else { return nil }
            guard let inner = value.object else { throw LineProblemMessage("field '\(key)' must be an object, found \(value.typeName)") }
            var out: [String: String] = [:]
            for (k, v) in inner {
                switch v {
                case .string(let s): out[k] = s
                case .number, .bool: out[k] = v.serialized()
                default: throw LineProblemMessage("field '\(key).\(k)' must be a string, found \(v.typeName)")
                }
            }
            return out
        }
        func optionalString(_ key: String) throws(LineProblemMessage) -> String? {
            guard let value = object[key], !value.isNull else { return nil }
            guard let s = value.string else { throw LineProblemMessage("field '\(key)' must be a string, found \(value.typeName)") }
            return s
        }
        self.version = version
        device = try strings("device") ?? [:]
        venueId = try optionalString("venue")
        beaconRegistry = try optionalString("beacons")
        source = try strings("source") ?? [:]
        units = try strings("units") ?? Self.standardUnits
        frames = try strings("frames") ?? Self.standardFrames
        for (key, expected) in Self.standardUnits {
            if let declared = units[key], declared != expected {
                throw LineProblemMessage("unit of '\(key)' is '\(declared)', this reader expects '\(expected)'")
            }
        }
    }
}

/// A message explaining what is wrong with a header or line (file and line are added by the reader).
public struct LineProblemMessage: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message.
    public var description: String
    init(_ description: String) { self.description = description }
}

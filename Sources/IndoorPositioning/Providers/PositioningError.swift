import IndoorConfiguration

/// Errors of the positioning providers and their evaluation helpers. Every case names what to fix.
public enum PositioningError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A tunable outside its documented range.
    case invalidConfiguration(parameter: String, value: Double, validRange: String)
    /// A beacon whose mounting point cannot be put into the local frame (e.g. geographic without a frame).
    case beaconPositionUnavailable(beaconID: String, reason: String)
    /// A beacon registry with no usable beacon.
    case emptyBeaconMap
    /// A malformed line in a track or device file: file, 1-based line, what is wrong.
    case malformedInput(file: String, line: Int, message: String)
    /// A file that could not be read.
    case unreadable(file: String, message: String)
    /// Ground truth that cannot be scored against: where it came from, the 1-based line (or position)
    /// of the offending point when there is one, what is wrong.
    case invalidGroundTruth(file: String, line: Int?, message: String)
    /// A track format that needs latitude and longitude (GeoJSON, GPX, KML) asked for a track with no
    /// geographic frame (a venue without a reference point, a recording without geographic positions).
    case trackWithoutGeographicFrame(format: String)

    /// A one-line message for users.
    public var description: String {
        switch self {
        case .invalidConfiguration(let parameter, let value, let validRange):
            "invalid configuration: \(parameter) = \(value) is outside \(validRange)"
        case .beaconPositionUnavailable(let beaconID, let reason):
            "beacon \(beaconID): position unavailable: \(reason)"
        case .emptyBeaconMap:
            "the beacon map holds no beacon"
        case .malformedInput(let file, let line, let message):
            "\(file):\(line): \(message)"
        case .unreadable(let file, let message):
            "\(file): \(message)"
        case .invalidGroundTruth(let file, let line, let message):
            "\(file)\(line.map { ":\($0)" } ?? ""): ground truth: \(message)"
        case .trackWithoutGeographicFrame(let format):
            "\(format) needs latitude and longitude, but the track has no geographic frame (give a venue or beacons with coordinates, or write CSV)"
        }
    }

    /// Throws ``invalidConfiguration(parameter:value:validRange:)`` unless `value` is finite and in `range`.
    static func check(_ parameter: String, _ value: Double, in range: ClosedRange<Double>) throws(PositioningError) {
        guard value.isFinite, range.contains(value) else {
            throw .invalidConfiguration(
                parameter: parameter, value: value,
                validRange: "\(range.lowerBound) ... \(range.upperBound)")
        }
    }
}

extension PositioningError {
    /// A ``ConfigurationError`` as ``invalidConfiguration(parameter:value:validRange:)``, naming its field.
    public init(_ error: ConfigurationError) {
        self = .invalidConfiguration(parameter: error.field, value: error.value, validRange: error.validValues)
    }
}

extension TunableConfiguration {
    /// ``validate()`` with the positioning module's error (``PositioningError/init(_:)``).
    func checked() throws(PositioningError) {
        do { try validate() } catch { throw PositioningError(error) }
    }
}

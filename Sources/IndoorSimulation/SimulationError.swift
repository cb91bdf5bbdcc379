import IndoorConfiguration

/// The errors of the Simulation module; each case says what is wrong and where.
public enum SimulationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A configuration value is outside its valid range (`field` names the setting or flag).
    case invalidConfiguration(field: String, message: String)
    /// The venue could not be loaded.
    case venue(path: String, message: String)
    /// The venue has no navigation graph to walk on.
    case venueHasNoGraph(venueID: String)
    /// A place (`role` is `from`, `to` or `deviate-to`) could not be read or matched on the venue.
    case unknownPlace(role: String, place: String, reason: String)
    /// A level reference names no level of the venue.
    case unknownLevel(reference: String, context: String)
    /// The router found no route between the places.
    case noRoute(from: String, to: String, reason: String)
    /// The deviation cannot be applied (time after arrival, target on another level, …).
    case invalidDeviation(message: String)
    /// A beacon of the layout cannot be placed on the venue.
    case beacon(id: String, message: String)

    /// A one-line message naming the field, place or beacon.
    public var description: String {
        switch self {
        case .invalidConfiguration(let field, let message): "\(field): \(message)"
        case .venue(let path, let message): "venue \(path): \(message)"
        case .venueHasNoGraph(let id): "venue '\(id)' has no navigation graph: nothing to walk along"
        case .unknownPlace(let role, let place, let reason): "--\(role) '\(place)': \(reason)"
        case .unknownLevel(let reference, let context): "\(context): no level '\(reference)' in the venue"
        case .noRoute(let from, let to, let reason): "no route from '\(from)' to '\(to)': \(reason)"
        case .invalidDeviation(let message): "deviation: \(message)"
        case .beacon(let id, let message): "beacon \(id): \(message)"
        }
    }
}

/// Throws ``SimulationError/invalidConfiguration(field:message:)`` unless `value` is finite and in `range`.
func check(_ value: Double, _ range: ClosedRange<Double>, _ field: String, _ unit: String) throws(SimulationError) {
    guard value.isFinite, range.contains(value) else {
        let shown = unit.isEmpty ? "\(value)" : "\(value) \(unit)"
        throw .invalidConfiguration(field: field, message: "\(shown) is outside \(range.lowerBound)…\(range.upperBound)")
    }
}

extension TunableConfiguration {
    /// ``validate()`` with the simulation's error, naming the field as `configuration.field`
    /// (`walker.walkingSpeedMetersPerSecond`).
    func checked() throws(SimulationError) {
        do { try validate() } catch {
            throw .invalidConfiguration(field: "\(Self.configurationName).\(error.field)", message: error.reason)
        }
    }
}

import IndoorConfiguration

/// Everything that can go wrong starting or steering navigation. Each case says what and where.
public enum NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The destination id names no POI or space of the venue's navigation graph.
    case navigationGraphUnavailable(id: String)
    /// No route exists to the destination from where the user is; `fromSection` is the building or
    /// section (or level, when no building is known) the user is in.
    case routeUnavailable(destination: String, fromSection: String?)
    /// The start location matches no place of the navigation graph (too far from every edge, or on a
    /// level reference that is unknown or ambiguous); `reason` says which, as the router words it.
    case originUnmatched(reason: String)
    /// Navigation needs a starting location and none was given or handled yet.
    case locationUnknown
    /// A location had non-finite values or an invalid covariance.
    case invalidLocation(timeSeconds: Double, reason: String)
    /// A configuration value is out of range.
    case invalidConfiguration(field: String, reason: String)
    /// The router rejected the request (e.g. too many waypoints); `reason` is its message.
    case invalidRequest(reason: String)
    /// A deep link could not be read or names something the venue lacks.
    case invalidDeepLink(field: String, reason: String)
    /// A session snapshot cannot be restored: `field` names the part, `reason` why.
    case invalidSnapshot(field: String, reason: String)

    /// One sentence saying what failed and which id or field caused it.
    public var description: String {
        switch self {
        case .navigationGraphUnavailable(let id): "no destination with id '\(id)' in the navigation graph"
        case .routeUnavailable(let d, let s): "no route to '\(d)' from \(s.map { "section '\($0)'" } ?? "the current position")"
        case .originUnmatched(let r): "the start location matches no place of the venue: \(r)"
        case .locationUnknown: "no current location: handle a location or pass one to start navigation"
        case .invalidLocation(let t, let r): "invalid location at t=\(t) s: \(r)"
        case .invalidConfiguration(let f, let r): "navigation configuration: \(f): \(r)"
        case .invalidRequest(let r): "route request rejected: \(r)"
        case .invalidDeepLink(let f, let r): "deep link: \(f): \(r)"
        case .invalidSnapshot(let f, let r): "session snapshot: \(f): \(r)"
        }
    }
}

extension NavigationError {
    /// A ``ConfigurationError`` as ``invalidConfiguration(field:reason:)``, naming its field.
    public init(_ error: ConfigurationError) {
        self = .invalidConfiguration(field: error.field, reason: error.reason)
    }
}

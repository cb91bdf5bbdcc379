import IndoorGeometry

/// Where a route starts, ends or passes: a venue feature, a local point or a geographic coordinate.
public enum Place: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A POI or space by any accepted id form (id, external id, `default:`/`console:` prefix).
    case feature(id: String)
    /// A point in the venue's local frame on a level (any accepted level reference).
    case local(LocalPoint, level: String)
    /// A WGS84 coordinate on a level.
    case geographic(GeoCoordinate, level: String)

    public var description: String {
        switch self {
        case .feature(let id): id
        case .local(let p, let level): "\(p.x),\(p.y)@\(level)"
        case .geographic(let g, let level): "geo:\(g.latitudeDegrees),\(g.longitudeDegrees)@\(level)"
        }
    }

    /// Parses the command-line forms: an id, `x,y@LEVEL` (local metres) or `geo:lat,lon@LEVEL`.
    public static func parse(_ text: String) -> Place? {
        guard !text.isEmpty else { return nil }
        if let at = text.lastIndex(of: "@") {
            let level = String(text[text.index(after: at)...])
            var body = String(text[..<at])
            let isGeo = body.hasPrefix("geo:")
            if isGeo { body.removeFirst(4) }
            let parts = body.split(separator: ",", omittingEmptySubsequences: false)
            if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite, !level.isEmpty {
                if isGeo {
                    let g = GeoCoordinate(latitudeDegrees: a, longitudeDegrees: b)
                    return g.isValid ? .geographic(g, level: level) : nil
                }
                return .local(LocalPoint(x: a, y: b), level: level)
            }
            if isGeo { return nil }
        }
        if text.hasPrefix("geo:") { return nil }
        return .feature(id: text)
    }
}

/// A via-waypoint: the route stops there (a new section) or passes through it.
public struct Waypoint: Hashable, Sendable, Codable {
    public var place: Place
    /// Stop there for this many seconds (1–49,999); adds a WAIT post-action. `nil` = no wait.
    public var stopDurationSeconds: Int?
    /// Pass through without a new section; reported with its offset along the section.
    public var passThrough: Bool

    public init(_ place: Place, stopDurationSeconds: Int? = nil, passThrough: Bool = false) {
        self.place = place; self.stopDurationSeconds = stopDurationSeconds; self.passThrough = passThrough
    }
}

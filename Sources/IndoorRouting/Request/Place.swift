import Foundation
import IndoorGeometry

/// Where a route starts, ends or passes: a venue feature, a local point or a geographic coordinate.
public enum Place: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A POI or space by any accepted id form (id, external id, `default:`/`console:` prefix).
    case feature(id: String)
    /// A point in the venue's local frame on a level (any accepted level reference).
    case local(LocalPoint, level: String)
    /// A WGS84 coordinate on a level.
    case geographic(GeoCoordinate, level: String)

    /// The command-line form: `id`, `x,y@LEVEL` or `geo:lat,lon@LEVEL`.
    public var description: String {
        switch self {
        case .feature(let id): id
        case .local(let p, let level): "\(p.x),\(p.y)@\(level)"
        case .geographic(let g, let level): "geo:\(g.latitudeDegrees),\(g.longitudeDegrees)@\(level)"
        }
    }

    /// Parses the command-line forms: an id, `x,y@LEVEL` (local metres) or `geo:lat,lon@LEVEL`;
    /// `nil` when the text is none of them (``parsing(_:)`` says why).
    public static func parse(_ text: String) -> Place? { try? parsing(text) }

    /// Why a text is not a place: what is wrong with it.
    public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text given.
        public var text: String
        /// What is wrong.
        public var reason: String
        /// `'TEXT': reason`.
        public var description: String { "'\(text)': \(reason)" }
    }

    /// Parses an id, `x,y@LEVEL` (local metres) or `geo:lat,lon@LEVEL`. Text of the form `A,B@LEVEL`
    /// where A or B reads as a number is a coordinate: both must be finite numbers (and a valid latitude
    /// and longitude after `geo:`), and the level must not be empty.
    /// - Throws: ``SyntaxError`` saying what is wrong with the coordinate.
    public static func parsing(_ text: String) throws(SyntaxError) -> Place {
        guard !text.isEmpty else { throw SyntaxError(text: text, reason: "empty place") }
        var body = text
        let isGeo = body.hasPrefix("geo:")
        if isGeo { body.removeFirst(4) }
        guard let at = body.lastIndex(of: "@") else {
            if isGeo { throw SyntaxError(text: text, reason: "expected geo:lat,lon@LEVEL") }
            return .feature(id: text)
        }
        let level = String(body[body.index(after: at)...])
        let parts = body[..<at].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let numbers = parts.map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard isGeo || (parts.count == 2 && numbers.contains { $0 != nil }) else { return .feature(id: text) }
        let names = isGeo ? ["latitude", "longitude"] : ["x", "y"]
        guard parts.count == 2 else {
            throw SyntaxError(text: text, reason: "expected two numbers before '@', found \(parts.count) part(s)")
        }
        for k in 0..<2 {
            guard let v = numbers[k] else { throw SyntaxError(text: text, reason: "\(names[k]) '\(parts[k])' is not a number") }
            guard v.isFinite else { throw SyntaxError(text: text, reason: "\(names[k]) '\(parts[k])' is not a finite number") }
        }
        guard !level.isEmpty else { throw SyntaxError(text: text, reason: "no level after '@'") }
        let a = numbers[0] ?? 0, b = numbers[1] ?? 0
        if isGeo {
            guard abs(a) <= 90 else { throw SyntaxError(text: text, reason: "latitude \(parts[0]) is outside -90...90") }
            guard abs(b) <= 180 else { throw SyntaxError(text: text, reason: "longitude \(parts[1]) is outside -180...180") }
            return .geographic(GeoCoordinate(latitudeDegrees: a, longitudeDegrees: b), level: level)
        }
        return .local(LocalPoint(x: a, y: b), level: level)
    }
}

/// A via-waypoint: the route stops there (a new section) or passes through it.
public struct Waypoint: Hashable, Sendable, Codable {
    /// Where the waypoint is.
    public var place: Place
    /// Stop there for this many seconds (1–49,999); adds a WAIT post-action. `nil` = no wait.
    public var stopDurationSeconds: Int?
    /// Pass through without a new section; reported with its offset along the section.
    public var passThrough: Bool

    /// A waypoint at `place`: a stop (optionally waiting `stopDurationSeconds`) or, with `passThrough`, passed through.
    public init(_ place: Place, stopDurationSeconds: Int? = nil, passThrough: Bool = false) {
        self.place = place; self.stopDurationSeconds = stopDurationSeconds; self.passThrough = passThrough
    }
}

/// A point in a venue's local tangent frame: metres east (`x`) and north (`y`) of the frame's reference.
public struct LocalPoint: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Metres east of the reference point.
    public var x: Double
    /// Metres north of the reference point.
    public var y: Double

    /// A point `x` metres east and `y` metres north of the frame's reference.
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The frame's reference point itself.
    public static let zero = LocalPoint(x: 0, y: 0)

    /// Straight-line distance in metres.
    @inlinable
    public func distance(to other: LocalPoint) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Squared distance in square metres (cheaper when only comparing).
    @inlinable
    public func squaredDistance(to other: LocalPoint) -> Double {
        let dx = other.x - x, dy = other.y - y
        return dx * dx + dy * dy
    }

    /// Bearing from this point to `other` in radians, clockwise from north, in [0, 2π).
    public func bearingRadians(to other: LocalPoint) -> Double {
        Angle.normalizedPositive(atan2Compat(other.x - x, other.y - y))
    }

    /// Whether both coordinates are finite.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// `(x, y)` in metres, for messages and logs.
    public var description: String { "(\(x), \(y))" }

    /// The point moved by a displacement.
    /// The displacement from `b` to `a`, in metres.
    @inlinable public static func + (a: LocalPoint, b: LocalVector) -> LocalPoint { LocalPoint(x: a.x + b.dx, y: a.y + b.dy) }
    /// The vector from `b` to `a`, metres.
    @inlinable public static func - (a: LocalPoint, b: LocalPoint) -> LocalVector { LocalVector(dx: a.x - b.x, dy: a.y - b.y) }
}

/// A displacement in a venue's local frame, in metres east (`dx`) and north (`dy`).
public struct LocalVector: Hashable, Sendable {
    /// Metres east.
    public var dx: Double
    /// Metres north.
    public var dy: Double

    /// A displacement of `dx` metres east and `dy` metres north.
    public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }

    /// Length in metres.
    @inlinable public var length: Double { (dx * dx + dy * dy).squareRoot() }
    /// Dot product with `o`, m².
    @inlinable public func dot(_ o: LocalVector) -> Double { dx * o.dx + dy * o.dy }
    /// The z component of the 3-D cross product; positive when `o` is counter-clockwise of `self`.
    @inlinable public func cross(_ o: LocalVector) -> Double { dx * o.dy - dy * o.dx }
    /// `v` scaled by `s`.
    @inlinable public static func * (v: LocalVector, s: Double) -> LocalVector { LocalVector(dx: v.dx * s, dy: v.dy * s) }
}

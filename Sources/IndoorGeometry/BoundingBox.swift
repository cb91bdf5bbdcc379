/// An axis-aligned rectangle in a local frame, in metres.
public struct BoundingBox: Hashable, Sendable {
    /// West, south, east and north edges, metres in the local frame (`minX` ≤ `maxX` for a non-empty box).
    public var minX: Double, minY: Double, maxX: Double, maxY: Double

    /// A box from its edges in metres; the caller keeps `min` ≤ `max`.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    /// The smallest box holding every point; `nil` for no points.
    public init?<S: Sequence>(points: S) where S.Element == LocalPoint {
        var it = points.makeIterator()
        guard let first = it.next() else { return nil }
        var box = BoundingBox(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        while let p = it.next() { box.include(p) }
        self = box
    }

    /// Grows the box to hold `p`.
    public mutating func include(_ p: LocalPoint) {
        minX = Swift.min(minX, p.x); minY = Swift.min(minY, p.y)
        maxX = Swift.max(maxX, p.x); maxY = Swift.max(maxY, p.y)
    }

    /// The smallest box holding both boxes.
    public func union(_ o: BoundingBox) -> BoundingBox {
        BoundingBox(
            minX: Swift.min(minX, o.minX), minY: Swift.min(minY, o.minY),
            maxX: Swift.max(maxX, o.maxX), maxY: Swift.max(maxY, o.maxY))
    }

    /// Whether `p` lies inside or on the edge.
    public func contains(_ p: LocalPoint) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
    /// Whether the boxes overlap or touch.
    public func intersects(_ o: BoundingBox) -> Bool { minX <= o.maxX && o.minX <= maxX && minY <= o.maxY && o.minY <= maxY }
    /// The box grown by `meters` on every side (shrunk for a negative value).
    public func expanded(by meters: Double) -> BoundingBox {
        BoundingBox(minX: minX - meters, minY: minY - meters, maxX: maxX + meters, maxY: maxY + meters)
    }
    /// East-west extent in metres.
    public var width: Double { maxX - minX }
    /// North-south extent in metres.
    public var height: Double { maxY - minY }
    /// The middle point of the box.
    public var center: LocalPoint { LocalPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }

    /// Distance in metres from `p` to the box (0 inside).
    public func distance(to p: LocalPoint) -> Double {
        let dx = Swift.max(minX - p.x, 0, p.x - maxX), dy = Swift.max(minY - p.y, 0, p.y - maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}

import Foundation
import IndoorGeometry
import IndoorVenue

/// Keeps a walked point inside a venue's walkable area.
///
/// A step from a walkable point `from` to a non-walkable point `to` is turned, as a walker sliding
/// along a wall would be: the step is rotated by ±15°, ±30°, … ±75° and shortened by the cosine of the
/// angle; the first end point that is walkable (smallest angle, clockwise first) wins. If none is, the
/// last walkable point on the step itself is taken (found by bisection). A point that starts outside
/// the walkable area goes to the nearest walkable point found on rings of 0.25 m spacing around it, up
/// to the maximum correction distance.
public struct WalkableAreaConstraint: Sendable {
    /// The venue whose spatial index answers walkability.
    public let venue: Venue
    /// Farthest a point is moved, metres.
    public let maximumCorrectionMeters: Double

    /// A constraint over `venue`.
    public init(venue: Venue, maximumCorrectionMeters: Double) {
        self.venue = venue
        self.maximumCorrectionMeters = maximumCorrectionMeters
    }

    /// Whether the level has any walkable place near `point` (a level without geometry constrains nothing).
    public func isWalkable(_ point: LocalPoint, levelIndex: Int) -> Bool {
        venue.spatialIndex.isWalkable(point, levelIndex: levelIndex)
    }

    /// The corrected end of a step from `from` to `to` on `levelIndex`, or `nil` when `to` is walkable or
    /// no walkable point lies within reach.
    /// - Complexity: O(24 + 8 × ring points) walkability queries at most, each about O(1).
    public func correctedEnd(from: LocalPoint, to: LocalPoint, levelIndex: Int) -> LocalPoint? {
        let index = venue.spatialIndex
        guard venue.levels.indices.contains(levelIndex), !index.isWalkable(to, levelIndex: levelIndex) else { return nil }
        if index.isWalkable(from, levelIndex: levelIndex) {
            let dx = to.x - from.x, dy = to.y - from.y
            let length = (dx * dx + dy * dy).squareRoot()
            if length > 1e-9 {
                for degrees in stride(from: 15.0, through: 75.0, by: 15.0) {
                    let angle = degrees * .pi / 180
                    let shortened = cos(angle)
                    for sign in [1.0, -1.0] {
                        // rotate (dx, dy) by ±angle clockwise: east/north with headings clockwise from north
                        let c = cos(sign * angle), s = sin(sign * angle)
                        let rx = (dx * c + dy * s) * shortened
                        let ry = (-dx * s + dy * c) * shortened
                        let candidate = LocalPoint(x: from.x + rx, y: from.y + ry)
                        if index.isWalkable(candidate, levelIndex: levelIndex) { return candidate }
                    }
                }
                // Bisection for the last walkable point on the segment.
                var low = 0.0, high = 1.0
                for _ in 0..<10 {
                    let mid = (low + high) / 2
                    if index.isWalkable(LocalPoint(x: from.x + mid * dx, y: from.y + mid * dy), levelIndex: levelIndex) {
                        low = mid
                    } else {
                        high = mid
                    }
                }
                return LocalPoint(x: from.x + low * dx, y: from.y + low * dy)
            }
            return from
        }
        return nearestWalkable(to: to, levelIndex: levelIndex)
    }

    /// The nearest walkable point on rings around `point` within the maximum correction, or `nil`.
    public func nearestWalkable(to point: LocalPoint, levelIndex: Int) -> LocalPoint? {
        let index = venue.spatialIndex
        var radius = 0.25
        while radius <= maximumCorrectionMeters + 1e-9 {
            let count = max(8, Int((2 * .pi * radius / 0.25).rounded()))
            var best: LocalPoint?
            for k in 0..<count {
                let a = 2 * Double.pi * Double(k) / Double(count)
                let candidate = LocalPoint(x: point.x + radius * sin(a), y: point.y + radius * cos(a))
                if index.isWalkable(candidate, levelIndex: levelIndex) { best = candidate; break }
            }
            if let best { return best }
            radius += 0.25
        }
        return nil
    }
}

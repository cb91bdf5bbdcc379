import Foundation
import IndoorGeometry
import IndoorVenue

/// The main axes of each level's floor plan: most indoor walls, corridors and shop fronts run along two
/// perpendicular directions, so people walking straight mostly walk along one of four headings.
///
/// Per level, every edge of the level outline and of its spaces' rings votes for its direction modulo
/// 90°, weighted by its length, into 1° bins; the bins are summed over a ±``windowRadians`` window and
/// the best window's centre is the level's axis. A level gets an axis only when at least
/// ``minimumShare`` of its edge length lies in that window (a plan of curves and odd angles gets none).
///
/// Without a floor plan, the directions survey walks took serve instead
/// (``init(directionsByLevel:)``, ``RadioMap/walkedDirections(levels:venue:)``).
///
/// Pure value: built once per venue.
public struct DominantDirections: Sendable {
    /// Per level index: the axis in [0, π/2), radians clockwise from north, or `nil`.
    public let axisRadians: [Double?]
    /// Per level index: the share of edge length within the window of the axis (0 … 1).
    public let share: [Double]

    /// Half-width of the voting window.
    public static let windowRadians = 5 * Double.pi / 180
    /// Share of edge length that must agree for a level to have an axis.
    public static let minimumShare = 0.35

    /// The axes of every level of `venue`.
    public init(venue: Venue) {
        var edgesByLevel = Array(repeating: [Segment](), count: venue.levels.count)
        for (index, level) in venue.levels.enumerated() {
            if let outline = level.outline { edgesByLevel[index].append(contentsOf: outline.edges) }
        }
        for space in venue.spaces {
            guard let index = venue.index.levelIndex[space.levelID] else { continue }
            edgesByLevel[index].append(contentsOf: space.polygon.edges)
        }
        let axes = edgesByLevel.map(Self.axis(of:))
        axisRadians = axes.map { $0?.axis }
        share = axes.map { $0?.share ?? 0 }
    }

    /// The axes of levels given as directions walked or built along, each weighted by its length (index =
    /// level index; directions radians clockwise from north, lengths metres). With `pooledWhereMissing`, a
    /// level whose own directions give no axis takes the axis of every level's directions together: the
    /// floors of one building share its main axes.
    public init(directionsByLevel: [[(headingRadians: Double, lengthMeters: Double)]], pooledWhereMissing: Bool = false) {
        var axes = directionsByLevel.map(Self.axis(ofDirections:))
        if pooledWhereMissing, axes.contains(where: { $0 == nil }), let pooled = Self.axis(ofDirections: directionsByLevel.flatMap { $0 }) {
            axes = axes.map { $0 ?? pooled }
        }
        axisRadians = axes.map { $0?.axis }
        share = axes.map { $0?.share ?? 0 }
    }

    /// The axis of a set of edges and the share of their length that supports it, or `nil`.
    static func axis(of edges: [Segment]) -> (axis: Double, share: Double)? {
        axis(
            ofDirections: edges.map { edge in
                let dx = edge.end.x - edge.start.x, dy = edge.end.y - edge.start.y
                return (atan2(dx, dy), (dx * dx + dy * dy).squareRoot())
            })
    }

    /// The axis of length-weighted directions and the share of their length that supports it, or `nil`.
    static func axis(ofDirections directions: [(headingRadians: Double, lengthMeters: Double)]) -> (axis: Double, share: Double)? {
        let binCount = 90
        let binWidth = Double.pi / 2 / Double(binCount)
        var bins = Array(repeating: 0.0, count: binCount)
        var folded: [(angle: Double, length: Double)] = []
        folded.reserveCapacity(directions.count)
        var total = 0.0
        for (heading, length) in directions {
            guard length > 1e-6, length.isFinite, heading.isFinite else { continue }
            // Heading clockwise from north, folded into [0, π/2).
            var angle = heading.truncatingRemainder(dividingBy: .pi / 2)
            if angle < 0 { angle += .pi / 2 }
            bins[min(binCount - 1, Int(angle / binWidth))] += length
            folded.append((angle, length))
            total += length
        }
        guard total > 0 else { return nil }
        let radius = Int((windowRadians / binWidth).rounded())
        var best = (index: 0, sum: -1.0)
        for centre in 0..<binCount {
            var sum = 0.0
            for offset in -radius...radius { sum += bins[(centre + offset + binCount) % binCount] }
            if sum > best.sum { best = (centre, sum) }
        }
        // Length-weighted circular mean (period π/2, so angles × 4) of the edges in the winning window.
        let centre = (Double(best.index) + 0.5) * binWidth
        let reach = (Double(radius) + 0.5) * binWidth
        var sx = 0.0, sy = 0.0
        for edge in folded where abs(remainder(edge.angle - centre, Double.pi / 2)) <= reach + 1e-12 {
            sx += edge.length * cos(4 * edge.angle)
            sy += edge.length * sin(4 * edge.angle)
        }
        var axis = atan2(sy, sx) / 4
        if axis < 0 { axis += .pi / 2 }
        let share = best.sum / total
        return share >= minimumShare ? (axis, share) : nil
    }

    /// The axis direction (axis + k·90°) nearest to `headingRadians` on level `levelIndex` and the signed
    /// difference direction − heading in (−π/4, π/4], or `nil` when the level has no axis.
    public func nearest(toHeading headingRadians: Double, levelIndex: Int) -> (directionRadians: Double, differenceRadians: Double)? {
        guard axisRadians.indices.contains(levelIndex), let axis = axisRadians[levelIndex], headingRadians.isFinite else { return nil }
        let quarter = Double.pi / 2
        let k = ((headingRadians - axis) / quarter).rounded()
        let direction = axis + k * quarter
        return (direction, direction - headingRadians)
    }
}

import IndoorGeometry
import IndoorVenue

/// The area of a level worth showing: its outline, spaces, openings, connectors and POIs.
///
/// Navigation graph nodes count only on a level that has none of those (a graph-only venue), so outdoor
/// paths that wander across a campus do not shrink the building to a corner of the picture.
public enum LevelExtent {
    /// The local-frame extent of level `levelIndex`, or `nil` when the level has nothing to show.
    /// - Complexity: O(spaces + openings + connectors + POIs), plus O(graph nodes) for a graph-only level.
    public static func bounds(of venue: Venue, levelIndex: Int) -> BoundingBox? {
        let level = venue.levels[levelIndex]
        var box = level.outline?.bounds
        func add(_ other: BoundingBox) { box = box.map { $0.union(other) } ?? other }
        func add(_ p: LocalPoint) { if p.isFinite { add(BoundingBox(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)) } }
        for space in venue.spaces where space.levelID == level.id { add(space.polygon.bounds) }
        for opening in venue.openings where opening.levelID == level.id { opening.line.points.forEach(add) }
        for connector in venue.connectors { for entry in connector.entries where entry.levelID == level.id { add(entry.point) } }
        for poi in venue.pois where poi.levelID == level.id { add(poi.position) }
        if box == nil {
            for node in venue.graph.nodes where Int(node.levelIndex) == levelIndex { add(node.point) }
        }
        return box
    }

    /// The union of ``bounds(of:levelIndex:)`` over every level, or `nil` for an empty venue.
    public static func bounds(of venue: Venue) -> BoundingBox? {
        let boxes = venue.levels.indices.compactMap { bounds(of: venue, levelIndex: $0) }
        guard let first = boxes.first else { return nil }
        return boxes.dropFirst().reduce(first) { $0.union($1) }
    }
}

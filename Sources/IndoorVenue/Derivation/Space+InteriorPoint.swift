import IndoorGeometry

extension Space {
    /// A point well inside the space, where a route to the space ends: the centroid when it lies at
    /// least 0.2 m inside, else the middle of the widest inside stretch of a few horizontal lines (a
    /// U-shaped hall's centroid lies outside it); the centroid for degenerate outlines.
    public var interiorPoint: LocalPoint { PolygonVisibility(polygon).interiorPoint() ?? polygon.centroid }
}

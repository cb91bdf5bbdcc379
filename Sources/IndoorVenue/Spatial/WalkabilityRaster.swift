import IndoorGeometry

/// The venue's walkability (``Walkability``) rasterized once per level into square cells, for callers
/// that ask millions of times (a particle filter asks per particle and step): a lookup is an array read.
///
/// A cell takes the walkability of its centre, by the rules of ``VenueSpatialIndex/walkability(at:levelIndex:)``:
/// a non-walkable space makes it an obstacle; else a walkable space, or the outline of a level walked on
/// its outline, makes it open; else it is outside. Boundaries therefore blur by at most half a cell
/// diagonal. A level's cells cover the bounding box of its outline and spaces; outside it everything is
/// `.outside`. A level larger than ``maximumCellsPerLevel`` cells gets coarser cells.
public struct WalkabilityRaster: Sendable {
    /// Upper bound on the cells of one level (the cell size grows to stay under it).
    public static let maximumCellsPerLevel = 16_000_000

    /// One level's cells: fetch it once (``cells(ofLevel:)``) for many lookups on one level.
    public struct LevelCells: Sendable {
        var originX: Double
        var originY: Double
        var cellSizeMeters: Double
        var columns: Int
        var rows: Int
        /// Row-major; 0 outside, 1 obstacle, 2 open.
        var cells: [UInt8]

        /// What lies at `point` (outside beyond the level's box).
        /// - Complexity: O(1).
        public func walkability(at point: LocalPoint) -> Walkability {
            let fx = (point.x - originX) / cellSizeMeters
            let fy = (point.y - originY) / cellSizeMeters
            guard fx >= 0, fy >= 0, fx < Double(columns), fy < Double(rows) else { return .outside }
            switch cells[Int(fy) * columns + Int(fx)] {
            case 2: return .open
            case 1: return .obstacle
            default: return .outside
            }
        }
    }

    let levels: [LevelCells]

    /// Requested cell size, metres.
    public let cellSizeMeters: Double

    /// What lies at `point` on `levelIndex`.
    /// - Complexity: O(1).
    public func walkability(at point: LocalPoint, levelIndex: Int) -> Walkability {
        guard levels.indices.contains(levelIndex) else { return .outside }
        return levels[levelIndex].walkability(at: point)
    }

    /// The cells of `levelIndex`, `nil` for a level the raster does not have.
    public func cells(ofLevel levelIndex: Int) -> LevelCells? {
        levels.indices.contains(levelIndex) ? levels[levelIndex] : nil
    }

    /// Memory of the cells, bytes.
    public var byteCount: Int { levels.reduce(0) { $0 + $1.cells.count } }
}

extension VenueSpatialIndex {
    /// The walkability of every level rasterized at `cellSizeMeters` (see ``WalkabilityRaster``).
    /// - Complexity: O(cells + Σ polygon edges × rows they span).
    public func walkabilityRaster(cellSizeMeters requested: Double) -> WalkabilityRaster {
        let size = requested.isFinite && requested > 0 ? requested : 0.25
        var result: [WalkabilityRaster.LevelCells] = []
        for (l, level) in levels.enumerated() {
            let ownSpaces = spaces.indices.filter { spaceLevel[$0] == l }
            var box = level.walksOnOutline ? level.outline?.bounds : nil
            for s in ownSpaces {
                let b = spaces[s].polygon.bounds
                box =
                    box.map {
                        BoundingBox(
                            minX: min($0.minX, b.minX), minY: min($0.minY, b.minY),
                            maxX: max($0.maxX, b.maxX), maxY: max($0.maxY, b.maxY))
                    } ?? b
            }
            guard let box, box.maxX > box.minX, box.maxY > box.minY,
                box.minX.isFinite, box.maxX.isFinite, box.minY.isFinite, box.maxY.isFinite
            else {
                result.append(.init(originX: 0, originY: 0, cellSizeMeters: size, columns: 0, rows: 0, cells: []))
                continue
            }
            let width = box.maxX - box.minX, height = box.maxY - box.minY
            let cellSize = max(size, (width * height / Double(WalkabilityRaster.maximumCellsPerLevel)).squareRoot())
            let columns = max(1, Int((width / cellSize).rounded(.up)))
            let rows = max(1, Int((height / cellSize).rounded(.up)))
            var cells = WalkabilityRaster.LevelCells(
                originX: box.minX, originY: box.minY, cellSizeMeters: cellSize,
                columns: columns, rows: rows, cells: [UInt8](repeating: 0, count: columns * rows))
            if level.walksOnOutline, let outline = level.outline { cells.fill(outline, with: 2) }
            for s in ownSpaces where spaces[s].isWalkable { cells.fill(spaces[s].polygon, with: 2) }
            for s in ownSpaces where !spaces[s].isWalkable { cells.fill(spaces[s].polygon, with: 1) }
            result.append(cells)
        }
        return WalkabilityRaster(levels: result, cellSizeMeters: size)
    }
}

extension WalkabilityRaster.LevelCells {
    /// Sets every cell whose centre lies inside `polygon` (even-odd over its rings) to `value`: per row,
    /// the crossings of the row's centre line with the rings' edges, sorted, fill between pairs.
    mutating func fill(_ polygon: Polygon, with value: UInt8) {
        let b = polygon.bounds
        let firstRow = max(0, Int(((b.minY - originY) / cellSizeMeters - 0.5).rounded(.down)))
        let lastRow = min(rows - 1, Int(((b.maxY - originY) / cellSizeMeters - 0.5).rounded(.up)))
        guard firstRow <= lastRow else { return }
        let rings = polygon.rings.filter { $0.count >= 3 }
        var crossings: [Double] = []
        for row in firstRow...lastRow {
            let y = originY + (Double(row) + 0.5) * cellSizeMeters
            crossings.removeAll(keepingCapacity: true)
            for ring in rings {
                var previous = ring[ring.count - 1]
                for point in ring {
                    // half-open rule: an edge counts when y lies in [min, max)
                    if (point.y <= y) != (previous.y <= y) {
                        let t = (y - previous.y) / (point.y - previous.y)
                        crossings.append(previous.x + t * (point.x - previous.x))
                    }
                    previous = point
                }
            }
            guard crossings.count >= 2 else { continue }
            crossings.sort()
            var k = 0
            while k + 1 < crossings.count {
                // columns whose centre x lies in [x0, x1)
                let from = max(0, Int(((crossings[k] - originX) / cellSizeMeters - 0.5).rounded(.up)))
                let to = min(columns - 1, Int(((crossings[k + 1] - originX) / cellSizeMeters - 0.5).rounded(.up)) - 1)
                if from <= to {
                    let base = row * columns
                    for c in from...to { cells[base + c] = value }
                }
                k += 2
            }
        }
    }
}

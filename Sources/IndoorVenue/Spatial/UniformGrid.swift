import IndoorGeometry

/// The geometry of a regular grid of square cells: where it starts, how big a cell is, how many there are.
struct GridLayout: Sendable {
    /// Venue-frame coordinates of the grid's south-west corner, in metres.
    let originX: Double, originY: Double
    /// Side of a square cell in metres.
    let cellSizeMeters: Double
    let columns: Int, rows: Int

    /// A layout covering `bounds` with cells of `cellSizeMeters` (1 m when that is not a positive number).
    init(bounds: BoundingBox, cellSizeMeters: Double) {
        let size = cellSizeMeters.isFinite && cellSizeMeters > 0 ? cellSizeMeters : 1
        originX = bounds.minX.isFinite ? bounds.minX : 0
        originY = bounds.minY.isFinite ? bounds.minY : 0
        self.cellSizeMeters = size
        let w = bounds.width.isFinite ? max(bounds.width, 0) : 0, h = bounds.height.isFinite ? max(bounds.height, 0) : 0
        columns = max(1, Int((w / size).rounded(.down)) + 1)
        rows = max(1, Int((h / size).rounded(.down)) + 1)
    }

    /// Number of cells.
    var cellCount: Int { columns * rows }

    // MARK: - Cells of a location

    /// Column of an x coordinate, clamped into the grid.
    @inline(__always)
    func column(_ x: Double) -> Int {
        let f = ((x - originX) / cellSizeMeters).rounded(.down)
        guard f.isFinite else { return 0 }
        return f <= 0 ? 0 : min(columns - 1, Int(min(f, Double(columns))))
    }

    /// Row of a y coordinate, clamped into the grid.
    @inline(__always)
    func row(_ y: Double) -> Int {
        let f = ((y - originY) / cellSizeMeters).rounded(.down)
        guard f.isFinite else { return 0 }
        return f <= 0 ? 0 : min(rows - 1, Int(min(f, Double(rows))))
    }

    /// Index of the cell holding `p` (clamped into the grid).
    @inline(__always)
    func cell(of p: LocalPoint) -> Int { row(p.y) * columns + column(p.x) }

    /// Calls `visit` with every cell overlapping `box` (clamped into the grid).
    @inline(__always)
    func forEachCell(overlapping box: BoundingBox, _ visit: (Int) -> Void) {
        let c0 = column(box.minX), c1 = column(box.maxX), r0 = row(box.minY), r1 = row(box.maxY)
        guard c0 <= c1, r0 <= r1 else { return }
        for r in r0...r1 { for c in c0...c1 { visit(r * columns + c) } }
    }

    /// Calls `visit` with every cell the segment from `a` to `b` passes through (with a small margin so
    /// that rounding never drops a cell).
    func forEachCell(alongSegmentFrom a: LocalPoint, to b: LocalPoint, _ visit: (Int) -> Void) {
        let ax = (a.x - originX) / cellSizeMeters, ay = (a.y - originY) / cellSizeMeters
        let bx = (b.x - originX) / cellSizeMeters, by = (b.y - originY) / cellSizeMeters
        let margin = 1e-7
        let c0 = column(min(a.x, b.x) - margin * cellSizeMeters), c1 = column(max(a.x, b.x) + margin * cellSizeMeters)
        let dx = bx - ax
        guard c0 <= c1 else { return }
        for c in c0...c1 {
            var yLow: Double, yHigh: Double
            if abs(dx) < 1e-12 || c0 == c1 {
                yLow = min(ay, by); yHigh = max(ay, by)
            } else {
                // The part of the segment inside column strip [c, c + 1] in grid units.
                let x0 = max(Double(c), min(ax, bx)), x1 = min(Double(c + 1), max(ax, bx))
                let y0 = ay + (x0 - ax) / dx * (by - ay), y1 = ay + (x1 - ax) / dx * (by - ay)
                yLow = min(y0, y1); yHigh = max(y0, y1)
            }
            let r0 = row(originY + (yLow - margin) * cellSizeMeters)
            let r1 = row(originY + (yHigh + margin) * cellSizeMeters)
            guard r0 <= r1 else { continue }
            for r in r0...r1 { visit(r * columns + c) }
        }
    }
}

/// Item indices bucketed over a regular grid of square cells, stored in compressed (CSR) form.
///
/// An item is registered in every cell its geometry touches: a point in one cell, a box in every cell
/// it overlaps, a segment in every cell it passes through (a conservative supercover). Queries that
/// visit cells may therefore see an item more than once; callers that care deduplicate.
///
/// Built in two passes (count, then fill) with no per-cell allocation. - Complexity: building is
/// O(n + c + total registrations) for n items and c cells; a cell lookup is O(1).
struct UniformGrid: Sendable {
    /// Where the cells are.
    let layout: GridLayout
    /// `items[cellStart[c] ..< cellStart[c + 1]]` are the items registered in cell `c = row × columns + column`.
    let cellStart: [Int32]
    let items: [Int32]

    /// An empty grid of one cell.
    static let empty = UniformGrid(
        layout: GridLayout(
            bounds: BoundingBox(minX: 0, minY: 0, maxX: 0, maxY: 0),
            cellSizeMeters: 1), itemCount: 0
    ) { _, _ in }

    /// Builds a grid; `cells(item, visit)` must call `visit(cellIndex)` for every cell of `layout` the item
    /// touches (it is called twice per item and must visit the same cells both times).
    init(layout: GridLayout, itemCount: Int, cells: (_ item: Int, _ visit: (Int) -> Void) -> Void) {
        self.layout = layout
        let cellCount = layout.cellCount
        var start = [Int32](repeating: 0, count: cellCount + 1)
        for item in 0..<itemCount { cells(item) { start[$0 + 1] += 1 } }
        for c in 0..<cellCount { start[c + 1] += start[c] }
        var fill = start
        var stored = [Int32](repeating: 0, count: Int(start[cellCount]))
        for item in 0..<itemCount {
            cells(item) { c in
                stored[Int(fill[c])] = Int32(item)
                fill[c] += 1
            }
        }
        cellStart = start
        items = stored
    }

    /// A cell side giving about `itemsPerCell` items per cell over `bounds`, at least `minimumMeters`, and
    /// never more than `4 × itemCount + 64` cells in all.
    static func cellSize(
        bounds: BoundingBox, itemCount: Int, itemsPerCell: Double = 2,
        minimumMeters: Double = 0.25
    ) -> Double {
        let width = max(bounds.width, minimumMeters), height = max(bounds.height, minimumMeters)
        let n = Double(max(itemCount, 1))
        var size = max((width * height * itemsPerCell / n).squareRoot(), minimumMeters)
        let maxCells = 4 * n + 64
        while (width / size + 1) * (height / size + 1) > maxCells { size *= 1.5 }
        return size
    }

    /// Index of the cell holding `p` (clamped into the grid).
    @inline(__always)
    func cell(of p: LocalPoint) -> Int { layout.cell(of: p) }

    /// Calls `visit` with every cell overlapping `box` (clamped into the grid).
    @inline(__always)
    func forEachCell(overlapping box: BoundingBox, _ visit: (Int) -> Void) { layout.forEachCell(overlapping: box, visit) }

    /// Items registered in one cell.
    @inline(__always)
    func items(inCell c: Int) -> ArraySlice<Int32> { items[Int(cellStart[c])..<Int(cellStart[c + 1])] }

    // MARK: - Nearest search

    /// The item with the smallest `(distance, index)` within `maxDistanceMeters` of `p`, searching rings
    /// of cells outwards from `p`'s cell and stopping once no unvisited cell can hold anything closer.
    ///
    /// `distance(item)` must be the distance from `p` to the item's geometry, and every item must be
    /// registered in the cell holding its closest point to `p`. - Complexity: O(cells visited + items
    /// seen); about O(1) for evenly spread items.
    func nearest(to p: LocalPoint, maxDistanceMeters: Double, distance: (Int32) -> Double) -> (item: Int32, distance: Double)? {
        guard !items.isEmpty, p.isFinite else { return nil }
        let originX = layout.originX, originY = layout.originY, cellSizeMeters = layout.cellSizeMeters
        let columns = layout.columns, rows = layout.rows
        let cx = layout.column(p.x), cy = layout.row(p.y)
        var best: (item: Int32, distance: Double)?
        let maxRing = max(columns, rows)
        var ring = 0
        while ring <= maxRing {
            visitRing(cx, cy, ring) { c in
                for item in items(inCell: c) {
                    let d = distance(item)
                    guard d <= maxDistanceMeters else { continue }
                    if let b = best, (d, item) >= (b.distance, b.item) { continue }
                    best = (item, d)
                }
            }
            // Lower bound on the distance to anything outside the visited window of cells.
            var bound = Double.infinity
            if cx - ring > 0 { bound = min(bound, p.x - (originX + Double(cx - ring) * cellSizeMeters)) }
            if cx + ring < columns - 1 { bound = min(bound, originX + Double(cx + ring + 1) * cellSizeMeters - p.x) }
            if cy - ring > 0 { bound = min(bound, p.y - (originY + Double(cy - ring) * cellSizeMeters)) }
            if cy + ring < rows - 1 { bound = min(bound, originY + Double(cy + ring + 1) * cellSizeMeters - p.y) }
            if bound == .infinity || bound > min(best?.distance ?? .infinity, maxDistanceMeters) { break }
            ring += 1
        }
        return best
    }

    /// Visits the cells at Chebyshev distance exactly `ring` from cell (`cx`, `cy`) that lie in the grid.
    private func visitRing(_ cx: Int, _ cy: Int, _ ring: Int, _ visit: (Int) -> Void) {
        let columns = layout.columns, rows = layout.rows
        if ring == 0 { visit(cy * columns + cx); return }
        let c0 = cx - ring, c1 = cx + ring, r0 = cy - ring, r1 = cy + ring
        let cLow = max(c0, 0), cHigh = min(c1, columns - 1)
        if r0 >= 0 { for c in cLow...cHigh { visit(r0 * columns + c) } }
        if r1 < rows { for c in cLow...cHigh { visit(r1 * columns + c) } }
        let rLow = max(r0 + 1, 0), rHigh = min(r1 - 1, rows - 1)
        guard rLow <= rHigh else { return }
        if c0 >= 0 { for r in rLow...rHigh { visit(r * columns + c0) } }
        if c1 < columns { for r in rLow...rHigh { visit(r * columns + c1) } }
    }
}

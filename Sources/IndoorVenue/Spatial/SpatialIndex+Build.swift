import IndoorGeometry

extension VenueSpatialIndex {
    /// Groups spaces, nodes and edges by level and builds each level's grids.
    /// - Complexity: O(L + S + V + E + cells)
    static func buildLevels(
        outlines: [Polygon?], spaces: [Space], spaceLevel: [Int], openingCount: [Int],
        graph: NavigationGraph
    ) -> [LevelGrids] {
        let levelCount = outlines.count
        var spaceIDs = [[Int32]](repeating: [], count: levelCount)
        var walkableSpaces = [Int](repeating: 0, count: levelCount)
        for (s, l) in spaceLevel.enumerated() where l >= 0 && l < levelCount {
            spaceIDs[l].append(Int32(s))
            if spaces[s].isWalkable { walkableSpaces[l] += 1 }
        }

        let nodes = graph.nodes
        var nodeIDs = [[Int32]](repeating: [], count: levelCount)
        var nodeBounds = [BoundingBox?](repeating: nil, count: levelCount)
        for (n, node) in nodes.enumerated() {
            let l = Int(node.levelIndex)
            guard l >= 0, l < levelCount, node.point.isFinite else { continue }
            nodeIDs[l].append(Int32(n))
            if nodeBounds[l] == nil {
                nodeBounds[l] = BoundingBox(minX: node.point.x, minY: node.point.y, maxX: node.point.x, maxY: node.point.y)
            } else {
                nodeBounds[l]?.include(node.point)
            }
        }
        var edgeIDs = [[Int32]](repeating: [], count: levelCount)
        for (e, edge) in graph.edges.enumerated() {
            let a = nodes[Int(edge.from)], b = nodes[Int(edge.to)]
            let l = Int(a.levelIndex)
            guard l >= 0, l < levelCount, b.levelIndex == a.levelIndex, a.point.isFinite, b.point.isFinite else { continue }
            edgeIDs[l].append(Int32(e))
        }

        var result: [LevelGrids] = []
        result.reserveCapacity(levelCount)
        for l in 0..<levelCount {
            var bounds = outlines[l]?.bounds ?? nodeBounds[l]
            if let nb = nodeBounds[l] { bounds = bounds.map { $0.union(nb) } ?? nb }
            for s in spaceIDs[l] {
                let b = spaces[Int(s)].polygon.bounds
                guard b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite else { continue }
                bounds = bounds.map { $0.union(b) } ?? b
            }
            let extent = bounds ?? BoundingBox(minX: 0, minY: 0, maxX: 0, maxY: 0)

            let levelSpaces = spaceIDs[l]
            let spaceLayout = GridLayout(
                bounds: extent,
                cellSizeMeters: UniformGrid.cellSize(bounds: extent, itemCount: levelSpaces.count))
            let spaceGrid = UniformGrid(layout: spaceLayout, itemCount: levelSpaces.count) { i, visit in
                let b = spaces[Int(levelSpaces[i])].polygon.bounds
                guard b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite else { return }
                spaceLayout.forEachCell(overlapping: b, visit)
            }

            let levelNodes = nodeIDs[l]
            let nodeLayout = GridLayout(
                bounds: extent,
                cellSizeMeters: UniformGrid.cellSize(bounds: extent, itemCount: levelNodes.count))
            let nodeGrid = UniformGrid(layout: nodeLayout, itemCount: levelNodes.count) { i, visit in
                visit(nodeLayout.cell(of: nodes[Int(levelNodes[i])].point))
            }

            let levelEdges = edgeIDs[l]
            // Cells no smaller than half the mean edge length, so long edges do not each fill hundreds of cells.
            var totalLength = 0.0
            for e in levelEdges {
                let edge = graph.edges[Int(e)]
                totalLength += nodes[Int(edge.from)].point.distance(to: nodes[Int(edge.to)].point)
            }
            let meanLength = levelEdges.isEmpty ? 0 : totalLength / Double(levelEdges.count)
            let edgeLayout = GridLayout(
                bounds: extent,
                cellSizeMeters: max(
                    UniformGrid.cellSize(bounds: extent, itemCount: levelEdges.count),
                    meanLength / 2))
            let edges = graph.edges
            let edgeGrid = UniformGrid(layout: edgeLayout, itemCount: levelEdges.count) { i, visit in
                let edge = edges[Int(levelEdges[i])]
                edgeLayout.forEachCell(alongSegmentFrom: nodes[Int(edge.from)].point, to: nodes[Int(edge.to)].point, visit)
            }

            result.append(
                LevelGrids(
                    outline: outlines[l],
                    walksOnOutline: outlineIsWalkable(
                        hasOutline: outlines[l] != nil, openingCount: openingCount[l],
                        walkableSpaceCount: walkableSpaces[l]),
                    spaceGrid: spaceGrid, spaceIDs: levelSpaces,
                    nodeGrid: nodeGrid, nodeIDs: levelNodes,
                    edgeGrid: edgeGrid, edgeIDs: levelEdges))
        }
        return result
    }
}

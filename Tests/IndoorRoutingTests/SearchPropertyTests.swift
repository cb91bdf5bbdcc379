import IndoorGeometry
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorRouting

@Suite struct SearchPropertyTests {
    /// The goal-directed search (ALT + straight line) finds exactly the plain Dijkstra cost.
    @Test(arguments: [0, 8])
    func aStarCostEqualsDijkstra(landmarks: Int) {
        var queries = 0
        for seed in UInt64(1)...10 {
            let venue = TestVenues.randomGrid(seed: seed)
            let index = RoutingIndex(venue: venue, options: .init(landmarkCount: landmarks))
            let search = PathSearch(index: index)
            let cost = CostModel(optimization: .fastest, walkingSpeedMetersPerSecond: 1.2, vehicleSpeedMetersPerSecond: 3, venue: venue)
            var rng = SeededGenerator(seed: seed * 7919)
            for _ in 0..<150 {
                let a = Int.random(in: 0..<venue.graph.nodes.count, using: &rng)
                let b = Int.random(in: 0..<venue.graph.nodes.count, using: &rng)
                let expected = referenceDijkstra(venue, from: a, to: b)
                let found = search.search(
                    seeds: [SearchEndpoint(node: Int32(a), cost: 0, tag: 0)],
                    targets: [SearchEndpoint(node: Int32(b), cost: 0, tag: 0)], cost: cost)
                if expected.isFinite {
                    #expect(found != nil, "seed \(seed): \(a)→\(b) exists but was not found")
                    if let found { #expect(abs(found.cost - expected) < 1e-6, "seed \(seed): \(a)→\(b) \(found.cost) vs \(expected)") }
                } else {
                    #expect(found == nil)
                }
                queries += 1
            }
        }
        #expect(queries == 1500)
    }

    /// The path's own edges add up to its cost and form a connected walk respecting one-way edges.
    @Test func pathsAreConsistentWalks() throws {
        let venue = TestVenues.randomGrid(seed: 42)
        let search = PathSearch(index: RoutingIndex(venue: venue))
        let cost = CostModel(optimization: .shortest, walkingSpeedMetersPerSecond: 1.2, vehicleSpeedMetersPerSecond: 3, venue: venue)
        var rng = SeededGenerator(seed: 3)
        for _ in 0..<300 {
            let a = Int32.random(in: 0..<Int32(venue.graph.nodes.count), using: &rng)
            let b = Int32.random(in: 0..<Int32(venue.graph.nodes.count), using: &rng)
            guard
                let path = search.search(
                    seeds: [SearchEndpoint(node: a, cost: 0, tag: 0)],
                    targets: [SearchEndpoint(node: b, cost: 0, tag: 0)], cost: cost)
            else { continue }
            #expect(path.steps.first?.node == a && path.steps.last?.node == b)
            var total = 0.0
            for (prev, step) in zip(path.steps, path.steps.dropFirst()) {
                let e = venue.graph.edges[Int(try #require(step.edge))]
                let forward = e.from == prev.node && e.to == step.node
                let backward = e.to == prev.node && e.from == step.node && !e.isOneWay
                #expect(forward || backward)
                total += e.lengthMeters
            }
            #expect(abs(total - path.cost) < 1e-6)
        }
    }

    @Test func heapPopsInOrder() {
        var heap = BinaryHeap()
        var rng = SeededGenerator(seed: 9)
        var keys: [Double] = []
        for i in 0..<2000 {
            let k = Double.random(in: 0..<1000, using: &rng)
            keys.append(k)
            heap.push(Int32(i), key: k)
            if i % 97 == 0 { #expect(heap.isValid()) }
        }
        var popped: [Double] = []
        while let (_, k) = heap.popMin() { popped.append(k) }
        #expect(popped == keys.sorted())
    }
}

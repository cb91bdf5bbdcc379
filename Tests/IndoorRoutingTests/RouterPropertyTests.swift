import IndoorGeometry
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorRouting

@Suite struct RouterPropertyTests {
    func randomLocal(_ venue: Venue, _ rng: inout SeededGenerator) -> Place {
        let n = venue.graph.nodes[Int.random(in: 0..<venue.graph.nodes.count, using: &rng)]
        let jitter = LocalPoint(
            x: n.point.x + Double.random(in: -1...1, using: &rng), y: n.point.y + Double.random(in: -1...1, using: &rng))
        return .local(jitter, level: venue.levels[Int(n.levelIndex)].id)
    }

    /// Sections chain, lengths and durations add up, maneuver distances add up to each section.
    @Test func routesAreInternallyConsistent() throws {
        var checked = 0
        for seed in UInt64(1)...6 {
            let venue = TestVenues.randomGrid(seed: seed)
            let router = IndoorRouter(venue: venue)
            var rng = SeededGenerator(seed: seed &* 31)
            for _ in 0..<40 {
                var request = RouteRequest(from: randomLocal(venue, &rng), to: randomLocal(venue, &rng))
                let viaCount = Int.random(in: 0...3, using: &rng)
                request.waypoints = (0..<viaCount).map { k in
                    Waypoint(randomLocal(venue, &rng), stopDurationSeconds: k == 0 ? 60 : nil, passThrough: k == 2)
                }
                let response = try router.route(request)
                guard let route = response.route else { continue }
                checked += 1
                #expect(abs(route.sections.reduce(0) { $0 + $1.lengthMeters } - route.lengthMeters) < 1e-6)
                let waits = route.sections.flatMap(\.postActions).reduce(0) { $0 + $1.durationSeconds }
                #expect(abs(route.sections.reduce(0) { $0 + $1.durationSeconds } + waits - route.durationSeconds) < 1e-6)
                for (a, b) in zip(route.sections, route.sections.dropFirst()) {
                    #expect(a.polyline.last == b.polyline.first, "sections must chain")
                }
                for s in route.sections {
                    let maneuverTotal = s.maneuvers.reduce(0) { $0 + $1.distanceToNextMeters }
                    #expect(abs(maneuverTotal - s.lengthMeters) < 1e-6)
                    var polyLength = 0.0
                    for (p, q) in zip(s.polyline, s.polyline.dropFirst()) where p.levelID == q.levelID {
                        polyLength += p.point.distance(to: q.point)
                    }
                    #expect(polyLength <= s.lengthMeters + 1e-6, "edge lengths are at least the drawn length")
                    #expect(s.maneuvers.first?.action == .depart)
                }
                // Stopovers make sections; pass-throughs do not.
                let stopovers = request.waypoints.filter { !$0.passThrough }.count
                #expect(route.sections.count >= stopovers + 1)
                #expect(route.sections.flatMap(\.passThroughWaypoints).count == request.waypoints.filter(\.passThrough).count)
                // The first stopover has a 60 s wait.
                if request.waypoints.first.map({ !$0.passThrough }) == true {
                    // (sections before it may end at authored transitions)
                    let firstStop = try #require(route.sections.first { $0.transition == nil })
                    #expect(firstStop.postActions == [PostAction(action: .wait, durationSeconds: 60)])
                }
                // Waypoints are visited in order: each appears at its section end in sequence.
                var stopIndex = 0
                for s in route.sections.dropLast() where s.transition == nil {
                    if case .local(let p, _) = request.waypoints.filter({ !$0.passThrough })[safe: stopIndex]?.place {
                        #expect(s.arrival.point.distance(to: p) < 1e-6)
                    }
                    stopIndex += 1
                }
            }
        }
        #expect(checked > 100)
    }

    /// No avoided connector is used when a route without it exists; otherwise it is used with notices.
    @Test func avoidancesAreHonouredOrReported() throws {
        for seed in UInt64(1)...8 {
            let venue = TestVenues.randomGrid(seed: seed, levels: 3, side: 6)
            let router = IndoorRouter(venue: venue)
            var rng = SeededGenerator(seed: seed &* 131)
            for _ in 0..<30 {
                let a = Int.random(in: 0..<venue.graph.nodes.count, using: &rng)
                let b = Int.random(in: 0..<venue.graph.nodes.count, using: &rng)
                let pa = venue.graph.nodes[a], pb = venue.graph.nodes[b]
                var request = RouteRequest(
                    from: .local(pa.point, level: venue.levels[Int(pa.levelIndex)].id),
                    to: .local(pb.point, level: venue.levels[Int(pb.levelIndex)].id))
                request.options.avoid = [.elevator, .stairs]
                let response = try router.route(request)
                let withoutAvoided = referenceDijkstra(venue, from: a, to: b, excluded: [.elevator, .stairs, .driveRamp])
                guard let route = response.route else {
                    #expect(referenceDijkstra(venue, from: a, to: b).isInfinite)
                    continue
                }
                let usedKinds = Set(route.sections.flatMap(\.maneuvers).compactMap { $0.levelChange?.connectorKind })
                let notices = Set(route.sections.flatMap(\.notices).map(\.code))
                if withoutAvoided.isFinite {
                    #expect(usedKinds.isDisjoint(with: [.elevator, .stairs]), "seed \(seed) \(a)→\(b) used \(usedKinds)")
                    #expect(notices.isDisjoint(with: [.violatedAvoidElevator, .violatedAvoidStairs]))
                } else {
                    for kind in usedKinds.intersection([.elevator, .stairs]) {
                        #expect(notices.contains(.violatedAvoid(kind)))
                    }
                }
            }
        }
    }

    /// The route goes to the cheapest of several candidate destinations.
    @Test func cheapestCandidateDestinationWins() throws {
        let venue = TestVenues.randomGrid(seed: 5)
        let router = IndoorRouter(venue: venue)
        var rng = SeededGenerator(seed: 77)
        for _ in 0..<40 {
            let nodes = (0..<4).map { _ in Int.random(in: 0..<venue.graph.nodes.count, using: &rng) }
            let place = { (i: Int) -> Place in
                let n = venue.graph.nodes[i]
                return .local(n.point, level: venue.levels[Int(n.levelIndex)].id)
            }
            let request = RouteRequest(origin: place(nodes[0]), destinations: nodes.dropFirst().map(place))
            let costs = nodes.dropFirst().map { referenceDijkstra(venue, from: nodes[0], to: $0) }
            let response = try router.route(request)
            guard let best = costs.min(), best.isFinite else { continue }
            let route = try #require(response.route)
            #expect(
                abs(costs[route.destinationIndex] - best) < 1e-6,
                "\(nodes) \(costs) chose \(route.destinationIndex) duration \(route.durationSeconds) \(route.polyline.map { "\($0.point.x),\($0.point.y)@\($0.levelID)" })"
            )
        }
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}

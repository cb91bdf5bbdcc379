import IndoorGeometry
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorRouting

@Suite struct TransportAndTransitionTests {
    func nodePlace(_ venue: Venue, _ i: Int) -> Place {
        let n = venue.graph.nodes[i]
        return .local(n.point, level: venue.levels[Int(n.levelIndex)].id)
    }

    /// Car routes on the drivable level are car sections; walking parts get their own sections.
    @Test func vehicleSectionsFollowTheEnableOption() throws {
        let venue = TestVenues.randomGrid(seed: 11)
        let router = IndoorRouter(venue: venue)
        var rng = SeededGenerator(seed: 5)
        var sawHeadSplit = false
        for _ in 0..<60 {
            let a = Int.random(in: 0..<64, using: &rng)  // level 0: drivable
            let b = Int.random(in: 64..<venue.graph.nodes.count, using: &rng)  // upper levels: walking only
            var request = RouteRequest(from: nodePlace(venue, a), to: nodePlace(venue, b))
            request.options.transportMode = .car
            request.options.enableOption = .routeHead
            request.options.vehicleSpeedMetersPerSecond = 4
            let response = try router.route(request)
            guard let route = response.route else { continue }
            let modes = route.sections.map(\.transportMode)
            // Head: zero or more car sections, then pedestrian ones; never car after walking.
            if let firstWalk = modes.firstIndex(of: .pedestrian) { #expect(!modes[firstWalk...].contains(.car)) }
            if modes.first == .car && modes.contains(.pedestrian) { sawHeadSplit = true }
            for (s, t) in zip(route.sections, route.sections.dropFirst()) { #expect(s.polyline.last == t.polyline.first) }
        }
        #expect(sawHeadSplit)

        // Entire route by car to a walking-only level cannot be served: pedestrian fallback with notices.
        var request = RouteRequest(from: nodePlace(venue, 0), to: nodePlace(venue, venue.graph.nodes.count - 1))
        request.options.transportMode = .taxi
        let response = try router.route(request)
        if let route = response.route {
            #expect(route.sections.allSatisfy { $0.transportMode == .pedestrian })
            #expect(response.notices.map(\.code).contains(.violatedEntireRouteCondition))
            #expect(response.notices.map(\.code).contains(.violatedTransportMode))
        }
    }

    /// Routes through an authored transition are split there and the transition is marked; a preferred
    /// transition type is honoured when it can cover every level change, else reported.
    @Test func transitionsSplitSectionsAndPreferenceIsHonoured() throws {
        var honoured = 0, reported = 0, split = 0
        for seed in UInt64(20)...27 {
            let venue = TestVenues.randomGrid(seed: seed)
            let router = IndoorRouter(venue: venue)
            var rng = SeededGenerator(seed: seed)
            for _ in 0..<20 {
                let a = Int.random(in: 0..<192, using: &rng), b = Int.random(in: 0..<192, using: &rng)
                var request = RouteRequest(from: nodePlace(venue, a), to: nodePlace(venue, b))
                request.options.preferredTransitionTypeID = "bridge"
                let response = try router.route(request)
                guard let route = response.route else { continue }
                let kinds = route.sections.flatMap(\.maneuvers).compactMap { $0.levelChange?.connectorKind }
                if response.notices.contains(where: { $0.code == .ignoredPreferredTransitionType }) {
                    reported += 1
                } else {
                    #expect(kinds.allSatisfy { $0 == .ramp }, "preferred transition honoured but used \(kinds)")
                    honoured += 1
                }
                let transitions = route.sections.compactMap(\.transition)
                // Every authored transition splits the route, except one the route ends on.
                let ramps = kinds.filter { $0 == .ramp }.count
                #expect(transitions.count == ramps || transitions.count == ramps - 1)
                for t in transitions { #expect(t.transitionTypeID == "bridge" && t.fromLevelID != t.toLevelID) }
                if !transitions.isEmpty { split += 1 }
            }
        }
        #expect(honoured > 0 && reported > 0 && split > 0, "honoured \(honoured) reported \(reported) split \(split)")
    }

    /// Pass-through waypoints are reported with their offset along the section.
    @Test func passThroughOffset() throws {
        let venue = TestVenues.golden()
        var request = RouteRequest(from: .feature(id: "entrance"), to: .feature(id: "office"))
        request.waypoints = [Waypoint(.local(LocalPoint(x: 20, y: 10), level: "L0"), passThrough: true)]
        let route = try #require(try IndoorRouter(venue: venue).route(request).route)
        #expect(route.sections.count == 1)
        let pass = try #require(route.sections[0].passThroughWaypoints.first)
        #expect(abs(pass.offsetMeters - 30) < 1e-9)  // 20 m east, then 10 m north
        #expect(abs(route.lengthMeters - 71.2) < 1e-9)
    }
}

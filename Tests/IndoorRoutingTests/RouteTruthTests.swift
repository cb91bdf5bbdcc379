import Foundation
import IndoorGeometry
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorRouting

/// Routes say where they really go (issue: building context, end edges, free points, same place,
/// transport changes); each test is one defect found by using the tool as a new user.
@Suite struct RouteTruthTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let campus = root + "/Recordings/venues/campus"

    func campusRouter() throws -> IndoorRouter { IndoorRouter(venue: try VenueLoader.load(path: Self.campus)) }

    /// A router on lane "L0": three waypoints at x = 0, 10 and 20 m along y = 0, joined by `edges`.
    func laneRouter(_ edges: NavEdge...) -> IndoorRouter {
        var b = NavigationGraph.Builder(source: .authored)
        for x in [0.0, 10, 20] { b.addNode(NavNode(point: LocalPoint(x: x, y: 0), levelIndex: 0, kind: .waypoint)) }
        for edge in edges { b.addEdge(edge) }
        let venue = Venue(
            id: "lane", name: LocalizedName(), defaultLanguage: "en",
            frame: LocalFrame(reference: GeoCoordinate(latitudeDegrees: 0, longitudeDegrees: 0)),
            buildings: [], levels: [Level(id: "L0", ordinal: 0)], spaces: [], openings: [], pois: [],
            connectors: [], graph: b.build())
        return IndoorRouter(venue: venue)
    }

    /// The campus footprints: main building x 0–40, library x 48–68 (both y 0–20); the link between
    /// them (x 40–48) belongs to neither.
    @Test func buildingExitAndEntryFollowTheFootprints() throws {
        let router = try campusRouter()
        let route = try #require(try router.route(RouteRequest(from: .feature(id: "am-info"), to: .feature(id: "occ-reading-room"))).route)
        let maneuvers = route.sections.flatMap(\.maneuvers)
        let exit = try #require(maneuvers.first { $0.action == .exitBuilding })
        let entry = try #require(maneuvers.first { $0.action == .enterBuilding })
        #expect(exit.buildingName == "Main building")
        #expect(entry.buildingName == "Library")
        // Leaving the main building happens at its east wall, not inside the library.
        #expect(abs(exit.position.x - 40) < 1.0, "exit at \(exit.position)")
        #expect(abs(entry.position.x - 48) < 1.0, "entry at \(entry.position)")
        let exitIndex = try #require(maneuvers.firstIndex { $0.action == .exitBuilding })
        let entryIndex = try #require(maneuvers.firstIndex { $0.action == .enterBuilding })
        #expect(exitIndex < entryIndex)
        #expect(maneuvers.filter { $0.action == .exitBuilding }.count == 1)
        // The ramp joins two floors of ordinal 0 but climbs 1.2 m (library ground floor, indoornav.json).
        let ramp = try #require(maneuvers.first { $0.levelChange?.connectorKind == .ramp })
        #expect(ramp.levelChange?.deltaZ == 0)
        #expect(abs((ramp.levelChange?.riseMeters ?? 0) - 1.2) < 1e-9)
        #expect(ramp.instruction.hasPrefix("Take the ramp up to"))
        // The legs agree: the part in the link is outside, the rest inside.
        let legs = RouteLegs.legs(of: route, venue: router.venue)
        #expect(legs.first?.context == .insideBuilding && legs.last?.context == .insideBuilding)
        #expect(legs.last?.buildingID == "bldg-library")
    }

    /// polymap's authored graph: from Classroom 104 in the main academic building across the campus to
    /// Classroom 509 in building №3: one exit where the path leaves the first footprint, one entry at
    /// the second, nothing in between (the outdoor path grazes the first footprint's corner).
    @Test func polymapCrossCampusRouteLeavesOnceAndEntersOnce() throws {
        let shared = ProcessInfo.processInfo.environment["INDOORNAV_SHARED_DATA"] ?? Self.root + "/../shared/data"
        let path = shared + "/polymap-imdf/IMDFData"
        guard FileManager.default.fileExists(atPath: path + "/manifest.json") else { return }
        let venue = try VenueLoader.load(path: path)
        let router = IndoorRouter(venue: venue)
        let route = try #require(
            try router.route(
                RouteRequest(
                    from: .feature(id: "e06d1836-a255-476a-8c05-5e67b7dabdce"),
                    to: .feature(id: "94e28af2-e3d2-4f16-a197-5315b4df29f3"))
            ).route)
        let events = route.sections.flatMap(\.maneuvers).filter { $0.action == .exitBuilding || $0.action == .enterBuilding }
        #expect(events.map(\.action) == [.exitBuilding, .enterBuilding])
        #expect(events.first?.buildingName == "Main academic building")
        #expect(events.last?.buildingName == "Academic building №3")
        // Most of the way between them is outdoors.
        let outside = RouteLegs.legs(of: route, venue: venue).filter { $0.context == .outsideOnVenue }
        #expect(outside.reduce(0) { $0 + $1.lengthMeters } > 500)
    }

    /// Between two buildings joined only outdoors: out of A's door at x = 30, into B's at x = 40.
    @Test func outdoorWalksBetweenBuildingsSayWhereTheyLeaveAndEnter() throws {
        let venue = try VenueLoader.load(
            path: UnitReachabilityTests.fixtures + "messy-two-buildings",
            options: VenueLoadOptions(useAuthoredGraph: false))
        let router = IndoorRouter(venue: venue)
        let route = try #require(try router.route(RouteRequest(from: .feature(id: "A1-room-n1"), to: .feature(id: "B0-room-n2"))).route)
        let maneuvers = route.sections.flatMap(\.maneuvers)
        let exit = try #require(maneuvers.first { $0.action == .exitBuilding })
        let entry = try #require(maneuvers.first { $0.action == .enterBuilding })
        #expect(exit.buildingName == "Building A" && entry.buildingName == "Building B")
        #expect(abs(exit.position.x - 30) < 1 && abs(entry.position.x - 40) < 1, "\(exit.position) \(entry.position)")
        let legs = RouteLegs.legs(of: route, venue: venue)
        #expect(legs.contains { $0.context == .outsideOnVenue })
        #expect(legs.first?.buildingID == "A" && legs.last?.buildingID == "B")
    }

    /// A free point in the ground-floor corridor (y 8–12) walks east to the dean's office without
    /// turning back, and is not longer than from 5 m further west minus those 5 m (plus 1 m slack).
    @Test func aFreePointLeavesTowardsTheDestination() throws {
        let router = try campusRouter()
        func route(_ x: Double) throws -> Route {
            try #require(
                try router.route(
                    RouteRequest(
                        from: .local(LocalPoint(x: x, y: 10), level: "lvl-a0"),
                        to: .feature(id: "occ-deans-office"))
                ).route)
        }
        let here = try route(10), west = try route(5)
        #expect(!here.sections.flatMap(\.maneuvers).contains { $0.action == .uTurn })
        #expect(here.lengthMeters <= west.lengthMeters - 5 + 1.0, "\(here.lengthMeters) vs \(west.lengthMeters)")
        #expect(here.sections.first?.polyline.first?.point == LocalPoint(x: 10, y: 10))
    }

    @Test func sameOriginAndDestinationIsAZeroLengthArrival() throws {
        let router = try campusRouter()
        for place in [Place.feature(id: "occ-deans-office"), .local(LocalPoint(x: 12, y: 9), level: "lvl-a1")] {
            let route = try #require(try router.route(RouteRequest(from: place, to: place)).route)
            #expect(route.lengthMeters == 0 && route.durationSeconds == 0)
            let actions = route.sections.flatMap(\.maneuvers).map(\.action)
            #expect(actions.first == .depart && actions.last == .arrive)
            #expect(!actions.contains(.uTurn))
        }
    }

    /// A car may not use a pedestrian-only edge to reach the graph: the part of the end edge it would
    /// use counts like any edge, so only a walking route exists (with the entire-route notice).
    @Test func partlyUsedEndEdgesRespectTransportModes() throws {
        let router = laneRouter(
            NavEdge(from: 0, to: 1, kind: .walkway, lengthMeters: 10, modes: .all),
            NavEdge(from: 1, to: 2, kind: .walkway, lengthMeters: 10, modes: .pedestrian))
        // Start half-way along the pedestrian-only edge, end on the shared one.
        var request = RouteRequest(from: .local(LocalPoint(x: 15, y: 0.2), level: "L0"), to: .local(LocalPoint(x: 3, y: 0.2), level: "L0"))
        request.options.transportMode = .car
        let response = try router.route(request)
        let route = try #require(response.route)
        #expect(response.notices.map(\.code).contains(.violatedEntireRouteCondition))
        #expect(route.sections.allSatisfy { $0.transportMode == .pedestrian })
        // The same trip inside the shared edge is a car route without notices.
        request.origin = .local(LocalPoint(x: 8, y: 0.2), level: "L0")
        let car = try router.route(request)
        #expect(car.route?.sections.map(\.transportMode) == [.car])
        #expect(!car.notices.map(\.code).contains(.violatedEntireRouteCondition))
    }

    /// Drive-then-walk routes on the random grid (level 0 drivable): the car section ends by leaving the
    /// vehicle, and only the last section arrives.
    @Test func aTransportChangeIsNotAnArrival() throws {
        let venue = TestVenues.randomGrid(seed: 11)
        let router = IndoorRouter(venue: venue)
        var checked = 0
        for (a, b) in [(3, 100), (10, 150), (20, 120), (5, 180), (30, 90)] where b < venue.graph.nodes.count {
            let na = venue.graph.nodes[a], nb = venue.graph.nodes[b]
            var request = RouteRequest(
                from: .local(na.point, level: venue.levels[Int(na.levelIndex)].id),
                to: .local(nb.point, level: venue.levels[Int(nb.levelIndex)].id))
            request.options.transportMode = .car
            request.options.enableOption = .routeHead
            guard let route = try router.route(request).route, route.sections.count >= 2,
                route.sections.first?.transportMode == .car
            else { continue }
            checked += 1
            let ends = route.sections.map { $0.maneuvers.last?.action }
            #expect(ends.last == .arrive)
            #expect(!ends.dropLast().contains(.arrive), "\(ends)")
            let carEnd = try #require(route.sections.first?.maneuvers.last)
            #expect(carEnd.action == .changeTransport && carEnd.instruction == "Leave the vehicle and continue on foot")
        }
        #expect(checked >= 1)
    }

    /// The accessible mode may not start along an inaccessible end edge, and an avoided connector is not
    /// used partly either: the place is then reached only where the edge may be used.
    @Test func partlyUsedEndEdgesRespectAccessibilityAndAvoidances() throws {
        let router = laneRouter(
            NavEdge(from: 0, to: 1, kind: .walkway, lengthMeters: 10),
            NavEdge(from: 1, to: 2, kind: .connector(.ramp), lengthMeters: 10, isAccessible: false))
        // Half-way along the inaccessible ramp edge, 5 m from either node.
        var request = RouteRequest(from: .local(LocalPoint(x: 15, y: 0.2), level: "L0"), to: .local(LocalPoint(x: 2, y: 0.2), level: "L0"))
        #expect(try router.route(request).route != nil)
        request.options.directionMode = "accessible"
        let accessible = try router.route(request)
        #expect(accessible.route == nil)
        #expect(accessible.notices.map(\.code) == [.noRouteFound])
        // Avoiding ramps: the only way is along it, so the route uses it with the section notice.
        request.options.directionMode = nil
        request.options.avoid = [.ramp]
        let avoiding = try router.route(request)
        let route = try #require(avoiding.route)
        #expect(
            route.sections.flatMap(\.notices).map(\.code).contains(.violatedAvoidRamp)
                || avoiding.notices.map(\.code).contains(.violatedAvoidRamp))
    }

    @Test func coordinateErrorsSayWhatIsWrong() throws {
        #expect(throws: Place.SyntaxError(text: "nan,1@L", reason: "x 'nan' is not a finite number")) { try Place.parsing("nan,1@L") }
        #expect(throws: Place.SyntaxError(text: "3,abc@L", reason: "y 'abc' is not a number")) { try Place.parsing("3,abc@L") }
        #expect(throws: Place.SyntaxError(text: "3,4@", reason: "no level after '@'")) { try Place.parsing("3,4@") }
        #expect(throws: Place.SyntaxError(text: "geo:91,0@0", reason: "latitude 91 is outside -90...90")) {
            try Place.parsing("geo:91,0@0")
        }
        #expect(try Place.parsing("3,-4.5@lvl-a0") == .local(LocalPoint(x: 3, y: -4.5), level: "lvl-a0"))
        #expect(try Place.parsing("room@home") == .feature(id: "room@home"))
    }

    /// `--level`-style references in places: an ambiguous ordinal names its candidates.
    @Test func anAmbiguousLevelIsReportedWithItsCandidates() throws {
        let router = try campusRouter()
        let response = try router.route(
            RouteRequest(from: .local(LocalPoint(x: 5, y: 10), level: "0"), to: .feature(id: "occ-deans-office")))
        #expect(response.route == nil)
        let details = try #require(response.notices.first?.details)
        #expect(details.contains("ambiguous") && details.contains("lvl-a0") && details.contains("lvl-b0"))
    }
}

/// Units with openings and whether routes reach them (`indoornav bench reach`).
@Suite struct UnitReachabilityTests {
    static let fixtures = RouteTruthTests.root + "/Tests/IndoorVenueTests/Fixtures/"

    @Test(arguments: [
        "messy-offset-connectors", "messy-shared-ordinal", "messy-tall-stair", "messy-openings",
        "messy-touching-walkways", "messy-no-corridors", "messy-broken-features", "messy-two-buildings", "messy-traversal",
    ])
    func everyUnitOfAMessyFixtureIsReachable(_ name: String) throws {
        let venue = try VenueLoader.load(path: Self.fixtures + name, options: VenueLoadOptions(useAuthoredGraph: false))
        let reach = UnitReachability(index: RoutingIndex(venue: venue))
        // Every fixture has at least six units with doors.
        #expect(reach.units.count >= 6)
        #expect(reach.unreachable.isEmpty, "\(reach.unreachable.map { "\($0.id): \($0.reason.map { "\($0)" } ?? "")" })")
        // Routes between the first and last unit exist both ways.
        let router = IndoorRouter(index: RoutingIndex(venue: venue))
        let a = try #require(reach.units.first?.id), b = try #require(reach.units.last?.id)
        #expect(try router.route(RouteRequest(from: .feature(id: a), to: .feature(id: b))).route != nil)
        #expect(try router.route(RouteRequest(from: .feature(id: b), to: .feature(id: a))).route != nil)
    }

    /// A unit whose only door is drawn 3 m away opens into nothing: unreachable, with that reason.
    @Test func aDoorTooFarOffIsTheReason() throws {
        let venue = try VenueLoader.load(path: Self.fixtures + "messy-openings", options: VenueLoadOptions(useAuthoredGraph: false))
        // Rebuild the venue with south room 0's door moved 3 m down into the room.
        let openings = venue.openings.map { o -> Opening in
            guard o.id == "door-s0" else { return o }
            var moved = o
            moved.line = Polyline(o.line.points.map { LocalPoint(x: $0.x, y: $0.y - 3.5) })
            return moved
        }
        let edited = Venue(
            id: venue.id, name: venue.name, defaultLanguage: venue.defaultLanguage, frame: venue.frame,
            buildings: venue.buildings, levels: venue.levels, spaces: venue.spaces, openings: openings,
            pois: venue.pois, connectors: venue.connectors, graph: .empty)
        let derived = GraphDerivation.derive(edited)
        let reach = UnitReachability(index: RoutingIndex(venue: edited.replacingGraph(derived.graph)))
        let unit = try #require(reach.units.first { $0.id == "room-s0" })
        #expect(!unit.isReachable)
        // The door line now lies 3 m inside the room: it opens into the room only.
        #expect(reach.unreachable.map(\.id) == ["room-s0"])
        #expect(unit.reason == .openingsLeadNowhere(openings: 1))
    }
}

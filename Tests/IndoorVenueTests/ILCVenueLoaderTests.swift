import Foundation
import IndoorGeometry
import Testing

@testable import IndoorVenue

@Suite struct ILCVenueLoaderTests {
    /// Two floors with different boxes: B1 larger and offset south-west of F1.
    func twoFloorSite() throws -> (ILCSiteFixture, [ILCSiteFixture.Floor]) {
        let site = try ILCSiteFixture()
        let center = ILCSiteFixture.mercator(lon: 120.07505, lat: 30.29305)
        let shops = [
            ILCSiteFixture.shop(
                id: "shop-a", name: "Coffee &amp; Tea", lon: 120.0750, lat: 30.2930,
                pointText: "[\(center.x), \(center.y)]"),
            ILCSiteFixture.shop(id: "shop-b", name: "", lon: 120.0752, lat: 30.2932),
        ]
        let f1 = ILCSiteFixture.Floor(name: "F1", shops: shops)
        let b1 = ILCSiteFixture.Floor(
            name: "B1", lonMin: 120.0735, latMin: 30.2920, lonMax: 120.0768, latMax: 30.2941,
            widthText: "320.07", heightText: "231.77")
        try site.write(f1)
        try site.write(b1)
        return (site, [f1, b1])
    }

    @Test func detectsILCFolders() throws {
        let (site, _) = try twoFloorSite()
        defer { site.remove() }
        #expect(ILCVenueLoader.isILCFolder(site.path))
        #expect(!ILCVenueLoader.isILCFolder(site.path + "/F1"))
        #expect(!ILCVenueLoader.isILCFolder(site.path + "/F1/floor_info.json"))
        #expect(!ILCVenueLoader.isILCFolder(site.path + "/nowhere"))
    }

    @Test func levelsFromFolderNames() throws {
        let (site, _) = try twoFloorSite()
        defer { site.remove() }
        let venue = try ILCVenueLoader.load(path: site.path)
        #expect(venue.levels.map(\.id) == ["B1", "F1"])
        #expect(venue.levels.map(\.ordinal) == [-1, 0])
        #expect(venue.levels.map(\.floorNumber) == [-1, 1])
        #expect(venue.levels[1].shortName.resolved() == "F1")
        #expect(venue.levels[1].name.resolved() == "F1")
        #expect(venue.levels[1].externalIDs == ["CODE-F1"])
        #expect(venue.id == site.root.lastPathComponent)
        #expect(venue.graph.nodes.isEmpty)
    }

    @Test func bboxCornersMapToFloorCornersWithinOneMillimetre() throws {
        let (site, floors) = try twoFloorSite()
        defer { site.remove() }
        let venue = try ILCVenueLoader.load(path: site.path)
        for floor in floors {
            let level = try venue.level(floor.name)
            let frame = try #require(level.floorFrame)
            let box = try #require(level.outline).bounds
            let width = try #require(Double(floor.widthText)), height = try #require(Double(floor.heightText))
            let corners = [
                (box.minX, box.minY, 0.0, 0.0), (box.maxX, box.minY, width, 0.0),
                (box.minX, box.maxY, 0.0, height), (box.maxX, box.maxY, width, height),
            ]
            for (x, y, fx, fy) in corners {
                let f = frame.floorCoordinates(of: LocalPoint(x: x, y: y))
                #expect(abs(f.x - fx) < 0.001 && abs(f.y - fy) < 0.001, "\(floor.name): (\(f.x), \(f.y)) vs (\(fx), \(fy))")
            }
        }
    }

    @Test func floorOriginIsTheGeodesicSouthWestCorner() throws {
        let (site, floors) = try twoFloorSite()
        defer { site.remove() }
        let venue = try ILCVenueLoader.load(path: site.path)
        // The venue reference is the south-west corner of the union of the boxes: B1's.
        #expect(abs(venue.frame.reference.longitudeDegrees - 120.0735) < 1e-12)
        #expect(abs(venue.frame.reference.latitudeDegrees - 30.2920) < 1e-12)
        for floor in floors {
            let frame = try #require(try venue.level(floor.name).floorFrame)
            let southWest = venue.frame.localPoint(from: GeoCoordinate(latitudeDegrees: floor.latMin, longitudeDegrees: floor.lonMin))
            #expect(frame.originInVenue.distance(to: southWest) < 0.001)
            // The north-east corner through the floor frame agrees with the geodesic conversion to 1 cm.
            let northEast = venue.frame.localPoint(from: GeoCoordinate(latitudeDegrees: floor.latMax, longitudeDegrees: floor.lonMax))
            let width = try #require(Double(floor.widthText)), height = try #require(Double(floor.heightText))
            #expect(frame.venuePoint(floorX: width, floorY: height).distance(to: northEast) < 0.01)
        }
        // F1's origin sits east and north of the reference by its box offset: about 48 m and 44 m.
        let f1 = try #require(try venue.level("F1").floorFrame)
        #expect(abs(f1.originInVenue.x - 0.0005 * 111_320 * cos(30.2920 * Double.pi / 180)) < 0.5)
        #expect(abs(f1.originInVenue.y - 0.0004 * 110_860) < 0.5)
    }

    @Test func pointRoundTripsThroughFloorFrame() throws {
        let (site, _) = try twoFloorSite()
        defer { site.remove() }
        let venue = try ILCVenueLoader.load(path: site.path)
        let frame = try #require(try venue.level("F1").floorFrame)
        for (x, y) in [(0.0, 0.0), (75.19962, 91.212906), (240.5, 176.25), (-3.5, 300.0)] {
            let v = frame.venuePoint(floorX: x, floorY: y)
            let back = frame.floorCoordinates(of: v)
            #expect(abs(back.x - x) < 1e-9 && abs(back.y - y) < 1e-9)
        }
    }

    @Test func shopsBecomeNonWalkableSpacesAndNamedOnesPOIs() throws {
        let (site, _) = try twoFloorSite()
        defer { site.remove() }
        let venue = try ILCVenueLoader.load(path: site.path)
        let shopA = try venue.space("shop-a")
        #expect(shopA.category == "shop")
        #expect(!shopA.isWalkable)
        #expect(shopA.levelID == "F1")
        #expect(try venue.space("shop-b").isWalkable == false)
        #expect(try venue.space("F1-floor-1").isWalkable)
        // Only the named shop is a POI, at its web-Mercator point (the square's centre).
        #expect(venue.pois.map(\.id) == ["shop-a"])
        let poi = try venue.poi("shop-a")
        #expect(poi.spaceID == "shop-a")
        // The site writes names for HTML; the venue holds the text itself.
        #expect(poi.name.resolved() == "Coffee & Tea")
        let expected = venue.frame.localPoint(from: GeoCoordinate(latitudeDegrees: 30.29305, longitudeDegrees: 120.07505))
        #expect(poi.position.distance(to: expected) < 0.01)
        // A shop vertex lands where the geodesic conversion puts it, to 1 cm.
        let vertex = venue.frame.localPoint(from: GeoCoordinate(latitudeDegrees: 30.2930, longitudeDegrees: 120.0750))
        #expect(shopA.polygon.exterior.contains { $0.distance(to: vertex) < 0.01 })
        #expect(venue.issues.filter { $0.severity == .error }.isEmpty)
    }

    @Test func pointOutsideTheShopFallsBackToTheCentroid() throws {
        let site = try ILCSiteFixture()
        defer { site.remove() }
        let far = ILCSiteFixture.mercator(lon: 120.0760, lat: 30.2935)
        try site.write(
            ILCSiteFixture.Floor(
                name: "F2",
                shops: [
                    ILCSiteFixture.shop(id: "s", name: "Shoes", lon: 120.0750, lat: 30.2930, pointText: "[\(far.x), \(far.y)]")
                ]))
        let venue = try ILCVenueLoader.load(path: site.path)
        let centre = venue.frame.localPoint(from: GeoCoordinate(latitudeDegrees: 30.29305, longitudeDegrees: 120.07505))
        #expect(try venue.poi("s").position.distance(to: centre) < 0.01)
        #expect(venue.issues.contains { $0.location.field == "point" && $0.severity == .warning })
        #expect(try venue.level("F2").ordinal == 1)
    }

    @Test func unknownFloorNamesGetAWarningAndOrdinalsAboveKnownOnes() throws {
        let site = try ILCSiteFixture()
        defer { site.remove() }
        for name in ["F1", "L3", "P2"] { try site.write(ILCSiteFixture.Floor(name: name)) }
        let venue = try ILCVenueLoader.load(path: site.path)
        #expect(try venue.level("F1").ordinal == 0)
        #expect(try venue.level("L3").ordinal == 1)
        #expect(try venue.level("P2").ordinal == 2)
        #expect(try venue.level("L3").floorNumber == nil)
        let warned = venue.issues.filter { $0.severity == .warning }.map { URL(fileURLWithPath: $0.location.file).lastPathComponent }
        #expect(Set(warned) == ["L3", "P2"])
    }

    @Test func multiPartOutlineKeepsEveryPartAsWalkableSpace() throws {
        let site = try ILCSiteFixture()
        defer { site.remove() }
        let big = "[[[120.0740,30.2924],[120.0760,30.2924],[120.0760,30.2940],[120.0740,30.2940]]]"
        let small = "[[[120.0760,30.2930],[120.0766,30.2930],[120.0766,30.2935],[120.0760,30.2935]]]"
        let map =
            "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"geometry\":{\"type\":\"MultiPolygon\","
            + "\"coordinates\":[\(small),\(big)]},\"properties\":{\"type\":\"floor\",\"floor_num\":1}}]}"
        try site.write(ILCSiteFixture.Floor(name: "F1"), map: map)
        let venue = try ILCVenueLoader.load(path: site.path)
        let level = try venue.level("F1")
        // The outline covers both parts (joined by a zero-width bridge) and nothing between or beyond.
        let outline = try #require(level.outline)
        let frame = try #require(level.floorFrame)
        func at(_ lon: Double, _ lat: Double) -> LocalPoint {
            venue.frame.localPoint(from: GeoCoordinate(latitudeDegrees: lat, longitudeDegrees: lon))
        }
        #expect(outline.contains(at(120.0750, 30.2932)))
        #expect(outline.contains(at(120.0763, 30.29325)))
        #expect(!outline.contains(at(120.0763, 30.2938)))
        #expect(!outline.contains(at(120.0763, 30.2926)))
        #expect(!outline.contains(at(120.0770, 30.2932)))
        let bigWidth = at(120.0760, 30.2940).x - at(120.0740, 30.2940).x, bigHeight = at(120.0740, 30.2940).y - at(120.0740, 30.2924).y
        let smallArea = (at(120.0766, 30.2930).x - at(120.0760, 30.2930).x) * (at(120.0760, 30.2935).y - at(120.0760, 30.2930).y)
        #expect(abs(outline.areaSquareMeters - (bigWidth * bigHeight + smallArea)) < 0.01 * (bigWidth * bigHeight + smallArea))
        // The floor frame's box spans both parts.
        #expect(abs(frame.floorCoordinates(of: LocalPoint(x: outline.bounds.maxX, y: 0)).x - 240.5) < 0.001)
        #expect(venue.spaces.filter { $0.isWalkable }.count == 2)
        #expect(venue.issues.isEmpty)
    }
}

@Suite struct ILCOutlineJoinTests {
    func square(_ x: Double, _ y: Double, _ side: Double, clockwise: Bool = false) -> Polygon {
        let ring = [
            LocalPoint(x: x, y: y), LocalPoint(x: x + side, y: y), LocalPoint(x: x + side, y: y + side),
            LocalPoint(x: x, y: y + side),
        ]
        return Polygon(exterior: clockwise ? ring.reversed() : ring)
    }

    @Test func disjointPartsJoinIntoOneRing() throws {
        let joined = try #require(ILCOutlineJoin.join([square(0, 0, 10), square(25, 3, 4, clockwise: true), square(-20, 0, 5)]))
        #expect(abs(joined.areaSquareMeters - (100 + 16 + 25)) < 1e-9)
        for p in [LocalPoint(x: 5, y: 5), LocalPoint(x: 27, y: 5), LocalPoint(x: -17, y: 2)] { #expect(joined.contains(p)) }
        for p in [LocalPoint(x: 18, y: 5), LocalPoint(x: 27, y: 9), LocalPoint(x: -5, y: 2), LocalPoint(x: 5, y: 12)] {
            #expect(!joined.contains(p))
        }
    }

    @Test func overlappingPartsAreNotJoined() {
        #expect(ILCOutlineJoin.join([square(0, 0, 10), square(5, 5, 10)]) == nil)
        #expect(ILCOutlineJoin.join([square(0, 0, 10), square(2, 2, 3)]) == nil)
    }
}

@Suite struct ILCVenueFormatTests {
    @Test func formatDetectsAndLoadsWithGraphOptions() throws {
        let site = try ILCSiteFixture()
        defer { site.remove() }
        try site.write(ILCSiteFixture.Floor(name: "F1"))
        #expect(VenueFormat.ilc.detect(site.path) == site.path)
        #expect(VenueFormat.ilc.detect(site.path + "/F1") == nil)
        // With no authored graph, the venue goes through graphWhenNoneAuthored.
        let options = VenueLoadOptions(graphWhenNoneAuthored: { venue in
            var builder = NavigationGraph.Builder(source: .derived)
            builder.addNode(NavNode(point: .zero, levelIndex: 0))
            return venue.replacingGraph(builder.build())
        })
        let venue = try VenueFormat.ilc.load(site.path, options)
        #expect(venue.graph.nodes.count == 1 && venue.graph.source == .derived)
        #expect(venue.levels.map(\.id) == ["F1"])
    }
}

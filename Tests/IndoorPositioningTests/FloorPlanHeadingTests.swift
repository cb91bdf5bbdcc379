import Foundation
import IndoorGeometry
import IndoorVenue
import Testing

@testable import IndoorPositioning

/// Main directions of a floor plan and the heading alignment that uses them.
@Suite struct FloorPlanHeadingTests {
    static let degree = Double.pi / 180

    /// A point at `distance` along heading `angle` (clockwise from north) from `origin`.
    static func point(_ origin: LocalPoint, _ angle: Double, _ distance: Double) -> LocalPoint {
        LocalPoint(x: origin.x + distance * sin(angle), y: origin.y + distance * cos(angle))
    }

    /// A rectangle `width` × `depth` m whose sides run along `axis` and `axis` + 90°, corner at `origin`.
    static func rectangle(axis: Double, width: Double, depth: Double, origin: LocalPoint = .zero) -> Polygon {
        let a = origin
        let b = point(a, axis + .pi / 2, width)
        let c = point(b, axis, depth)
        let d = point(a, axis, depth)
        return Polygon(exterior: [a, b, c, d])
    }

    /// One level: a large open hall (outline) whose walls run along `axis`, with a few shop rectangles.
    static func venue(axis: Double, outline: Polygon? = nil) -> Venue {
        let hall = outline ?? rectangle(axis: axis, width: 200, depth: 200, origin: LocalPoint(x: -100, y: -100))
        let shops = (0..<4).map { i in
            Space(
                id: "shop\(i)", category: "room",
                polygon: rectangle(axis: axis, width: 8, depth: 6, origin: LocalPoint(x: -90 + 12 * Double(i), y: -90)),
                levelID: "L0", isWalkable: false)
        }
        return Venue(
            id: "hall", name: LocalizedName(), defaultLanguage: "en",
            frame: LocalFrame(reference: GeoCoordinate(latitudeDegrees: 0, longitudeDegrees: 0)),
            buildings: [], levels: [Level(id: "L0", ordinal: 0, outline: hall)], spaces: outline == nil ? shops : [],
            openings: [], pois: [], connectors: [], graph: .empty)
    }

    @Test(arguments: [0.0, 11.3, 20, 47, 89.5])
    func axisOfARotatedPlan(degrees: Double) throws {
        let directions = DominantDirections(venue: Self.venue(axis: degrees * Self.degree))
        let axis = try #require(directions.axisRadians[0])
        // Folded into [0°, 90°): 89.5° may come back as −0.5° + 90°, which is the same axis.
        let difference = remainder(axis - degrees * Self.degree, Double.pi / 2)
        #expect(abs(difference) < 1e-9, "axis \(axis / Self.degree)° for a plan at \(degrees)°")
        #expect(directions.share[0] > 0.99)
    }

    @Test func aRoundPlanHasNoAxis() {
        // A 36-gon: edge directions spread evenly, so no ±5° window holds 35 % of the length.
        let ring = (0..<36).map { i in Self.point(.zero, Double(i) * 10 * Self.degree + 0.1, 50) }
        let directions = DominantDirections(venue: Self.venue(axis: 0, outline: Polygon(exterior: ring)))
        #expect(directions.axisRadians[0] == nil)
        #expect(directions.share[0] == 0)
        #expect(directions.nearest(toHeading: 0.1, levelIndex: 0) == nil)
    }

    @Test func nearestDirectionAndSignedDifference() throws {
        let directions = DominantDirections(venue: Self.venue(axis: 20 * Self.degree))
        let axis = try #require(directions.axisRadians[0])
        let a = try #require(directions.nearest(toHeading: axis + 0.05, levelIndex: 0))
        #expect(abs(a.directionRadians - axis) < 1e-12)
        #expect(abs(a.differenceRadians + 0.05) < 1e-12)
        // 2.0 rad is nearest to axis + 90° (≈ 1.92 rad): the difference is negative.
        let b = try #require(directions.nearest(toHeading: 2.0, levelIndex: 0))
        #expect(abs(b.directionRadians - (axis + .pi / 2)) < 1e-12)
        #expect(abs(b.differenceRadians - (axis + .pi / 2 - 2.0)) < 1e-12)
        #expect(directions.nearest(toHeading: 0, levelIndex: 3) == nil)
        #expect(directions.nearest(toHeading: .nan, levelIndex: 0) == nil)
    }

    /// The Kalman filter's alignment alone: the particle map matcher (which would carry the bias) off.
    static let kalmanOnly: FusionConfiguration = {
        var configuration = FusionConfiguration.standard
        configuration.mapMatching = nil
        return configuration
    }()

    /// Walks 60 steps due north (the hall's axis) with every raw heading `errorDegrees` off.
    func walkNorth(errorDegrees: Double, configuration: FusionConfiguration) throws -> FusionEngine {
        let venue = Self.venue(axis: 0)
        var configuration = configuration
        configuration.mapMatching = nil
        let engine = try FusionEngineTests.started(at: LocalPoint(x: 0, y: -40), sigma: 0.2, configuration: configuration, venue: venue)
        for i in 1...60 {
            engine.predict(with: FusionEngineTests.step(Double(i) * 0.55, heading: errorDegrees * Self.degree, length: 0.7))
        }
        return engine
    }

    @Test func aStraightWalkLearnsTheHeadingError() throws {
        let aligned = try walkNorth(errorDegrees: 8, configuration: .standard)
        var off = FusionConfiguration.standard
        off.alignHeadingToFloorPlan = false
        let free = try walkNorth(errorDegrees: 8, configuration: off)
        // 15 windows of 4 steps; each measures the bias as −8° (z = d − h̄). The bias is a random walk
        // the steps do not otherwise touch, so its estimate follows a scalar Kalman recursion exactly.
        #expect(aligned.statistics.headingAlignments == 15)
        let c = FusionConfiguration.standard
        var expected = 0.0, variance = c.initialHeadingBiasSigmaRadians * c.initialHeadingBiasSigmaRadians
        let r = c.floorPlanHeadingSigmaRadians * c.floorPlanHeadingSigmaRadians
        for i in 1...60 {
            variance += c.headingBiasRandomWalkRadiansPerStep * c.headingBiasRandomWalkRadiansPerStep
            if i % 4 == 0 {
                let gain = variance / (variance + r)
                expected += gain * (-8 * Self.degree - expected)
                variance *= 1 - gain
            }
        }
        let bias = try #require(aligned.calibration?.headingBiasRadians)
        #expect(abs(bias - expected) < 1e-9, "bias \(bias / Self.degree)°, expected \(expected / Self.degree)°")
        #expect(bias < -6 * Self.degree)
        #expect(free.statistics.headingAlignments == 0)
        #expect(free.calibration?.headingBiasRadians == 0)
        // 42 m walked: 8° off puts the free track 5.8 m east; the aligned one stays much closer.
        let freeEast = try #require(free.point?.x)
        let alignedEast = try #require(aligned.point?.x)
        #expect(abs(freeEast - 42 * sin(8 * Self.degree)) < 0.01)
        #expect(abs(alignedEast) < 0.4 * freeEast, "aligned \(alignedEast) m, free \(freeEast) m east")
    }

    @Test func aWalkFarFromEveryMainDirectionIsLeftAlone() throws {
        // 30° off the axis is outside the 15° capture: a diagonal walk is taken as meant.
        let engine = try walkNorth(errorDegrees: 30, configuration: .standard)
        #expect(engine.statistics.headingAlignments == 0)
        #expect(engine.calibration?.headingBiasRadians == 0)
    }

    @Test func aWindingWalkIsNotAligned() throws {
        let engine = try FusionEngineTests.started(
            at: LocalPoint(x: 0, y: -40), sigma: 0.2, configuration: Self.kalmanOnly,
            venue: Self.venue(axis: 0))
        for i in 1...40 {
            // ±20° zig-zag: never four steps within 10° of their mean.
            let heading = (i % 2 == 0 ? 20.0 : -20.0) * Self.degree
            engine.predict(with: FusionEngineTests.step(Double(i) * 0.55, heading: heading))
        }
        #expect(engine.statistics.headingAlignments == 0)
    }

    @Test func withoutAVenueNothingIsAligned() throws {
        let engine = try FusionEngineTests.started()
        for i in 1...20 { engine.predict(with: FusionEngineTests.step(Double(i) * 0.55, heading: 5 * Self.degree)) }
        #expect(engine.statistics.headingAlignments == 0)
    }
}

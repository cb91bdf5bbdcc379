import Foundation
import IndoorGeometry
import IndoorVenue
import Testing

@testable import IndoorPositioning

/// Steps into walls or out of the building stay in walkable space (the Kalman filter's wall correction,
/// used when the particle map matcher is off).
@Suite struct FusionMapTests {
    /// The engine's configuration with the wall correction instead of the map matcher.
    static func wallCorrecting() throws -> FusionConfiguration {
        var configuration = FusionConfiguration.standard
        configuration.mapMatching = nil
        return configuration
    }

    /// A 10 m square level walked on its outline, with a non-walkable block x 5…6, y 0…8 (a wall).
    static func venue() -> Venue {
        let square = Polygon(exterior: [LocalPoint(x: 0, y: 0), LocalPoint(x: 10, y: 0), LocalPoint(x: 10, y: 10), LocalPoint(x: 0, y: 10)])
        let wall = Polygon(exterior: [LocalPoint(x: 5, y: 0), LocalPoint(x: 6, y: 0), LocalPoint(x: 6, y: 8), LocalPoint(x: 5, y: 8)])
        let level = Level(id: "L0", ordinal: 0, outline: square)
        let space = Space(id: "wall", category: "structure", polygon: wall, levelID: "L0", isWalkable: false)
        return Venue(
            id: "box", name: LocalizedName(), defaultLanguage: "en",
            frame: LocalFrame(reference: GeoCoordinate(latitudeDegrees: 0, longitudeDegrees: 0)),
            buildings: [], levels: [level], spaces: [space], openings: [], pois: [], connectors: [], graph: .empty)
    }

    @Test func venueFixtureIsWhatTheTestsAssume() {
        let venue = Self.venue()
        #expect(venue.spatialIndex.isWalkable(LocalPoint(x: 4, y: 4), levelIndex: 0))
        #expect(!venue.spatialIndex.isWalkable(LocalPoint(x: 5.5, y: 4), levelIndex: 0))
        #expect(!venue.spatialIndex.isWalkable(LocalPoint(x: 11, y: 4), levelIndex: 0))
    }

    @Test func stepIntoAWallStaysWalkable() throws {
        let venue = Self.venue()
        let engine = try FusionEngineTests.started(
            at: LocalPoint(x: 4.5, y: 4), sigma: 0.2, configuration: Self.wallCorrecting(), venue: venue)
        // 1.5 m due east would end at (6.0, 4) on the wall's far edge or inside it.
        for i in 1...3 { engine.predict(with: FusionEngineTests.step(Double(i), heading: .pi / 2, length: 0.5)) }
        let p = try #require(engine.point)
        #expect(venue.spatialIndex.isWalkable(p, levelIndex: 0), "ended at \(p)")
        #expect(p.x < 5, "crossed the wall: \(p)")
        #expect(engine.statistics.wallCorrections >= 1)
    }

    @Test func stepOutOfTheBuildingStaysInside() throws {
        let venue = Self.venue()
        let engine = try FusionEngineTests.started(
            at: LocalPoint(x: 9.5, y: 9.5), sigma: 0.2, configuration: Self.wallCorrecting(), venue: venue)
        for i in 1...4 { engine.predict(with: FusionEngineTests.step(Double(i), heading: 0, length: 0.7)) }
        let p = try #require(engine.point)
        #expect(venue.spatialIndex.isWalkable(p, levelIndex: 0), "ended at \(p)")
        #expect(p.y <= 10)
    }

    @Test func withoutTheConstraintTheStepCrossesTheWall() throws {
        let venue = Self.venue()
        var configuration = try FusionConfiguration { $0.constrainToWalkableArea = false }
        configuration.mapMatching = nil
        let engine = try FusionEngineTests.started(at: LocalPoint(x: 4.5, y: 4), sigma: 0.2, configuration: configuration, venue: venue)
        for i in 1...3 { engine.predict(with: FusionEngineTests.step(Double(i), heading: .pi / 2, length: 0.5)) }
        let p = try #require(engine.point)
        // 4.5 + 3 × 0.5 = 6.0 east: the unconstrained filter does walk into the wall's edge.
        #expect(abs(p.x - 6) < 1e-9)
        #expect(engine.statistics.wallCorrections == 0)
    }
}

import Foundation
import IndoorConfiguration
import IndoorGeometry
import Testing

@testable import IndoorPositioning
@testable import IndoorVenue

/// The particle map matcher: the floor-plan raster it weighs on, its configuration, and what it does to
/// a biased walk down a corridor.
@Suite struct MapMatchingTests {
    /// A hall 40 m × 12 m walked on its outline, with two rows of shops (non-walkable) leaving a corridor
    /// y 4…8 along x, and a pillar (a hole-free square) at x 20…21 inside the lower row.
    static func corridorVenue() -> Venue {
        func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Polygon {
            Polygon(exterior: [LocalPoint(x: x0, y: y0), LocalPoint(x: x1, y: y0), LocalPoint(x: x1, y: y1), LocalPoint(x: x0, y: y1)])
        }
        let level = Level(id: "L0", ordinal: 0, outline: box(0, 0, 40, 12))
        let shops = [
            Space(id: "south", category: "shop", polygon: box(0, 0, 40, 4), levelID: "L0", isWalkable: false),
            Space(id: "north", category: "shop", polygon: box(0, 8, 40, 12), levelID: "L0", isWalkable: false),
        ]
        return Venue(
            id: "mall", name: LocalizedName(), defaultLanguage: "en",
            frame: LocalFrame(reference: GeoCoordinate(latitudeDegrees: 0, longitudeDegrees: 0)),
            buildings: [], levels: [level], spaces: shops, openings: [], pois: [], connectors: [], graph: .empty)
    }

    // MARK: - Walkability and its raster

    @Test func walkabilityTellsOpenFloorFromObstaclesAndOutside() {
        let index = Self.corridorVenue().spatialIndex
        #expect(index.walkability(at: LocalPoint(x: 10, y: 6), levelIndex: 0) == .open)
        #expect(index.walkability(at: LocalPoint(x: 10, y: 2), levelIndex: 0) == .obstacle)
        #expect(index.walkability(at: LocalPoint(x: 10, y: 10), levelIndex: 0) == .obstacle)
        #expect(index.walkability(at: LocalPoint(x: 50, y: 6), levelIndex: 0) == .outside)
        #expect(index.walkability(at: LocalPoint(x: 10, y: 6), levelIndex: 7) == .outside)
        // isWalkable keeps its older rule: shops inside a walked outline are not walkable either.
        #expect(!index.isWalkable(LocalPoint(x: 10, y: 2), levelIndex: 0))
    }

    /// The raster agrees with the spatial index at cell centres everywhere, on a venue with holes,
    /// several levels and walkable rooms (the bundled campus) and on the corridor hall.
    @Test(arguments: ["campus", "corridor"])
    func rasterAgreesWithTheSpatialIndexAtCellCentres(name: String) throws {
        let venue: Venue
        if name == "campus" {
            venue = try VenueLoader.load(path: PositioningTestSupport.packageRoot.appendingPathComponent("Recordings/venues/campus").path)
        } else {
            venue = Self.corridorVenue()
        }
        let cell = 0.5
        let raster = venue.spatialIndex.walkabilityRaster(cellSizeMeters: cell)
        var checked = 0, disagreements: [String] = []
        for (l, level) in raster.levels.enumerated() where level.columns > 0 {
            // about 20 samples across the narrower side keeps the test quick while crossing every edge class
            let by = max(1, min(level.rows, level.columns) / 20)
            for row in stride(from: 0, to: level.rows, by: by) {
                for column in stride(from: 0, to: level.columns, by: by) {
                    let centre = LocalPoint(
                        x: level.originX + (Double(column) + 0.5) * level.cellSizeMeters,
                        y: level.originY + (Double(row) + 0.5) * level.cellSizeMeters)
                    let expected = venue.spatialIndex.walkability(at: centre, levelIndex: l)
                    let found = raster.walkability(at: centre, levelIndex: l)
                    checked += 1
                    if expected != found, disagreements.count < 5 { disagreements.append("level \(l) \(centre): \(found) ≠ \(expected)") }
                }
            }
        }
        #expect(checked > 100)
        #expect(disagreements.isEmpty, "\(disagreements)")
        #expect(raster.walkability(at: LocalPoint(x: -1e9, y: 0), levelIndex: 0) == .outside)
        #expect(raster.walkability(at: LocalPoint(x: .nan, y: 0), levelIndex: 0) == .outside)
        #expect(raster.walkability(at: .zero, levelIndex: 99) == .outside)
    }

    @Test func aHugeLevelGetsCoarserCellsAndABadCellSizeTheDefault() {
        let venue = Self.corridorVenue()
        let fine = venue.spatialIndex.walkabilityRaster(cellSizeMeters: 0.0001)
        #expect(
            fine.levels[0].columns * fine.levels[0].rows <= WalkabilityRaster.maximumCellsPerLevel + fine.levels[0].columns
                + fine.levels[0].rows + 1)
        #expect(fine.walkability(at: LocalPoint(x: 10, y: 6), levelIndex: 0) == .open)
        let defaulted = venue.spatialIndex.walkabilityRaster(cellSizeMeters: -1)
        #expect(defaulted.cellSizeMeters == 0.25)
    }

    // MARK: - Configuration

    @Test func configurationRejectsValuesOutOfRange() {
        #expect(throws: ConfigurationError.self) { try MapMatchingConfiguration { $0.particleCount = 5 } }
        #expect(throws: ConfigurationError.self) { try MapMatchingConfiguration { $0.obstacleStepWeight = 1.5 } }
        #expect(throws: ConfigurationError.self) { try MapMatchingConfiguration { $0.outsideStepWeight = -0.1 } }
        #expect(throws: ConfigurationError.self) { try MapMatchingConfiguration { $0.initialHeadingBiasSigmaRadians = .nan } }
        #expect(throws: ConfigurationError.self) { try MapMatchingConfiguration { $0.resampleBelowEffectiveFraction = 2 } }
        #expect(throws: ConfigurationError.self) { try MapMatchingConfiguration { $0.cellSizeMeters = 0 } }
        #expect(throws: ConfigurationError.self) { try MapMatchingConfiguration { $0.recoveryOpenFraction = 1.5 } }
        #expect(throws: ConfigurationError.self) { try MapMatchingConfiguration { $0.recoveryShare = .nan } }
        #expect(throws: ConfigurationError.self) { try MapMatchingConfiguration { $0.recoverySpreadMeters = 0 } }
        #expect((try? MapMatchingConfiguration { _ in }) == MapMatchingConfiguration.standard)
    }

    // MARK: - The matcher in the engine

    /// 60 steps of 0.7 m due east along the corridor's centre line (y = 6), reported with a heading
    /// 8° to the north: open loop the track leaves the corridor after about 14 m (2 m / tan 8°).
    static func biasedWalk(engine: FusionEngine) {
        let reported = Double.pi / 2 - 8 * Double.pi / 180
        for i in 1...60 {
            engine.predict(
                with: StepEvent(
                    timeSeconds: Double(i) * 0.6, lengthMeters: 0.7, lengthSigmaMeters: 0.07,
                    headingRadians: reported, headingSigmaRadians: 0.1))
        }
    }

    /// An engine on `venue` whose heading bias barely wanders (0.003 rad a step): the walks here have one
    /// constant bias to learn.
    static func engine(mapMatching: MapMatchingConfiguration?, venue: Venue) throws -> FusionEngine {
        var configuration = FusionConfiguration.standard
        configuration.mapMatching = mapMatching
        configuration.alignHeadingToFloorPlan = false
        configuration.headingBiasRandomWalkRadiansPerStep = 0.003
        configuration.mapMatching?.headingBiasRandomWalkRadiansPerStep = 0.003
        return try FusionEngineTests.started(at: LocalPoint(x: 2, y: 6), sigma: 0.3, configuration: configuration, venue: venue)
    }

    @Test func theMatcherKeepsABiasedWalkInTheCorridorAndLearnsTheBias() throws {
        let venue = Self.corridorVenue()
        let matched = try Self.engine(mapMatching: .standard, venue: venue)
        Self.biasedWalk(engine: matched)
        let end = try #require(matched.point)
        // The walk covered 42 m east; the corridor is y 4…8.
        #expect(end.y > 4 && end.y < 8, "left the corridor: \(end)")
        #expect(end.x > 30, "did not follow the corridor: \(end)")
        let bias = try #require(matched.calibration?.headingBiasRadians)
        // The truth is +8° (clockwise) to turn the reported heading back to due east; learnt within 4°.
        #expect(abs(bias - 8 * Double.pi / 180) < 4 * Double.pi / 180, "bias \(bias * 180 / .pi)°")
        #expect(matched.statistics.mapMatchedSteps == 60)
        #expect(matched.statistics.particleResamplings > 0)
        #expect(matched.statistics.wallCorrections == 0)
        #expect(matched.statistics.failedCorrectionCount == 0)

        // Open loop (no venue) the same steps end 42 × sin 8° ≈ 5.8 m north of the centre line.
        let open = try FusionEngineTests.started(at: LocalPoint(x: 2, y: 6), sigma: 0.3)
        Self.biasedWalk(engine: open)
        let drifted = try #require(open.point)
        #expect(drifted.y > 10, "the fixture no longer drifts out: \(drifted)")
    }

    @Test func theSameSeedGivesTheSameTrackAndAnotherSeedADifferentOne() throws {
        let venue = Self.corridorVenue()
        var tracks: [LocalPoint] = []
        for seed: UInt64 in [7, 7, 8] {
            let engine = try Self.engine(mapMatching: try MapMatchingConfiguration { $0.seed = seed }, venue: venue)
            Self.biasedWalk(engine: engine)
            tracks.append(try #require(engine.point))
        }
        #expect(tracks[0] == tracks[1])
        #expect(tracks[0] != tracks[2])
    }

    @Test func aFixWeighsTheParticlesAndTheCovarianceStaysValid() throws {
        let venue = Self.corridorVenue()
        let engine = try Self.engine(mapMatching: .standard, venue: venue)
        for i in 1...10 {
            engine.predict(
                with: StepEvent(
                    timeSeconds: Double(i) * 0.6, lengthMeters: 0.7, lengthSigmaMeters: 0.07,
                    headingRadians: .pi / 2, headingSigmaRadians: 0.1))
        }
        // The walker is 1 m further than the steps say: a fix at x = 10 (steps reach 9).
        let fix = IndoorLocation(point: LocalPoint(x: 10, y: 6), levelID: nil, accuracyMeters: 0.3, timeSeconds: 6, source: "manual")
        let outcome = engine.update(with: fix)
        #expect(outcome.isAccepted)
        let p = try #require(engine.location)
        // The cloud is about 0.25 m wide along the corridor after 10 steps, the fix 0.5 m (the engine's
        // minimum): a Kalman gain of about 0.2 moves 9 m to about 9.2 m.
        #expect(p.point.x > 9.1 && p.point.x < 9.6, "the fix did not pull the cloud as expected: \(p.point)")
        #expect(p.covariance.xx > 0 && p.covariance.yy > 0 && p.covariance.xx * p.covariance.yy >= p.covariance.xy * p.covariance.xy)
        // The stride scale stays the Kalman filter's and learns from the fix: the steps were short.
        let scale = try #require(engine.calibration?.strideScale)
        #expect(scale > 1.0, "scale \(scale)")
    }

    /// A cloud that starts wholly inside the north row of shops (y 8…12) and walks east: the walls
    /// cannot tell its particles apart, so without recovery it never settles in the corridor; with recovery
    /// particles redrawn on open floor outweigh the rest and the track reaches the corridor (y 4…8).
    @Test func aCloudLostInTheShopsIsRedrawnOntoOpenFloor() throws {
        let venue = Self.corridorVenue()
        func walk(_ settings: MapMatchingConfiguration) throws -> (end: LocalPoint, recoveries: Int) {
            var configuration = FusionConfiguration.standard
            configuration.mapMatching = settings
            configuration.alignHeadingToFloorPlan = false
            // A tight cloud: its heading bias barely wanders, so only recovery can bring it out of the shops.
            configuration.headingBiasRandomWalkRadiansPerStep = 0.003
            configuration.mapMatching?.headingBiasRandomWalkRadiansPerStep = 0.003
            let engine = try FusionEngineTests.started(at: LocalPoint(x: 2, y: 10), sigma: 0.3, configuration: configuration, venue: venue)
            for i in 1...40 {
                engine.predict(
                    with: StepEvent(
                        timeSeconds: Double(i) * 0.6, lengthMeters: 0.7, lengthSigmaMeters: 0.07,
                        headingRadians: .pi / 2, headingSigmaRadians: 0.05))
            }
            return (try #require(engine.point), engine.statistics.particleRecoveries)
        }
        let without = try walk(try MapMatchingConfiguration { $0.recoveryOpenFraction = 0 })
        #expect(!(4...8).contains(without.end.y), "the fixture no longer stays lost: \(without.end)")
        #expect(without.recoveries == 0)
        let with = try walk(.standard)
        #expect(with.end.y > 4 && with.end.y < 8, "not back in the corridor: \(with.end)")
        #expect(with.recoveries > 0)
        #expect(with.end.x > 20, "did not keep walking east: \(with.end)")
    }

    @Test func withoutAVenueThereIsNoMatcher() throws {
        let engine = try FusionEngineTests.started(at: .zero)
        #expect(engine.floorPlan == nil)
        engine.predict(with: FusionEngineTests.step(1, heading: 0))
        #expect(engine.statistics.mapMatchedSteps == 0)
    }
}

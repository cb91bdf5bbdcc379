import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorRecordings
import Testing

@testable import IndoorPositioning

/// Main walking directions learnt from survey walks (for venues without a floor plan): the legs kept in
/// a radio map, the axes they give, their file form, and the heading alignment they drive.
@Suite struct WalkedDirectionsTests {
    static let degree = Double.pi / 180

    static func truth(_ t: Double, _ x: Double, _ y: Double, floor: Double = 0) -> TruthPoint {
        TruthPoint(timeSeconds: t, point: LocalPoint(x: x, y: y), level: .floorNumber(floor))
    }

    @Test func legsJoinConsecutivePointsOnOneLevel() throws {
        let truth = [
            Self.truth(0, 0, 0), Self.truth(10, 0, 10),  // 10 m due north
            Self.truth(20, 10, 10),  // 10 m due east
            Self.truth(21, 11, 10),  // 1 m: too short to be a direction
            Self.truth(30, 11, 20, floor: 1),  // a level change: no leg
            Self.truth(40, 11, 12, floor: 1),  // 8 m due south on floor 1
        ]
        var levels: [LevelReference] = []
        let legs = RadioMap.legs(of: truth) { level in
            if let index = levels.firstIndex(of: level) { return index }
            levels.append(level)
            return levels.count - 1
        }
        #expect(legs.count == 3)
        #expect(legs.map(\.levelIndex) == [0, 0, 1])
        #expect(levels == [.floorNumber(0), .floorNumber(1)])
        let expected: [(heading: Double, length: Double)] = [(0, 10), (.pi / 2, 10), (.pi, 8)]
        for (leg, want) in zip(legs, expected) {
            #expect(abs(remainder(leg.headingRadians - want.heading, 2 * .pi)) < 1e-12)
            #expect(abs(leg.lengthMeters - want.length) < 1e-12)
        }
    }

    /// A map whose walks' legs run along `axisDegrees` and `axisDegrees` + 90° on floor 0 (with a short
    /// diagonal), plus one leg at 10° on floor −2.
    static func map(axisDegrees: Double, walks: Int = 3) -> RadioMap {
        let a = axisDegrees * degree
        let legs = (0..<walks).map { w in
            [
                RadioMap.WalkLeg(levelIndex: 0, headingRadians: a + Double(w % 2) * .pi, lengthMeters: 20),
                RadioMap.WalkLeg(levelIndex: 0, headingRadians: a + .pi / 2, lengthMeters: 12),
                // A diagonal shortcut: outvoted by the corridors.
                RadioMap.WalkLeg(levelIndex: 0, headingRadians: a + .pi / 4, lengthMeters: 5),
                RadioMap.WalkLeg(levelIndex: 1, headingRadians: 10 * degree, lengthMeters: 6),
            ]
        }
        return RadioMap(
            frameReference: nil, transmitters: [], levels: [.floorNumber(0), .floorNumber(-2)],
            walks: (0..<walks).map { "w\($0)" }, fingerprints: [], walkLegs: legs)
    }

    @Test func theLegsGiveEachCandidateLevelItsAxis() throws {
        let candidates = [
            LevelCandidate(levelID: "B2", floorNumber: -2, elevationMeters: -8),
            LevelCandidate(levelID: "F0", floorNumber: 0, elevationMeters: 0),
            LevelCandidate(levelID: "F1", floorNumber: 1, elevationMeters: 4),
        ]
        let directions = try #require(Self.map(axisDegrees: 68).walkedDirections(levels: candidates))
        // Candidate order, not the map's: B2 is candidate 0 and map level 1.
        let f0 = try #require(directions.axisRadians[1])
        #expect(abs(remainder(f0 - 68 * Self.degree, .pi / 2)) < 1e-9, "axis \(f0 / Self.degree)°")
        // 32 of 37 m per walk lie along the axis.
        #expect(abs(directions.share[1] - 32.0 / 37.0) < 1e-9)
        let b2 = try #require(directions.axisRadians[0])
        #expect(abs(b2 - 10 * Self.degree) < 1e-9)
        // F1 has no legs of its own: it takes the axis of all levels' legs together (68°: 32 of 43 m a walk).
        let f1 = try #require(directions.axisRadians[2])
        #expect(abs(remainder(f1 - 68 * Self.degree, .pi / 2)) < 1e-9, "axis \(f1 / Self.degree)°")
        #expect(abs(directions.share[2] - 32.0 / 43.0) < 1e-9)
        // No candidate the map knows, or no legs at all: nothing to align with.
        #expect(
            Self.map(axisDegrees: 68).walkedDirections(levels: [LevelCandidate(levelID: "X", floorNumber: 5, elevationMeters: 20)]) == nil)
        let legless = RadioMap(frameReference: nil, transmitters: [], levels: [.floorNumber(0)], walks: ["w"], fingerprints: [])
        #expect(legless.walkLegs == [[]])
        #expect(legless.walkedDirections(levels: candidates) == nil)
    }

    @Test func aLevelWithoutAnAxisOfItsOwnTakesThePooledOne() throws {
        // Level 0 walked along 20° and 110°; level 1 only along directions that agree on nothing (no
        // 10° window holds 35 % of them); level 2 not at all.
        let along: [(headingRadians: Double, lengthMeters: Double)] = [(20 * Self.degree, 30), (110 * Self.degree, 20)]
        let scattered: [(headingRadians: Double, lengthMeters: Double)] = [40, 55, 70].map { ($0 * Self.degree, 4) }
        let own = DominantDirections(directionsByLevel: [along, scattered, []])
        #expect(own.axisRadians[1] == nil && own.axisRadians[2] == nil)
        let pooled = DominantDirections(directionsByLevel: [along, scattered, []], pooledWhereMissing: true)
        let level0 = try #require(pooled.axisRadians[0])
        #expect(abs(level0 - 20 * Self.degree) < 1e-9)
        for level in [1, 2] {
            let axis = try #require(pooled.axisRadians[level])
            #expect(abs(axis - 20 * Self.degree) < 1e-9, "level \(level): \(axis / Self.degree)°")
            // 50 of the 62 m pooled lie in the window.
            #expect(abs(pooled.share[level] - 50.0 / 62.0) < 1e-9)
        }
        // Nothing to pool: no level gets an axis.
        #expect(DominantDirections(directionsByLevel: [scattered, []], pooledWhereMissing: true).axisRadians == [nil, nil])
    }

    @Test func crossValidationDropsTheExcludedWalksLegs() {
        let map = Self.map(axisDegrees: 30, walks: 3).excludingWalks { $0 != "w1" }
        #expect(map.walkLegs[0].isEmpty && map.walkLegs[2].isEmpty)
        #expect(map.walkLegs[1].count == 4)
    }

    @Test func legsAreStoredAndCheckedInTheFile() throws {
        let map = Self.map(axisDegrees: 68.25, walks: 2)
        let decoded = try RadioMap.decode(try JSONParser().parse(map.json.serialized()).value, file: "m.json")
        #expect(decoded.walkLegs.count == 2)
        for (a, b) in zip(decoded.walkLegs.joined(), map.walkLegs.joined()) {
            #expect(a.levelIndex == b.levelIndex)
            // Headings are stored in degrees to 0.01°, lengths to the centimetre.
            #expect(abs(a.headingRadians - b.headingRadians) <= 0.005 * Self.degree + 1e-12)
            #expect(abs(a.lengthMeters - b.lengthMeters) <= 0.005)
        }
        // Maps written before legs were kept read as having none.
        #expect(try RadioMapText.decode(levels: #"[{"floorNumber":0}]"#).walkLegs == [[], []])
        func error(_ legs: String) -> String { RadioMapText.decodeError(levels: #"[{"floorNumber":0}]"#, member: "walkLegs", value: legs) }
        #expect(error("[[]]") == "m.json:0: walkLegs: expected an array with one entry per walk (2)")
        #expect(error("[[],7]") == "m.json:0: walkLegs[1]: expected an array of legs")
        #expect(
            error("[[[0,10]],[]]")
                == "m.json:0: walkLegs[0][0]: expected [level index or null, heading degrees, length metres] with optionally [middle x, middle y] metres and a weight"
        )
        #expect(error("[[[0,10,5,1,2,3]],[]]") == "m.json:0: walkLegs[0][0][5]: expected a weight from 0 to 1")
        #expect(error("[[[3,10,5]],[]]") == "m.json:0: walkLegs[0][0][0]: not an index into levels (0..<1)")
        #expect(error("[[],[[0,\"north\",5]]]") == "m.json:0: walkLegs[1][0][1]: expected a heading in degrees from -360 to 360")
        #expect(error("[[[null,10,-1]],[]]") == "m.json:0: walkLegs[0][0][2]: expected a positive length in metres")
        #expect(error("[[[null,10,2.5]],[]]") == "no error")
    }

    @Test func theEngineAlignsToWalkedDirectionsWithoutAVenue() throws {
        let levels = [LevelCandidate(levelID: "F0", floorNumber: 0, elevationMeters: 0)]
        let directions = try #require(
            Self.map(axisDegrees: 0).walkedDirections(
                levels: [LevelCandidate(levelID: "B2", floorNumber: -2, elevationMeters: -8)] + levels))
        // Candidate 1 of that lookup is F0; give the engine F0 alone.
        let f0 = DominantDirections(directionsByLevel: [[(directions.axisRadians[1] ?? .nan, 1)]])
        func walk(_ walked: DominantDirections?) throws -> FusionEngine {
            var configuration = FusionConfiguration.standard
            configuration.mapMatching = nil
            let engine = FusionEngine(configuration: configuration, levels: levels, walkedDirections: walked)
            try engine.start(
                at: IndoorLocation(point: .zero, levelID: "F0", accuracyMeters: 0.2, timeSeconds: 0, source: "test"), levelIndex: 0)
            // 40 steps due north, every raw heading 8° off.
            for i in 1...40 { engine.predict(with: FusionEngineTests.step(Double(i) * 0.55, heading: 8 * Self.degree)) }
            return engine
        }
        let aligned = try walk(f0)
        let free = try walk(nil)
        #expect(aligned.statistics.headingAlignments == 10)
        #expect(free.statistics.headingAlignments == 0)
        let bias = try #require(aligned.calibration?.headingBiasRadians)
        #expect(bias < -5 * Self.degree, "bias \(bias / Self.degree)°")
        // 28 m walked: 8° off puts the free track 3.9 m east.
        #expect(abs((free.point?.x ?? 0) - 28 * sin(8 * Self.degree)) < 0.01)
        #expect(abs(aligned.point?.x ?? .infinity) < 0.5 * (free.point?.x ?? 0))
        // Alignment turned off: the walked directions are not used either.
        var off = FusionConfiguration.standard
        off.alignHeadingToFloorPlan = false
        #expect(FusionEngine(configuration: off, levels: levels, walkedDirections: f0).dominantDirections == nil)
    }

    /// Self-surveyed legs weigh by their track's heading evidence: a level whose legs only dead reckoning
    /// pinned takes the axis of the whole map's legs, where the fix-pinned ones outvote the rest.
    @Test func weaklyPinnedLegsGiveWayToPinnedOnes() throws {
        let candidates = [
            LevelCandidate(levelID: "F0", floorNumber: 0, elevationMeters: 0),
            LevelCandidate(levelID: "B2", floorNumber: -2, elevationMeters: -8),
        ]
        func map(pinned: Double, deadReckoned: Double) -> RadioMap {
            RadioMap(
                frameReference: nil, transmitters: [], levels: [.floorNumber(0), .floorNumber(-2)], walks: ["fixes", "dr0", "dr2"],
                fingerprints: [],
                walkLegs: [
                    // Pinned by fixes: the building's 70° axis on floor 0.
                    [RadioMap.WalkLeg(levelIndex: 0, headingRadians: 70 * Self.degree, lengthMeters: 30, weight: pinned)],
                    // Dead reckoning, rotated by the phone's bias: 85° on floor 0 (more metres) and floor −2.
                    [RadioMap.WalkLeg(levelIndex: 0, headingRadians: 85 * Self.degree, lengthMeters: 50, weight: deadReckoned)],
                    [RadioMap.WalkLeg(levelIndex: 1, headingRadians: 175 * Self.degree, lengthMeters: 40, weight: deadReckoned)],
                ])
        }
        func axes(_ map: RadioMap) throws -> [Double] {
            try #require(map.walkedDirections(levels: candidates)).axisRadians.map { try #require($0) / Self.degree }
        }
        // Equal weights (ground truth): the longest legs win on floor 0, and floor −2 keeps its own axis.
        let equal = try axes(map(pinned: 1, deadReckoned: 1))
        #expect(abs(equal[0] - 85) < 1e-6 && abs(equal[1] - 85) < 1e-6, "\(equal)")
        // Weighed: the pinned leg wins on floor 0, and floor −2 (less weight per metre than the map's) takes
        // the map's axis.
        let weighed = try axes(map(pinned: 0.25, deadReckoned: 0.04))
        #expect(abs(weighed[0] - 70) < 1e-6 && abs(weighed[1] - 70) < 1e-6, "\(weighed)")
    }

    @Test func legWeightsFollowTheTrackHeadingSigmaAndSurviveTheFile() throws {
        // 40 m east in 1 m steps: the heading one-sigma 0.05 rad for the first 20 m, then 0.2 rad.
        let track = (0...40).map { x in
            RadioMapBuilder.TrackPoint(
                timeSeconds: Double(x), point: LocalPoint(x: Double(x), y: 0), level: .floorNumber(0), sigmaMeters: 1,
                headingSigmaRadians: x <= 20 ? 0.05 : 0.2)
        }
        var builder = RadioMapBuilder(deadReckoning: nil)
        let survey = try TrackSurveyConfiguration {
            $0.legSpacingMeters = 10
            $0.legHeadingSigmaRadians = 0.1
        }
        try builder.add(walk: "w", samples: [], track: track, survey: survey)
        let map = builder.build()
        // Within the reference: 1; beyond it, (0.1 / 0.2)² = 0.25 (the leg from 20 to 30 m reaches 0.2).
        #expect(map.walkLegs[0].map(\.weight) == [1, 1, 0.25, 0.25])
        let decoded = try RadioMap.decode(try JSONParser().parse(map.json.serialized()).value, file: "m.json")
        #expect(decoded.walkLegs[0].map(\.weight) == [1, 1, 0.25, 0.25])
        // Ground truth's legs weigh 1.
        var truthBuilder = RadioMapBuilder(deadReckoning: nil)
        try truthBuilder.add(walk: "t", samples: [], truth: [Self.truth(0, 0, 0), Self.truth(10, 0, 10)])
        #expect(truthBuilder.build().walkLegs[0].map(\.weight) == [1])
    }
}

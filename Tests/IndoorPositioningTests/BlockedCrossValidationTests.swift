import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorRecordings
import Testing

@testable import IndoorPositioning

/// Blocked cross-validation: a radio map without what was surveyed near a scored walk, and the places
/// of walk legs that it needs.
@Suite struct BlockedCrossValidationTests {
    static func fingerprint(_ x: Double, _ y: Double, level: Int?, walk: Int) -> RadioMap.Fingerprint {
        RadioMap.Fingerprint(
            point: LocalPoint(x: x, y: y), levelIndex: level, walkIndex: walk, timeSeconds: 0,
            readings: [RadioMap.Reading(transmitter: 0, rssiDbm: -60)])
    }

    /// Three walks on floors 0 and 1: walk 0 along y = 0 (x 0…40), walk 1 along y = 30, walk 2 on floor 1
    /// along y = 0. Each has a stride ratio and a leg placed at its middle; walk 2 also has a leg of an
    /// older map, without a place.
    static var map: RadioMap {
        let prints =
            stride(from: 0.0, through: 40, by: 5).map { fingerprint($0, 0, level: 0, walk: 0) }
            + stride(from: 0.0, through: 40, by: 5).map { fingerprint($0, 30, level: 0, walk: 1) }
            + stride(from: 0.0, through: 40, by: 5).map { fingerprint($0, 0, level: 1, walk: 2) }
            + [fingerprint(20, 4, level: nil, walk: 1)]
        let legs: [[RadioMap.WalkLeg]] = [
            [RadioMap.WalkLeg(levelIndex: 0, headingRadians: .pi / 2, lengthMeters: 40, midpoint: LocalPoint(x: 20, y: 0))],
            [RadioMap.WalkLeg(levelIndex: 0, headingRadians: .pi / 2, lengthMeters: 40, midpoint: LocalPoint(x: 20, y: 30))],
            [
                RadioMap.WalkLeg(levelIndex: 1, headingRadians: .pi / 2, lengthMeters: 40, midpoint: LocalPoint(x: 20, y: 0)),
                RadioMap.WalkLeg(levelIndex: 1, headingRadians: 0, lengthMeters: 5),
            ],
        ]
        return RadioMap(
            frameReference: nil, transmitters: ["wifi:a"], levels: [.floorNumber(0), .floorNumber(1)], walks: ["a", "b", "c"],
            fingerprints: prints, strideRatios: [1.1, 1.2, 1.3], walkLegs: legs)
    }

    /// A scored walk on floor 0 from (10, −3) to (30, −3): 3 m from walk 0's line, 33 m from walk 1's.
    static let path = [
        TruthPoint(timeSeconds: 0, point: LocalPoint(x: 10, y: -3), level: .floorNumber(0)),
        TruthPoint(timeSeconds: 20, point: LocalPoint(x: 30, y: -3), level: .floorNumber(0)),
    ]

    @Test func fingerprintsNearThePathOnItsLevelAreDropped() {
        let blocked = Self.map.excludingSurroundings(of: Self.path, radiusMeters: 10)
        // Walk 0: fingerprints within 10 m of the segment: x from 10 − √(100 − 9) ≈ 0.46 to 39.54 → x 5…35 (7 of 9).
        let walk0 = blocked.fingerprints.filter { $0.walkIndex == 0 }.map(\.point.x)
        #expect(walk0 == [0, 40])
        // Walk 1 runs 33 m away: kept, except its fingerprint without a level at (20, 4), 7 m away.
        #expect(blocked.fingerprints.filter { $0.walkIndex == 1 }.count == 9)
        // Walk 2 is on floor 1: kept whole.
        #expect(blocked.fingerprints.filter { $0.walkIndex == 2 }.count == 9)
        #expect(blocked.fingerprints.count == Self.map.fingerprints.count - 8)
    }

    @Test func legsAndStrideSamplesOfWalksThatPassedNearAreDropped() {
        let blocked = Self.map.excludingSurroundings(of: Self.path, radiusMeters: 10)
        #expect(blocked.walkLegs[0].isEmpty)  // its middle (20, 0) is 3 m from the path
        #expect(blocked.walkLegs[1].count == 1)  // 33 m away
        // Floor 1: its placed leg is kept, the leg without a place cannot be placed and goes.
        #expect(blocked.walkLegs[2].count == 1)
        #expect(blocked.walkLegs[2][0].midpoint == LocalPoint(x: 20, y: 0))
        // Walk 0 and walk 1 (its unlevelled fingerprint) passed near; walk 2 only lost an unplaced leg.
        #expect(blocked.strideRatios[0] == nil)
        #expect(blocked.strideRatios[1] == nil)
        #expect(blocked.strideRatios[2] == nil)
    }

    @Test func aSmallRadiusOrNoPathKeepsTheMap() {
        #expect(Self.map.excludingSurroundings(of: [], radiusMeters: 10) == Self.map)
        #expect(Self.map.excludingSurroundings(of: Self.path, radiusMeters: 0) == Self.map)
        // 2 m: nothing of walk 0 (3 m away) goes; the unplaced leg of walk 2 still does.
        let narrow = Self.map.excludingSurroundings(of: Self.path, radiusMeters: 2)
        #expect(narrow.fingerprints.count == Self.map.fingerprints.count)
        #expect(narrow.strideRatios == [1.1, 1.2, nil])
    }

    @Test func aLonePointOnALevelIsAPlaceToo() {
        let point = [TruthPoint(timeSeconds: 0, point: LocalPoint(x: 40, y: 1), level: .floorNumber(1))]
        let blocked = Self.map.excludingSurroundings(of: point, radiusMeters: 6)
        #expect(blocked.fingerprints.filter { $0.walkIndex == 2 }.map(\.point.x) == [0, 5, 10, 15, 20, 25, 30])
        #expect(blocked.fingerprints.filter { $0.walkIndex == 0 }.count == 9)
    }

    @Test func legMiddlesAreStoredAndChecked() throws {
        let map = Self.map
        let decoded = try RadioMap.decode(try JSONParser().parse(map.json.serialized()).value, file: "m.json")
        #expect(decoded.walkLegs.map { $0.map(\.midpoint) } == map.walkLegs.map { $0.map(\.midpoint) })
        let header =
            #""format":"indoornav-radio-map","version":1,"frameReference":null,"transmitters":[],"levels":[{"floorNumber":0}],"walks":["a"],"fingerprints":[]"#
        func error(_ legs: String) -> String {
            do {
                _ = try RadioMap.decode(try JSONParser().parse("{\(header),\"walkLegs\":\(legs)}").value, file: "m.json")
                return "no error"
            } catch { return "\(error)" }
        }
        #expect(error("[[[0,10,5,1]]]").hasPrefix("m.json:0: walkLegs[0][0]: expected [level index or null"))
        #expect(
            error("[[[0,10,5,1,\"y\"]]]") == "m.json:0: walkLegs[0][0][3]: expected the leg's middle as two finite numbers (x, y metres)")
        #expect(error("[[[0,10,5,1.5,-2]]]") == "no error")
    }

    @Test func legsAreMadeWithTheirMiddles() {
        let truth = [
            TruthPoint(timeSeconds: 0, point: LocalPoint(x: 2, y: 4), level: .floorNumber(0)),
            TruthPoint(timeSeconds: 9, point: LocalPoint(x: 12, y: 4), level: .floorNumber(0)),
        ]
        let legs = RadioMap.legs(of: truth) { _ in 0 }
        #expect(legs.map(\.midpoint) == [LocalPoint(x: 7, y: 4)])
    }

    @Test func reframingMovesLegMiddlesWithTheFingerprints() throws {
        var map = Self.map
        map.frameReference = GeoCoordinate(latitudeDegrees: 49.45, longitudeDegrees: 11.07)
        let target = LocalFrame(reference: GeoCoordinate(latitudeDegrees: 49.4501, longitudeDegrees: 11.0701))
        let moved = map.reframed(to: target)
        // Fingerprint 4 of walk 0 lies at (20, 0), where walk 0's leg has its middle: both move alike.
        #expect(map.fingerprints[4].point == LocalPoint(x: 20, y: 0))
        let middle = try #require(moved.walkLegs[0][0].midpoint)
        #expect(abs(middle.x - moved.fingerprints[4].point.x) < 1e-6)
        #expect(abs(middle.y - moved.fingerprints[4].point.y) < 1e-6)
        // 0.0001° of latitude is about 11.1 m: the new origin lies that far north, so points move south.
        #expect(abs(middle.y + 11.1) < 0.2)
    }
}

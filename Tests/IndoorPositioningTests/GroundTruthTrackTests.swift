import IndoorGeometry
import IndoorPositioning
import IndoorRecordings
import Testing

/// The one validated ground-truth value every scorer uses.
@Suite struct GroundTruthTrackTests {
    @Test func pointsArePutInTimeOrderKeepingTiesInInputOrder() throws {
        let a = TruthPoint(timeSeconds: 10, point: LocalPoint(x: 10, y: 0), line: 7)
        let b = TruthPoint(timeSeconds: 0, point: .zero, line: 3)
        let c = TruthPoint(timeSeconds: 10, point: LocalPoint(x: 11, y: 0), line: 9)
        let track = try GroundTruthTrack([a, b, c], source: "walk.txt")
        #expect(track.points == [b, a, c])
        #expect(track.start == b && track.end == c)
        #expect(Array(track.scoredPoints) == [a, c])
        #expect(track.timeSpanSeconds == 0...10)
        // 10 m to a, 0 m to a's twin at the same time, then 1 m: path length 11 m.
        #expect(abs(track.pathLengthMeters - 11) < 1e-12)
    }

    @Test func nonFinitePointsAreErrorsNamingFileAndLine() {
        let good = TruthPoint(timeSeconds: 0, point: .zero, line: 2)
        #expect(throws: PositioningError.invalidGroundTruth(file: "walk.txt", line: 12, message: "time nan is not finite")) {
            try GroundTruthTrack([good, TruthPoint(timeSeconds: .nan, point: .zero, line: 12)], source: "walk.txt")
        }
        #expect(throws: PositioningError.invalidGroundTruth(file: "walk.txt", line: 5, message: "position (inf, 1.0) is not finite")) {
            try GroundTruthTrack([good, TruthPoint(timeSeconds: 1, point: LocalPoint(x: .infinity, y: 1), line: 5)], source: "walk.txt")
        }
        // Without a line, the point's position in the input (1-based) is named.
        #expect(throws: PositioningError.invalidGroundTruth(file: "ground truth", line: 2, message: "time inf is not finite")) {
            try GroundTruthTrack([good, TruthPoint(timeSeconds: .infinity, point: .zero)])
        }
        #expect(throws: PositioningError.invalidGroundTruth(file: "walk.txt", line: nil, message: "no ground-truth point")) {
            try GroundTruthTrack([], source: "walk.txt")
        }
        #expect("\(PositioningError.invalidGroundTruth(file: "walk.txt", line: 5, message: "x"))" == "walk.txt:5: ground truth: x")
    }

    @Test func positionAndLevelBetweenPoints() throws {
        let track = try GroundTruthTrack([
            TruthPoint(timeSeconds: 0, point: .zero, level: .floorNumber(0)),
            TruthPoint(timeSeconds: 10, point: LocalPoint(x: 10, y: 0), level: .floorNumber(1)),
            TruthPoint(timeSeconds: 20, point: LocalPoint(x: 10, y: 10), level: .floorNumber(2)),
        ])
        #expect(track.position(atSeconds: 5) == LocalPoint(x: 5, y: 0))
        #expect(track.position(atSeconds: 15) == LocalPoint(x: 10, y: 5))
        #expect(track.position(atSeconds: 25) == nil)
        #expect(track.position(atSeconds: 25, extrapolation: .holdEnds) == LocalPoint(x: 10, y: 10))
        #expect(track.level(atSeconds: -1) == .floorNumber(0))
        #expect(track.level(atSeconds: 9.9) == .floorNumber(0))
        #expect(track.level(atSeconds: 10) == .floorNumber(1))
        #expect(track.level(atSeconds: 99) == .floorNumber(2))
    }

    /// Errors are taken at every point after the start, the estimate interpolated and its ends held.
    @Test func errorsOfATrackAtTheScoredPoints() throws {
        let track = try GroundTruthTrack([
            TruthPoint(timeSeconds: 0, point: .zero),
            TruthPoint(timeSeconds: 10, point: LocalPoint(x: 10, y: 0)),
            TruthPoint(timeSeconds: 30, point: LocalPoint(x: 10, y: 20)),
        ])
        // The estimate walks 1 m/s along y = 3 for 20 s, then stops.
        let estimate = TimedTrajectory([(timeSeconds: 0, point: LocalPoint(x: 0, y: 3)), (timeSeconds: 20, point: LocalPoint(x: 20, y: 3))])
        let errors = track.errors(of: estimate)
        // At 10 s: (10, 3) against (10, 0) → 3 m. At 30 s: held (20, 3) against (10, 20) → √(100 + 289).
        #expect(errors.count == 2)
        #expect(abs(errors[0] - 3) < 1e-12)
        #expect(abs(errors[1] - (389.0).squareRoot()) < 1e-12)
        #expect(track.errors(of: TimedTrajectory()).isEmpty)
    }
}

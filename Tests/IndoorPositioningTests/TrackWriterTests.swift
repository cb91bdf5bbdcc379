import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorRecordings
import Testing

@testable import IndoorPositioning

/// ``TrackWriter`` and ``PositionTrack``: the accuracy ellipse, times, level runs and each format's
/// shape, checked against values worked out by hand.
@Suite struct TrackWriterTests {
    static let frame = LocalFrame(reference: GeoCoordinate(latitudeDegrees: 47.0, longitudeDegrees: 8.0))

    static func document(_ points: [PositionTrack.Point], frame: LocalFrame? = frame, epoch: Double? = nil) -> TrackDocument {
        TrackDocument(name: "walk, \"one\"", tracks: [PositionTrack(name: "fused", points: points)], frame: frame, startEpochSeconds: epoch)
    }

    static let points = [
        PositionTrack.Point(
            timeSeconds: 0, point: LocalPoint(x: 0, y: 0), levelID: "L0", floorNumber: 0, covariance: Covariance2D(xx: 4, xy: 0, yy: 1),
            headingRadians: -.pi / 2, sources: ["start"]),
        PositionTrack.Point(timeSeconds: 1.5, point: LocalPoint(x: 1, y: 2), levelID: "L0", sources: ["pdr", "beacon"]),
        PositionTrack.Point(timeSeconds: 3, point: LocalPoint(x: 2, y: 2), levelID: "L1", sources: ["pressure"]),
    ]

    @Test func theAccuracyEllipseHasTheCovariancesAxesAndBearing() throws {
        // Diagonal: σx = 2 (east), σy = 1 → major axis east, bearing 90°.
        let east = try #require(
            PositionTrack.Point(timeSeconds: 0, point: .init(x: 0, y: 0), covariance: .init(xx: 4, xy: 0, yy: 1)).accuracyEllipse)
        #expect(abs(east.semiMajorMeters - 2) < 1e-12 && abs(east.semiMinorMeters - 1) < 1e-12 && abs(east.orientationDegrees - 90) < 1e-9)
        // Rotated by 45°: R·diag(4, 1)·Rᵀ = [[2.5, 1.5], [1.5, 2.5]] → major 2 along north-east (bearing 45°).
        let diagonal = try #require(
            PositionTrack.Point(timeSeconds: 0, point: .init(x: 0, y: 0), covariance: .init(xx: 2.5, xy: 1.5, yy: 2.5)).accuracyEllipse)
        #expect(abs(diagonal.semiMajorMeters - 2) < 1e-12 && abs(diagonal.semiMinorMeters - 1) < 1e-12)
        #expect(abs(diagonal.orientationDegrees - 45) < 1e-9)
        // North-west: xy < 0 → bearing 135°; north: σy > σx → 0°.
        let northWest = try #require(
            PositionTrack.Point(timeSeconds: 0, point: .init(x: 0, y: 0), covariance: .init(xx: 2.5, xy: -1.5, yy: 2.5)).accuracyEllipse)
        #expect(abs(northWest.orientationDegrees - 135) < 1e-9)
        let north = try #require(
            PositionTrack.Point(timeSeconds: 0, point: .init(x: 0, y: 0), covariance: .init(xx: 1, xy: 0, yy: 9)).accuracyEllipse)
        #expect(abs(north.orientationDegrees) < 1e-9 && abs(north.semiMajorMeters - 3) < 1e-12)
        #expect(PositionTrack.Point(timeSeconds: 0, point: .init(x: 0, y: 0)).accuracyEllipse == nil)
        #expect(
            PositionTrack.Point(timeSeconds: 0, point: .init(x: 0, y: 0), covariance: .init(xx: -1, xy: 0, yy: 1)).accuracyEllipse == nil)
    }

    @Test func timesAreISO8601UTCFromTheRecordingsEpoch() {
        // Values from Python's datetime.fromtimestamp(…, timezone.utc).
        let ilc = Self.document([], epoch: 1_574_141_200)
        #expect(ilc.isoTime(0.5) == "2019-11-19T05:26:40.500Z")
        let none = Self.document([])
        #expect(none.isoTime(0) == "1970-01-01T00:00:00.000Z")
        #expect(none.isoTime(-1.25) == "1969-12-31T23:59:58.750Z")
        #expect(none.isoTime(86_400 * 366 + 3661.001) == "1971-01-02T01:01:01.001Z")
        #expect(none.isoTime(.nan) == "1970-01-01T00:00:00.000Z")
    }

    @Test func levelRunsSplitWhereTheLevelChanges() {
        let runs = PositionTrack(name: "fused", points: Self.points).levelRuns
        #expect(runs.map(\.levelID) == ["L0", "L1"] && runs.map(\.points.count) == [2, 1])
    }

    @Test func csvHasOneQuotedRowPerPoint() throws {
        var points = Self.points
        points[2].levelID = "level, \"two\""
        let csv = try TrackWriter.render(Self.document(points), as: .csv)
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines.count == 4 && lines[0] == TrackWriter.csvColumns.joined(separator: ","))
        #expect(lines[1].hasPrefix("fused,0.000,,0.000,0.000,L0,0,47.00000000,8.00000000,2.000,1.000,90.0,270.0,start"))
        #expect(lines[2].hasSuffix(",pdr;beacon"))
        #expect(lines[3].contains(",\"level, \"\"two\"\"\","))
    }

    @Test func geoJSONHasALineStringPerLevelRunOfTwoPointsAndATimedPointEach() throws {
        let text = try TrackWriter.render(Self.document(Self.points, epoch: 1_574_141_200), as: .geojson)
        let value = try JSONParser().parse(text).value
        let features = try #require(value["features"]?.array)
        #expect(value["type"]?.string == "FeatureCollection")
        #expect(features.map { $0["geometry"]?["type"]?.string ?? "" } == ["LineString", "Point", "Point", "Point"])
        let line = try #require(features[0]["geometry"]?["coordinates"]?.array)
        #expect(line.count == 2)
        // [longitude, latitude]: the frame's reference for the origin.
        #expect(line[0] == [8.0, 47.0])
        let second = try #require(features[2]["geometry"]?["coordinates"]?.array)
        let expected = Self.frame.geoCoordinate(from: LocalPoint(x: 1, y: 2))
        #expect(
            abs((second[0].double ?? 0) - expected.longitudeDegrees) <= 5e-9
                && abs((second[1].double ?? 0) - expected.latitudeDegrees) <= 5e-9)
        #expect(features[2]["properties"]?["time"]?.string == "2019-11-19T05:26:41.500Z")
        #expect(features[2]["properties"]?["sources"] == ["pdr", "beacon"])
        #expect(features[1]["properties"]?["accuracySemiMajorMeters"]?.double == 2)
    }

    @Test func gpxAndKMLEscapeTextAndHoldEveryPoint() throws {
        let gpx = try TrackWriter.render(Self.document(Self.points), as: .gpx)
        #expect(gpx.contains("<name>walk, &quot;one&quot;</name>"))
        #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == 3 && gpx.components(separatedBy: "<trkseg>").count - 1 == 2)
        #expect(gpx.contains("<indoornav:sources>pdr;beacon</indoornav:sources>"))
        let kml = try TrackWriter.render(Self.document(Self.points), as: .kml)
        #expect(kml.components(separatedBy: "<Placemark>").count - 1 == 4)
        #expect(kml.contains("<coordinates>8.00000000,47.00000000 "))
    }

    @Test func geographicFormatsNeedAFrameButCSVDoesNot() throws {
        for format in [TrackFormat.geojson, .gpx, .kml] {
            #expect(throws: PositioningError.trackWithoutGeographicFrame(format: format.rawValue.uppercased())) {
                try TrackWriter.render(Self.document(Self.points, frame: nil), as: format)
            }
        }
        let csv = try TrackWriter.render(Self.document(Self.points, frame: nil), as: .csv)
        #expect(csv.split(separator: "\n")[1].contains(",0,,,2.000,"))
        #expect(TrackFormat(path: "a/b.GPX") == .gpx && TrackFormat(path: "walk.txt") == nil && TrackFormat(path: "walk") == nil)
    }

    @Test func fixLinesReadBackAsTheSamePositions() throws {
        let text = try TrackWriter.render(Self.document(Self.points), as: .jsonl)
        let reader = try RecordingReader(source: MemoryByteSource(text: text, name: "track.jsonl"))
        var read: [(Double, LocalPoint, LevelReference?)] = []
        while let event = try reader.next() {
            guard case .sample(let sample, _) = event else { continue }
            guard case .groundTruth(let g) = sample.reading, case .local(let p) = g.location else { continue }
            read.append((sample.timeSeconds, p, g.level))
        }
        #expect(read.count == 3)
        for (r, p) in zip(read, Self.points) {
            #expect(r.0 == p.timeSeconds && r.1 == p.point && r.2 == p.levelID.map { .levelId($0) })
        }
    }
}

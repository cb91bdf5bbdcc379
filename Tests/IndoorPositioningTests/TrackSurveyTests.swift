import IndoorConfiguration
import IndoorGeometry
import IndoorRecordings
import Testing

@testable import IndoorPositioning

/// Radio maps placed on smoothed tracks (``RadioMapBuilder/add(walk:samples:track:survey:strideRatio:)``).
@Suite struct TrackSurveyTests {
    /// Wi-Fi scans of two access points at 2, 4, …, 18 s.
    static let samples: [SensorSample] = stride(from: 2.0, through: 18, by: 2).flatMap { t in
        [RadioMapTests.wifi(t, "aa:bb:cc:00:00:01", -50), RadioMapTests.wifi(t, "aa:bb:cc:00:00:02", -60)]
    }

    /// A straight track east at 1 m/s from (0, 0) at 1 s to (20, 0) at 21 s, its sigma 1 m except
    /// 3 m from 9 s to 13 s.
    static let track: [RadioMapBuilder.TrackPoint] = (1...21).map { second in
        let t = Double(second)
        return RadioMapBuilder.TrackPoint(
            timeSeconds: t, point: LocalPoint(x: t - 1, y: 0), level: .floorName("F1"), sigmaMeters: (9...13).contains(second) ? 3 : 1)
    }

    @Test func scansArePlacedOnTheTrackWhereItIsCertainEnough() throws {
        var builder = RadioMapBuilder(deadReckoning: nil)
        let survey = try TrackSurveyConfiguration { $0.maximumSigmaMeters = 2 }
        let outcome = try builder.add(walk: "w", samples: Self.samples, track: Self.track, survey: survey)
        #expect(outcome.scans == 9)
        // 10 and 12 s lie between track points of 3 m sigma; 8 s (between 8 and 9 s: 1 m and 3 m) too.
        #expect(outcome.tooUncertain == 3)
        #expect(outcome.placed == 6)
        #expect(outcome.placements.map(\.timeSeconds) == [2, 4, 6, 14, 16, 18])
        for placement in outcome.placements {
            #expect(abs(placement.point.x - (placement.timeSeconds - 1)) < 1e-9)
            #expect(abs(placement.point.y) < 1e-9)
        }
        let map = builder.build()
        #expect(map.fingerprints.count == 6)
        #expect(map.levels == [.floorName("F1")])
        // A wider limit keeps every scan.
        var everything = RadioMapBuilder(deadReckoning: nil)
        let all = try everything.add(
            walk: "w", samples: Self.samples, track: Self.track, survey: try TrackSurveyConfiguration { $0.maximumSigmaMeters = 3 })
        #expect(all.placed == 9)
        #expect(all.tooUncertain == 0)
    }

    @Test func trackLegsAreTakenFromTheThinnedTrack() throws {
        var builder = RadioMapBuilder(deadReckoning: nil)
        try builder.add(
            walk: "w", samples: Self.samples, track: Self.track, survey: try TrackSurveyConfiguration { $0.legSpacingMeters = 5 })
        // 20 m east in 1 m track steps: thinned to 0, 5, 10, 15, 20 m, four 5 m legs heading east.
        let legs = builder.build().walkLegs[0]
        #expect(legs.count == 4)
        #expect(legs.allSatisfy { abs($0.lengthMeters - 5) < 1e-9 && abs($0.headingRadians - Double.pi / 2) < 1e-9 })
    }

    @Test func aTrackOfFewerThanTwoPointsIsRefused() {
        var builder = RadioMapBuilder(deadReckoning: nil)
        let lone = [
            Self.track[0], RadioMapBuilder.TrackPoint(timeSeconds: .nan, point: LocalPoint(x: 0, y: 0), level: nil, sigmaMeters: 1),
        ]
        #expect(throws: PositioningError.self) { try builder.add(walk: "lone", samples: Self.samples, track: lone) }
        #expect(throws: PositioningError.self) { try builder.add(walk: "empty", samples: Self.samples, track: []) }
    }

    @Test func invalidTunablesAreRejected() {
        for sigma in [0, -1, 0.05, 1_001, .nan, .infinity] {
            #expect(throws: ConfigurationError.self) { try TrackSurveyConfiguration { $0.maximumSigmaMeters = sigma } }
        }
        for spacing in [0, 1.9, 101, .nan] {
            #expect(throws: ConfigurationError.self) { try TrackSurveyConfiguration { $0.legSpacingMeters = spacing } }
        }
        #expect(TrackSurveyConfiguration.standard == (try? TrackSurveyConfiguration { _ in }))
    }

    @Test func smoothedLevelsAreNamedLikeTheStartLevel() {
        let levels = [
            LevelCandidate(levelID: "F1", floorNumber: 0, elevationMeters: 0),
            LevelCandidate(levelID: "F2", floorNumber: 1, elevationMeters: 4),
        ]
        let points = [
            SmoothedFusionPoint(
                timeSeconds: 0, point: LocalPoint(x: 0, y: 0), covariance: Covariance2D(xx: 4, xy: 0, yy: 1), levelIndex: 1,
                headingBiasRadians: 0, strideScale: 1),
            SmoothedFusionPoint(
                timeSeconds: 1, point: LocalPoint(x: 1, y: 0), covariance: Covariance2D(xx: 1, xy: 0, yy: 9), levelIndex: nil,
                headingBiasRadians: 0, strideScale: 1),
        ]
        #expect(RadioMapBuilder.trackPoints(points, levels: levels, namedLike: .floorNumber(0)).map(\.level) == [.floorNumber(1), nil])
        #expect(RadioMapBuilder.trackPoints(points, levels: levels, namedLike: .floorName("F1")).map(\.level) == [.floorName("F2"), nil])
        #expect(RadioMapBuilder.trackPoints(points, levels: levels, namedLike: nil).map(\.level) == [.levelId("F2"), nil])
        #expect(RadioMapBuilder.trackPoints(points, levels: levels, namedLike: nil).map(\.sigmaMeters) == [2, 3])
    }
}

import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorRecordings
import Testing

@testable import IndoorPositioning

/// Stride ratios measured by the survey, the map's stride scale, and the fusion starting from it.
@Suite struct SurveyedStrideTests {
    /// A 60 s straight walk north and the steps the standard model detects in it.
    static let walk = PositioningTestSupport.walk(seconds: 60, headingRadians: 0)
    static func stepMeters(after start: Double, upTo end: Double) -> Double {
        let provider = DeadReckoningProvider()
        var total = 0.0
        for sample in walk {
            for step in provider.consume(sample) where step.timeSeconds > start && step.timeSeconds <= end { total += step.lengthMeters }
        }
        return total
    }

    @Test func aWalkIsComparedWithTheStepsItsModelDetects() throws {
        let steps = Self.stepMeters(after: 0, upTo: 60)
        #expect(steps > 40, "the synthetic walk should give steps: \(steps) m")
        let truth = [
            TruthPoint(timeSeconds: 0, point: .zero, level: .floorName("F1")),
            TruthPoint(timeSeconds: 60, point: LocalPoint(x: 0, y: 1.2 * steps), level: .floorName("F1")),
        ]
        let ratio = try #require(RadioMapBuilder.strideRatio(samples: Self.walk, truth: truth, model: .standard))
        #expect(abs(ratio - 1.2) < 1e-9)
    }

    @Test func aStrideRatioMeasuredBeforehandIsTheOneAddUses() throws {
        let steps = Self.stepMeters(after: 0, upTo: 60)
        let truth = [
            TruthPoint(timeSeconds: 0, point: .zero, level: .floorName("F1")),
            TruthPoint(timeSeconds: 60, point: LocalPoint(x: 0, y: 1.2 * steps), level: .floorName("F1")),
        ]
        var measuredHere = RadioMapBuilder(deadReckoning: .standard)
        try measuredHere.add(walk: "w", samples: Self.walk, truth: truth)
        var measuredBefore = RadioMapBuilder(deadReckoning: .standard)
        let ratio = RadioMapBuilder.strideRatio(samples: Self.walk, truth: truth, model: .standard)
        try measuredBefore.add(walk: "w", samples: Self.walk, truth: truth, strideRatio: .some(ratio))
        #expect(measuredHere.build() == measuredBefore.build())
        let kept = try #require(measuredBefore.build().strideRatios.first ?? nil)
        #expect(abs(kept - 1.2) < 1e-9)
        // A value given is taken as it is (here: none measured).
        var none = RadioMapBuilder(deadReckoning: .standard)
        try none.add(walk: "w", samples: Self.walk, truth: truth, strideRatio: .some(nil))
        #expect(none.build().strideRatios == [nil])
    }

    @Test func legsThatChangeLevelAreLeftOut() throws {
        let firstHalf = Self.stepMeters(after: 0, upTo: 30)
        let truth = [
            TruthPoint(timeSeconds: 0, point: .zero, level: .floorName("F1")),
            TruthPoint(timeSeconds: 30, point: LocalPoint(x: 1.5 * firstHalf, y: 0), level: .floorName("F1")),
            // The stairs: 2 m on the plan for 30 s of steps, on another level.
            TruthPoint(timeSeconds: 60, point: LocalPoint(x: 1.5 * firstHalf + 2, y: 0), level: .floorName("F2")),
        ]
        let ratio = try #require(RadioMapBuilder.strideRatio(samples: Self.walk, truth: truth, model: .standard))
        #expect(abs(ratio - 1.5) < 1e-9)
    }

    @Test func shortOrImplausibleWalksMeasureNothing() {
        let steps = Self.stepMeters(after: 0, upTo: 60)
        let short = [
            TruthPoint(timeSeconds: 0, point: .zero, level: nil), TruthPoint(timeSeconds: 60, point: LocalPoint(x: 15, y: 0), level: nil),
        ]
        #expect(RadioMapBuilder.strideRatio(samples: Self.walk, truth: short, model: .standard) == nil)
        let tripled = [
            TruthPoint(timeSeconds: 0, point: .zero, level: nil),
            TruthPoint(timeSeconds: 60, point: LocalPoint(x: 3 * steps, y: 0), level: nil),
        ]
        #expect(RadioMapBuilder.strideRatio(samples: Self.walk, truth: tripled, model: .standard) == nil)
        // Without a step model the builder measures nothing.
        var builder = RadioMapBuilder(deadReckoning: nil)
        let outcome = try? builder.add(walk: "w", samples: Self.walk, truth: tripled)
        #expect(outcome?.strideRatio == nil)
        #expect(builder.build().strideRatios == [nil])
    }

    static func map(ratios: [Double?]) -> RadioMap {
        RadioMap(
            frameReference: nil, transmitters: [], levels: [], walks: ratios.indices.map { "w\($0)" }, fingerprints: [],
            strideRatios: ratios)
    }

    @Test func theMapsScaleIsTheMedianOfAtLeastThreeWalks() {
        #expect(Self.map(ratios: [1.0, 1.2, nil, 1.1]).surveyedStrideScale == 1.1)
        #expect(Self.map(ratios: [1.0, 1.2, 1.1, 1.3]).surveyedStrideScale.map { abs($0 - 1.15) < 1e-12 } == true)
        #expect(Self.map(ratios: [1.0, nil, 1.2]).surveyedStrideScale == nil)
        // Cross-validation drops the excluded walks' ratios with their fingerprints.
        let folded = Self.map(ratios: [1.0, 1.2, 1.1, 1.4]).excludingWalks { $0 == "w3" }
        #expect(folded.strideRatios == [1.0, 1.2, 1.1, nil])
        #expect(folded.surveyedStrideScale == 1.1)
        // Ratios given for fewer walks are padded.
        #expect(
            RadioMap(frameReference: nil, transmitters: [], levels: [], walks: ["a", "b"], fingerprints: []).strideRatios == [nil, nil])
    }

    @Test func ratiosAreStoredAndCheckedInTheFile() throws {
        let map = Self.map(ratios: [1.0834, nil, 1.2])
        let decoded = try RadioMap.decode(try JSONParser().parse(map.json.serialized()).value, file: "m.json")
        #expect(decoded.strideRatios == [1.0834, nil, 1.2])
        // Maps written before ratios were measured read as measuring none.
        #expect(try RadioMapText.decode().strideRatios == [nil, nil])
        func error(_ ratios: String) -> String { RadioMapText.decodeError(member: "strideRatios", value: ratios) }
        #expect(error("[1.1]") == "m.json:0: strideRatios: expected an array with one entry per walk (2)")
        #expect(error("[1.1,7]") == "m.json:0: strideRatios[1]: expected null or a number from 0.5 to 2.0")
        #expect(error("[\"x\",null]") == "m.json:0: strideRatios[0]: expected null or a number from 0.5 to 2.0")
    }

    @Test func theFusionStartsFromTheGivenScaleWithinItsLimits() throws {
        func startScale(_ configuration: FusionConfiguration) throws -> Double? {
            let engine = FusionEngine(configuration: configuration)
            try engine.start(
                at: IndoorLocation(point: .zero, levelID: nil, accuracyMeters: 1, timeSeconds: 0, source: "start"), levelIndex: nil)
            return engine.calibration?.strideScale
        }
        #expect(try startScale(.standard) == 1)
        #expect(try startScale(try FusionConfiguration.standard.withInitialStrideScale(1.1)) == 1.1)
        // Beyond maximumStrideScale (1.5) the start is clamped.
        #expect(try startScale(try FusionConfiguration.standard.withInitialStrideScale(2.5)) == 1.5)
        #expect(throws: PositioningError.self) { try FusionConfiguration.standard.withInitialStrideScale(.nan) }
        #expect(throws: PositioningError.self) { try FusionConfiguration.standard.withInitialStrideScale(0) }
    }
}

/// The reported accuracy a replay holds at a time: the last fused point's at or before it.
@Suite struct ReplayAccuracyTests {
    @Test func theLastPointAtOrBeforeTheTimeGivesTheAccuracy() {
        let track = [
            FusionReplay.TrackPoint(timeSeconds: 1, point: .zero, levelIndex: nil, accuracyMeters: 3),
            FusionReplay.TrackPoint(timeSeconds: 2, point: .zero, levelIndex: nil, accuracyMeters: 2),
            FusionReplay.TrackPoint(timeSeconds: 4, point: .zero, levelIndex: nil),
        ]
        #expect(FusionReplay.accuracy(atSeconds: 0, in: track) == 3)
        #expect(FusionReplay.accuracy(atSeconds: 1.5, in: track) == 3)
        #expect(FusionReplay.accuracy(atSeconds: 2, in: track) == 2)
        #expect(FusionReplay.accuracy(atSeconds: 3.9, in: track) == 2)
        #expect(FusionReplay.accuracy(atSeconds: 9, in: track) == .infinity)
        #expect(FusionReplay.accuracy(atSeconds: 1, in: []) == .infinity)
        #expect(FusionReplay.levelIndex(at: 1, in: []) == nil)
    }
}

import Testing

@testable import IndoorPositioning

/// The competition scores on hand-made points.
@Suite struct FusionScoreTests {
    @Test func scoresMatchHandComputation() throws {
        // Errors 1, 2, 3, 4 m; the third is one floor off, the fourth has no truth level.
        let points = [
            ScoredPoint(timeSeconds: 1, errorMeters: 1, floorError: 0),
            ScoredPoint(timeSeconds: 2, errorMeters: 2, floorError: 0),
            ScoredPoint(timeSeconds: 3, errorMeters: 3, floorError: 1),
            ScoredPoint(timeSeconds: 4, errorMeters: 4, floorError: nil),
        ]
        let score = FusionScore(points: points)
        let errors = try #require(score.errors)
        #expect(abs(errors.mean - 2.5) < 1e-12)
        // p75 of 1, 2, 3, 4: h = 3 × 0.75 = 2.25 → 3 + 0.25 × (4 − 3) = 3.25.
        #expect(abs(errors.p75 - 3.25) < 1e-12)
        // Level hit: 2 of the 3 points with a truth level.
        #expect(abs((score.levelHitRate ?? 0) - 2.0 / 3.0) < 1e-12)
        // IPIN: penalised 1, 2, 18, 4 → sorted 1, 2, 4, 18: h = 2.25 → 4 + 0.25 × 14 = 7.5.
        #expect(abs((score.ipinScore ?? 0) - 7.5) < 1e-12)
        // ILC: mean 2.5 + 15 × (1 / 4) = 6.25.
        #expect(abs((score.ilcScore ?? 0) - 6.25) < 1e-12)
    }

    @Test func emptyScoreHasNoFigures() {
        let score = FusionScore(points: [])
        #expect(score.errors == nil)
        #expect(score.ipinScore == nil)
        #expect(score.ilcScore == nil)
        #expect(score.levelHitRate == nil)
    }
}

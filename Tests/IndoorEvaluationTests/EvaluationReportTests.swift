import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorNavigation
import IndoorVenue
import Testing

@testable import IndoorEvaluation
@testable import IndoorPositioning

/// ``EvaluationReport``: figures against hand-computed values and the JSON shape of `eval` and `eval-providers`.
@Suite struct EvaluationReportTests {
    static func keys(_ value: JSONValue?) -> Set<String> { Set(value?.object?.keys.map { $0 } ?? []) }

    @Test func metricsAreTheHandComputedFigures() throws {
        // Errors 1, 2, 3, 4 m; floor errors 0, 0, 1 and one point without a truth level.
        let score = FusionScore(points: [
            ScoredPoint(timeSeconds: 1, errorMeters: 1, floorError: 0), ScoredPoint(timeSeconds: 2, errorMeters: 2, floorError: 0),
            ScoredPoint(timeSeconds: 3, errorMeters: 3, floorError: 1), ScoredPoint(timeSeconds: 4, errorMeters: 4, floorError: nil),
        ])
        let m = EvaluationReport.metrics(score)
        func value(_ key: String) -> Double? { m[key]?.double }
        #expect(value("points") == 4)
        #expect(value("meanErrorMeters") == 2.5)
        // Hyndman–Fan 7: h = 3p; median h = 1.5 → 2.5; p75 h = 2.25 → 3.25; p95 h = 2.85 → 3.85.
        #expect(value("medianErrorMeters") == 2.5)
        #expect(try #require(value("p75ErrorMeters")).isApproximately(3.25))
        #expect(try #require(value("p95ErrorMeters")).isApproximately(3.85))
        #expect(value("maxErrorMeters") == 4)
        #expect(try #require(value("levelHitRate")).isApproximately(2.0 / 3.0))
        // IPIN: p75 of 1, 2, 3 + 15, 4 = p75 of 1, 2, 4, 18 → 4 + 0.25 × 14 = 7.5; ILC: 2.5 + 15 × 1/4 = 6.25.
        #expect(try #require(value("ipinScore")).isApproximately(7.5))
        #expect(try #require(value("ilcScore")).isApproximately(6.25))
        #expect(EvaluationReport.metrics(FusionScore(points: []))["meanErrorMeters"] == .null)
    }

    @Test func anEmptyRunStillListsWhatWasSkipped() {
        let report = EvaluationReport(outcomes: [], skipped: [("a.txt", "no ground truth")])
        let json = report.json
        #expect(json["points"]?.double == 0)
        #expect(json["files"]?.array?.isEmpty == true)
        #expect(json["skipped"] == [["file": "a.txt", "reason": "no ground truth"]])
        #expect(json["offline"] == nil)
        #expect(report.text.contains("skipped 1 file(s): a.txt (no ground truth)"))
    }

    @Test func aScoredWalkHasEveryFigureOfTheReport() throws {
        let venue = try EvaluationInputs.loadVenue(path: EvaluationFixtures.campusVenue)
        let registry = try EvaluationInputs.loadRegistry(path: EvaluationFixtures.campusBeacons)
        var settings = EvaluationSettings(venue: venue, registry: registry)
        settings.offline = .standard
        let evaluator = WalkEvaluator(
            settings: settings, radioMaps: RadioMapSelection(map: nil, configuration: .standard), files: [EvaluationFixtures.campusWalk],
            jobs: 1)
        guard case .scored(let outcome, _) = evaluator.evaluate(EvaluationFixtures.campusWalk) else {
            Issue.record("the bundled walk was not scored")
            return
        }
        let report = EvaluationReport(outcomes: [outcome], offline: true)
        let json = report.json
        #expect(
            Self.keys(json) == [
                "points", "meanErrorMeters", "medianErrorMeters", "p75ErrorMeters", "p95ErrorMeters", "maxErrorMeters", "levelHitRate",
                "ipinScore", "ilcScore", "shareBeyondCorridorSigmas", "consistency", "againstDeadReckoning", "files", "pdr", "providers",
                "skipped", "offline",
            ])
        let file = try #require(json["files"]?.array?.first)
        #expect(file["file"]?.string == EvaluationFixtures.campusWalk)
        #expect(file["dataset"]?.string == "canonical")
        #expect(file["fold"] == .null)
        #expect(
            Self.keys(file).isSuperset(of: ["pdr", "providers", "consistency", "pointErrors", "fusion", "offline", "meanErrorMeters"]))
        // 74 truth points: the first is the start, the other 73 are scored.
        #expect(file["pointErrors"]?.array?.count == 73)
        #expect(json["points"]?.double == 73)
        #expect(Self.keys(json["againstDeadReckoning"]) == ["walks", "notWorse", "notWorseShare", "worstRatio", "worseThan1.25"])
        #expect(report.text.contains("overall fusion: mean "))
        // The points file: its header, then one row per fused point, per dead-reckoning point and per provider fix.
        let rows = report.pointsCSV.split(separator: "\n")
        #expect(rows.first.map(String.init) == EvaluationReport.pointColumns.joined(separator: ","))
        #expect(rows.filter { $0.contains(",fused,") }.count == 73)
        #expect(rows.filter { $0.contains(",deadReckoning,") }.count == 73)
        // With --offline, one row per smoothed point too, its error the distance between its truth and
        // estimate columns, and its mean the offline section's.
        let offlineRows = rows.filter { $0.contains(",offline,") }.map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(offlineRows.count == 73)
        var errorSum = 0.0
        for row in offlineRows {
            let v = { (k: Int) in Double(row[k]) ?? .nan }
            let distance = ((v(6) - v(3)) * (v(6) - v(3)) + (v(7) - v(4)) * (v(7) - v(4))).squareRoot()
            #expect(abs(distance - v(8)) < 0.003, "row \(row.joined(separator: ","))")
            #expect(v(10) > 0)
            errorSum += v(8)
        }
        let offlineMean = try #require(json["offline"]?["meanErrorMeters"]?.double)
        #expect(abs(errorSum / 73 - offlineMean) < 0.001)
        // The plots draw the smoothed track and its error curve.
        let plots = EvaluationPlots.plots(report, venue: venue, to: "out")
        #expect(!plots.isEmpty)
        #expect(plots.allSatisfy { $0.svg.contains("offline (smoothed)") })
        #expect(EvaluationPlots.errorCDF(report).contains("offline (smoothed)"))
    }

    /// A dead-reckoning score with these figures (its memberwise init, through `@testable`).
    static func deadReckoning(errors: [Double], stepCount: Int, detected: Double, true trueDistance: Double) -> DeadReckoningScore {
        DeadReckoningScore(
            errors: ErrorStatistics(errors), errorValuesMeters: errors, finalErrorMeters: errors.last, scoredPoints: errors.count,
            stepCount: stepCount, detectedDistanceMeters: detected, trueDistanceMeters: trueDistance)
    }

    @Test func providerReportsPoolEachDatasetsFiles() {
        var a = FileOutcome(file: "a.txt", dataset: "ilc")
        a.deadReckoning = Self.deadReckoning(errors: [1, 3], stepCount: 10, detected: 9, true: 10)
        var b = FileOutcome(file: "b.txt", dataset: "ilc")
        b.deadReckoning = Self.deadReckoning(errors: [5], stepCount: 5, detected: 6, true: 5)
        let report = EvaluationReport(outcomes: [a, b], skipped: [("c.txt", "not a recording")])
        let pooled = report.providersJSON["overall"]?["ilc/pdr"]
        // Errors 1, 3, 5 pooled: mean 3; file means 2 and 5: 3.5; distance 15 / 15.
        #expect(pooled?["count"]?.double == 3)
        #expect(pooled?["meanErrorMeters"]?.double == 3)
        #expect(pooled?["meanOfFileMeansMeters"]?.double == 3.5)
        #expect(pooled?["distanceRatio"]?.double == 1)
        #expect(pooled?["files"]?.double == 2)
        #expect(report.providersJSON["files"]?.array?.count == 2)
        #expect(report.providersJSON["skipped"]?.array?.count == 1)
        #expect(report.providersText.contains("ilc a.txt pdr: mean 2.00 m"))
    }

    @Test func navigatedWalksArePooled() {
        var first = WalkNavigation.Outcome(falseOffRouteEvents: 1, reroutes: 0, arrived: 1)
        first.earlyArrivalWalks = [("a.txt", 3.456)]
        first.earlyArrivals = 1
        let second = WalkNavigation.Outcome(notPlanned: 1, firstFailure: "no route")
        let pooled = WalkNavigation.Outcome.pooled([first, second])
        #expect(pooled.walks == 2)
        #expect(pooled.arrived == 1)
        #expect(pooled.falseOffRouteEvents == 1)
        #expect(pooled.notPlanned == 1)
        #expect(pooled.firstFailure == "no route")
        #expect(pooled.json["earlyArrivalWalks"] == [["file": "a.txt", "trueDistanceMeters": 3.46]])
        #expect(pooled.json["standingSecondsAtMost"]?.double == WalkNavigation.standingSeconds)
    }
}

extension Double {
    /// Equal within 1e-9 (sums of a few decimals).
    func isApproximately(_ other: Double) -> Bool { abs(self - other) < 1e-9 }
}

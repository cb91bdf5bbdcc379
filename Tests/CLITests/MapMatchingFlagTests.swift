import Foundation
import Testing

/// `indoornav eval --no-map-matching` and `--map-matching-option NAME=VALUE`.
@Suite(.serialized) struct MapMatchingFlagTests {
    static let walk = "Recordings/simulated/campus-info-to-deans-office.jsonl"
    static let venue = "Recordings/venues/campus"

    /// Runs `eval` on the walk with `flags` and checks it is refused as a usage error (64) saying `message`.
    static func expectRefused(_ flags: [String], saying message: String) throws {
        let run = try CLIRunner.run(["eval", walk, "--venue", venue] + flags)
        #expect(run.status == 64, "\(flags): \(run.stderr)")
        #expect(run.stderr.contains(message), "\(flags): \(run.stderr)")
    }

    /// The mean error `eval --json` reports for the walk on the venue with `flags`: of dead reckoning
    /// (`section` "pdr") or of the fused track (`section` nil).
    static func meanErrorMeters(_ flags: [String], section: String?) throws -> Double {
        let run = try CLIRunner.run(["eval", walk, "--venue", venue, "--json"] + flags)
        #expect(run.status == 0, "\(flags): \(run.stderr)")
        let report = try #require(run.json)
        return try #require((section.map { report[$0] } ?? report)?["meanErrorMeters"]?.double)
    }

    @Test func theMatcherRunsWithAVenueUnlessTurnedOff() throws {
        let on = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--json"])
        #expect(on.status == 0, "\(on.stderr)")
        let onFusion = try #require(on.json?["files"]?.array?.first?["fusion"])
        let steps = try #require(onFusion["steps"]?.int)
        #expect(steps > 50)
        #expect(onFusion["mapMatchedSteps"]?.int == steps)
        #expect(onFusion["wallCorrections"]?.int == 0)

        let off = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--no-map-matching", "--json"])
        #expect(off.status == 0, "\(off.stderr)")
        let offFusion = try #require(off.json?["files"]?.array?.first?["fusion"])
        #expect(offFusion["mapMatchedSteps"]?.int == 0)
        #expect(offFusion["particleResamplings"]?.int == 0)
    }

    @Test func anotherSeedIsAcceptedAndBadOptionsAreUsageErrors() throws {
        let seeded = try CLIRunner.run([
            "eval", Self.walk, "--venue", Self.venue, "--map-matching-option", "seed=2",
            "--map-matching-option", "particleCount=50", "--json",
        ])
        #expect(seeded.status == 0, "\(seeded.stderr)")
        #expect(seeded.json?["files"]?.array?.first?["fusion"]?["mapMatchedSteps"]?.int ?? 0 > 0)

        try Self.expectRefused(
            ["--map-matching-option", "particles=5"],
            saying: "--map-matching-option: map-matching configuration: no setting 'particles'; known: particleCount")
        try Self.expectRefused(["--map-matching-option", "seed=abc"], saying: "'abc' is not a number")
        try Self.expectRefused(["--map-matching-option", "particleCount=3"], saying: "particleCount")
        try Self.expectRefused(["--map-matching-option", "seed=1.5"], saying: "seed = 1.5 is not a whole number")
    }

    /// The covariance bound and the particles without walls are options like the rest: checked, and used
    /// (what the bound does is tested on the engine, `ParticleEvidenceTests`).
    @Test func theSpreadBoundIsCheckedAndUsed() throws {
        try Self.expectRefused(["--map-matching-option", "spreadCovarianceFactor=0.5"], saying: "spreadCovarianceFactor")
        let free = try CLIRunner.run([
            "eval", Self.walk, "--venue", Self.venue, "--map-matching-option", "spreadCovarianceFactor=0", "--json",
        ])
        #expect(free.status == 0, "\(free.stderr)")
        let withoutWalls = try CLIRunner.run([
            "eval", Self.walk, "--map-matching-option", "withoutFloorPlan=1", "--json",
        ])
        #expect(withoutWalls.status == 0, "\(withoutWalls.stderr)")
        #expect(withoutWalls.json?["files"]?.array?.first?["fusion"]?["mapMatchedSteps"]?.int ?? 0 > 0)
        let noVenue = try CLIRunner.run(["eval", Self.walk, "--json"])
        #expect(noVenue.json?["files"]?.array?.first?["fusion"]?["mapMatchedSteps"]?.int == 0)
    }

    @Test func theStrideConstantIsCheckedAndUsed() throws {
        try Self.expectRefused(["--weinberg-k", "3"], saying: "--weinberg-k")
        try Self.expectRefused(["--weinberg-k", "long"], saying: "--weinberg-k")
        // A longer stride constant makes the dead-reckoning track longer, so its score changes.
        let a = try Self.meanErrorMeters([], section: "pdr")
        let b = try Self.meanErrorMeters(["--weinberg-k", "0.6"], section: "pdr")
        #expect(abs(a - b) > 0.01, "pdr \(a) m against \(b) m")
    }

    @Test func headingOptionsAreCheckedAndUsed() throws {
        try Self.expectRefused(
            ["--heading-option", "tau=5"], saying: "--heading-option: heading configuration: no setting 'tau'; known: declinationRadians")
        try Self.expectRefused(["--heading-option", "absoluteHeadingTimeConstantSeconds=-1"], saying: "absoluteHeadingTimeConstantSeconds")
        try Self.expectRefused(["--heading-option", "declinationRadians=east"], saying: "'east' is not a number")
        // A declination turns every step, so dead reckoning's score changes.
        let a = try Self.meanErrorMeters(["--no-map"], section: "pdr")
        let b = try Self.meanErrorMeters(["--no-map", "--heading-option", "declinationRadians=0.5"], section: "pdr")
        #expect(abs(a - b) > 0.1, "pdr \(a) m against \(b) m")
    }

    @Test func fusionOptionsAreCheckedAndUsed() throws {
        try Self.expectRefused(
            ["--fusion-option", "stride=2"],
            saying: "--fusion-option: fusion configuration: no setting 'stride'; known: initialHeadingBiasSigmaRadians")
        try Self.expectRefused(["--fusion-option", "gateProbability=1"], saying: "gateProbability")
        try Self.expectRefused(["--fusion-option", "gateProbability=2"], saying: "gateProbability = 2 is outside 0.5 ..< 1")
        // This round's settings: a climb's confirming height and the beacons' height are metres from 0 to 10.
        for bad in ["climbingConfirmHeightMeters=-1", "beaconHeightAboveDeviceMeters=11", "beaconHeightAboveDeviceMeters=x"] {
            try Self.expectRefused(["--fusion-option", bad], saying: String(bad.prefix { $0 != "=" }))
        }
        try Self.expectRefused(["--fusion-option", "straightWalkSteps=2.5"], saying: "whole number")
        // A much wider per-step position noise changes the fused track.
        let a = try Self.meanErrorMeters(["--no-map"], section: nil)
        let b = try Self.meanErrorMeters(["--no-map", "--fusion-option", "positionNoisePerStepMeters=3"], section: nil)
        #expect(abs(a - b) > 0.01, "fused \(a) m against \(b) m")
    }
}

/// The reported accuracy beside each scored point, and the share of points beyond the corridor's sigmas.
@Suite struct EvalAccuracyReportTests {
    @Test func theShareBeyondTheCorridorAgreesWithThePointsAccuracies() throws {
        let run = try CLIRunner.run(["eval", MapMatchingFlagTests.walk, "--venue", MapMatchingFlagTests.venue, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let points = try #require(run.json?["files"]?.array?.first?["pointErrors"]?.array)
        #expect(!points.isEmpty)
        var beyond = 0
        for point in points {
            let error = try #require(point["errorMeters"]?.double)
            let sigma = try #require(point["accuracyMeters"]?.double)
            #expect(sigma > 0 && sigma < 50, "accuracy \(sigma) m")
            if error > 2.5 * sigma { beyond += 1 }
        }
        let share = try #require(run.json?["shareBeyondCorridorSigmas"]?.double)
        #expect(abs(share - Double(beyond) / Double(points.count)) < 1e-12)
        let text = try CLIRunner.run(["eval", MapMatchingFlagTests.walk, "--venue", MapMatchingFlagTests.venue])
        #expect(text.stdout.contains("overall fusion accuracy: the error exceeds 2.5 × the reported accuracy at"))
    }
}

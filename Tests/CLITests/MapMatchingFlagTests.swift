import Foundation
import Testing

/// `indoornav eval --no-map-matching` and `--map-matching-option NAME=VALUE`.
@Suite(.serialized) struct MapMatchingFlagTests {
    static let walk = "Recordings/simulated/campus-info-to-deans-office.jsonl"
    static let venue = "Recordings/venues/campus"

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

        let unknown = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--map-matching-option", "particles=5"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("--map-matching-option: map-matching configuration: no setting 'particles'; known: particleCount"))
        let notANumber = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--map-matching-option", "seed=abc"])
        #expect(notANumber.status != 0)
        #expect(notANumber.stderr.contains("'abc' is not a number"))
        let outOfRange = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--map-matching-option", "particleCount=3"])
        #expect(outOfRange.status != 0)
        #expect(outOfRange.stderr.contains("particleCount"))
        let fractional = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--map-matching-option", "seed=1.5"])
        #expect(fractional.status != 0)
        #expect(fractional.stderr.contains("seed = 1.5 is not a whole number"))
    }

    /// The covariance bound and the particles without walls are options like the rest: checked, and used
    /// (what the bound does is tested on the engine, `ParticleEvidenceTests`).
    @Test func theSpreadBoundIsCheckedAndUsed() throws {
        let outOfRange = try CLIRunner.run([
            "eval", Self.walk, "--venue", Self.venue, "--map-matching-option", "spreadCovarianceFactor=0.5",
        ])
        #expect(outOfRange.status == 64, "\(outOfRange.stderr)")
        #expect(outOfRange.stderr.contains("spreadCovarianceFactor"))
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
        let outOfRange = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--weinberg-k", "3"])
        #expect(outOfRange.status == 64, "\(outOfRange.stderr)")
        #expect(outOfRange.stderr.contains("--weinberg-k"))
        let notANumber = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--weinberg-k", "long"])
        #expect(notANumber.status == 64)
        #expect(notANumber.stderr.contains("--weinberg-k"))
        // A longer stride constant makes the dead-reckoning track longer, so its score changes.
        let standard = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--json"])
        let longer = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--weinberg-k", "0.6", "--json"])
        #expect(standard.status == 0 && longer.status == 0, "\(longer.stderr)")
        let a = try #require(standard.json?["pdr"]?["meanErrorMeters"]?.double)
        let b = try #require(longer.json?["pdr"]?["meanErrorMeters"]?.double)
        #expect(abs(a - b) > 0.01, "pdr \(a) m against \(b) m")
    }

    @Test func headingOptionsAreCheckedAndUsed() throws {
        let unknown = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--heading-option", "tau=5"])
        #expect(unknown.status == 64, "\(unknown.stderr)")
        #expect(
            unknown.stderr.contains("--heading-option: heading configuration: no setting 'tau'; known: declinationRadians"),
            "\(unknown.stderr)")
        let outOfRange = try CLIRunner.run([
            "eval", Self.walk, "--venue", Self.venue, "--heading-option", "absoluteHeadingTimeConstantSeconds=-1",
        ])
        #expect(outOfRange.status == 64)
        #expect(outOfRange.stderr.contains("absoluteHeadingTimeConstantSeconds"), "\(outOfRange.stderr)")
        let notANumber = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--heading-option", "declinationRadians=east"])
        #expect(notANumber.status == 64)
        #expect(notANumber.stderr.contains("'east' is not a number"), "\(notANumber.stderr)")
        // A declination turns every step, so dead reckoning's score changes.
        let standard = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--no-map", "--json"])
        let turned = try CLIRunner.run([
            "eval", Self.walk, "--venue", Self.venue, "--no-map", "--json", "--heading-option", "declinationRadians=0.5",
        ])
        #expect(standard.status == 0 && turned.status == 0, "\(turned.stderr)")
        let a = try #require(standard.json?["pdr"]?["meanErrorMeters"]?.double)
        let b = try #require(turned.json?["pdr"]?["meanErrorMeters"]?.double)
        #expect(abs(a - b) > 0.1, "pdr \(a) m against \(b) m")
    }

    @Test func fusionOptionsAreCheckedAndUsed() throws {
        let unknown = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--fusion-option", "stride=2"])
        #expect(unknown.status == 64, "\(unknown.stderr)")
        #expect(
            unknown.stderr.contains("--fusion-option: fusion configuration: no setting 'stride'; known: initialHeadingBiasSigmaRadians"))
        let outOfRange = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--fusion-option", "gateProbability=1"])
        #expect(outOfRange.status == 64)
        #expect(outOfRange.stderr.contains("gateProbability"))
        let far = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--fusion-option", "gateProbability=2"])
        #expect(far.status == 64)
        #expect(far.stderr.contains("gateProbability = 2 is outside 0.5 ..< 1"), "\(far.stderr)")
        // This round's settings: a climb's confirming height and the beacons' height are metres from 0 to 10.
        for bad in ["climbingConfirmHeightMeters=-1", "beaconHeightAboveDeviceMeters=11", "beaconHeightAboveDeviceMeters=x"] {
            let r = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--fusion-option", bad])
            #expect(r.status == 64, "\(bad): \(r.stderr)")
            #expect(r.stderr.contains(String(bad.prefix { $0 != "=" })), "\(bad): \(r.stderr)")
        }
        let fractional = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--fusion-option", "straightWalkSteps=2.5"])
        #expect(fractional.status == 64)
        #expect(fractional.stderr.contains("whole number"))
        // A much wider per-step position noise changes the fused track.
        let standard = try CLIRunner.run(["eval", Self.walk, "--venue", Self.venue, "--no-map", "--json"])
        let noisy = try CLIRunner.run([
            "eval", Self.walk, "--venue", Self.venue, "--no-map", "--fusion-option", "positionNoisePerStepMeters=3", "--json",
        ])
        #expect(standard.status == 0 && noisy.status == 0, "\(noisy.stderr)")
        let a = try #require(standard.json?["meanErrorMeters"]?.double)
        let b = try #require(noisy.json?["meanErrorMeters"]?.double)
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

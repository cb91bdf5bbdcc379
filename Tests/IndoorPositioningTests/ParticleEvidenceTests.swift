import Foundation
import IndoorConfiguration
import IndoorGeometry
import Testing

@testable import IndoorPositioning
@testable import IndoorVenue

/// What the particles tell the Kalman filter beyond their mean (the walls' information in the reported
/// covariance), what a likelihood over places tells the particles, and particles without a floor plan.
@Suite struct ParticleEvidenceTests {
    // MARK: - The walls' information in the reported covariance

    @Test func theSpreadFactorIsZeroOrWithinItsRange() throws {
        #expect(throws: ConfigurationError.self) { try MapMatchingConfiguration { $0.spreadCovarianceFactor = 0.5 } }
        #expect(throws: ConfigurationError.self) { try MapMatchingConfiguration { $0.spreadCovarianceFactor = 101 } }
        #expect(throws: ConfigurationError.self) { try MapMatchingConfiguration { $0.spreadCovarianceFactor = .nan } }
        #expect(try MapMatchingConfiguration { $0.spreadCovarianceFactor = 0 }.spreadCovarianceFactor == 0)
        #expect(MapMatchingConfiguration.standard.spreadCovarianceFactor == 4)
        #expect(MapMatchingConfiguration.standard.withoutFloorPlan == false)
    }

    /// Down the 4 m corridor (y 4…8) of ``MapMatchingTests/corridorVenue()`` the walls hold the cloud
    /// across the corridor. A uniform spread over 4 m has a one-sigma of 4/√12 ≈ 1.15 m, so the reported
    /// one-sigma across, bounded by 4 × the cloud's, is at most 4.6 m; without the bound the filter's
    /// covariance grows with every step's heading noise.
    @Test func theWallsNarrowTheReportedCovarianceAcrossTheCorridor() throws {
        let venue = MapMatchingTests.corridorVenue()
        let bounded = try MapMatchingTests.engine(mapMatching: .standard, venue: venue)
        let free = try MapMatchingTests.engine(mapMatching: try MapMatchingConfiguration { $0.spreadCovarianceFactor = 0 }, venue: venue)
        MapMatchingTests.biasedWalk(engine: bounded)
        MapMatchingTests.biasedWalk(engine: free)
        let b = try #require(bounded.location), f = try #require(free.location)
        let cloud = try #require(bounded.matcher).positionCovariance()
        #expect(cloud.yy < 1.16 * 1.16, "the cloud is wider than the corridor allows: \(cloud)")
        #expect(b.covariance.yy <= 16 * cloud.yy * 1.0001 + 1e-9, "not bounded by the spread: \(b.covariance) vs \(cloud)")
        #expect(b.covariance.yy < f.covariance.yy, "the walls added nothing: \(b.covariance) vs \(f.covariance)")
        // Still honest: the walker walked the centre line y = 6.
        #expect(abs(b.point.y - 6) < 2.5 * b.covariance.yy.squareRoot(), "\(b.point) σy \(b.covariance.yy.squareRoot())")
        // The bound narrows the covariance without moving the estimate or teaching the stride scale.
        #expect(abs(b.point.x - f.point.x) < 1e-9 && abs(b.point.y - f.point.y) < 1e-9)
        let scales = (try #require(bounded.calibration?.strideScale), try #require(free.calibration?.strideScale))
        #expect(abs(scales.0 - scales.1) < 1e-9)
        #expect(bounded.statistics.failedCorrectionCount == 0)
    }

    // MARK: - Likelihoods over places

    /// Two equal peaks at x = ±2 m (one-sigma 0.5 m) weigh a cloud drawn around the origin: the
    /// particles gather at both peaks, as no single Gaussian could put them; their mean stays between.
    /// The particles' heading bias walks by the matcher's own random walk, not the Kalman filter's.
    @Test func theParticlesBiasWalksByTheMatchersOwnRandomWalk() throws {
        func biasSpread(matcher walk: Double, fusion fusionWalk: Double) throws -> Double {
            var fusion = FusionConfiguration.standard
            fusion.headingBiasRandomWalkRadiansPerStep = fusionWalk
            var cloud = ParticleMapMatcher(
                configuration: try MapMatchingConfiguration {
                    $0.particleCount = 1_000
                    $0.initialHeadingBiasSigmaRadians = 0
                    $0.headingBiasRandomWalkRadiansPerStep = walk
                },
                fusion: fusion, floorPlan: nil)
            cloud.seed(at: .zero, covariance: Covariance2D(xx: 1, xy: 0, yy: 1))
            for _ in 0..<25 {
                cloud.step(
                    lengthMeters: 0.7, lengthSigmaMeters: 0.07, headingRadians: 0, headingSigmaRadians: 0.1, strideScale: 1,
                    levelIndex: 0)
            }
            let mean = cloud.headingBias.reduce(0, +) / Double(cloud.headingBias.count)
            return (cloud.headingBias.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(cloud.headingBias.count)).squareRoot()
        }
        // No walk of its own: the bias stays where it started, whatever the Kalman filter's walk.
        #expect(try biasSpread(matcher: 0, fusion: 0.2) == 0)
        // 0.04 rad a step for 25 steps: a spread of 0.04 · √25 = 0.2 rad (1,000 particles: within 10 %).
        let spread = try biasSpread(matcher: 0.04, fusion: 0)
        #expect(abs(spread - 0.2) < 0.02, "spread \(spread)")
    }

    @Test func aTwoPeakedLikelihoodKeepsBothPeaks() throws {
        struct TwoPeaks: PlaceLikelihood {
            func logLikelihood(at point: LocalPoint) -> Double {
                let a = -0.5 * pow((point.x - 2) / 0.5, 2), b = -0.5 * pow((point.x + 2) / 0.5, 2)
                let top = max(a, b)
                return top + log(exp(a - top) + exp(b - top))
            }
        }
        var cloud = ParticleMapMatcher(
            configuration: try MapMatchingConfiguration {
                $0.particleCount = 2_000
                $0.measurementLikelihoodFloor = 0
            },
            fusion: .standard, floorPlan: nil)
        cloud.seed(at: .zero, covariance: Covariance2D(xx: 9, xy: 0, yy: 1))
        let likelihood = TwoPeaks()
        cloud.weigh(logLikelihood: { likelihood.logLikelihood(at: LocalPoint(x: $0, y: $1)) })
        var right = 0.0, left = 0.0, middle = 0.0
        for i in cloud.east.indices {
            let x = cloud.east[i], w = cloud.weights[i]
            if abs(x - 2) < 1 { right += w } else if abs(x + 2) < 1 { left += w } else if abs(x) < 0.5 { middle += w }
        }
        #expect(right > 0.35 && left > 0.35, "left \(left), right \(right)")
        #expect(middle < 0.01, "weight left between the peaks: \(middle)")
        #expect(abs(cloud.mean().east) < 0.5)
        // A likelihood that is nowhere finite says nothing: the weights stay.
        let before = cloud.weights
        cloud.weigh(logLikelihood: { _, _ in -.infinity })
        #expect(cloud.weights == before)
    }

    /// A fix that summarises a likelihood: the Kalman filter fuses the (wide) fix, the particles follow
    /// the likelihood's narrow peak 3 m east, which a Gaussian fix at the origin does not. Without the
    /// likelihood floor the particles' mean is the posterior's: prior N(0, 2²) times N(3, 0.5²) has its
    /// mean at 3 · 4 / 4.25 ≈ 2.8 m.
    @Test func theParticlesFollowTheLikelihoodNotItsSummary() throws {
        struct Peak: PlaceLikelihood {
            func logLikelihood(at point: LocalPoint) -> Double { -0.5 * (pow(point.x - 3, 2) + point.y * point.y) / 0.25 }
        }
        func engine() throws -> FusionEngine {
            var configuration = FusionConfiguration.standard
            configuration.mapMatching = try MapMatchingConfiguration {
                $0.particleCount = 2_000
                $0.measurementLikelihoodFloor = 0
                $0.withoutFloorPlan = true
            }
            return try FusionEngineTests.started(at: .zero, sigma: 2, configuration: configuration)
        }
        let fix = IndoorLocation(point: .zero, levelID: nil, accuracyMeters: 3, timeSeconds: 0, source: "fingerprint")
        let weighed = try engine()
        #expect(weighed.matcher != nil, "no particles without a floor plan")
        #expect(weighed.update(with: fix, likelihood: Peak()).isAccepted)
        let plain = try engine()
        #expect(plain.update(with: fix).isAccepted)
        let w = try #require(weighed.point), p = try #require(plain.point)
        #expect(abs(w.x - 2.82) < 0.3, "the particles did not follow the likelihood: \(w)")
        #expect(abs(p.x) < 0.5, "a Gaussian fix at the origin moved the estimate: \(p)")
    }

    /// Without a floor plan the particles step with the filter (no walls weigh them) only when asked.
    @Test func particlesRunWithoutAFloorPlanOnlyWhenAsked() throws {
        var configuration = FusionConfiguration.standard
        configuration.mapMatching = try MapMatchingConfiguration { $0.withoutFloorPlan = true }
        let with = try FusionEngineTests.started(configuration: configuration)
        let without = try FusionEngineTests.started()
        for engine in [with, without] {
            for i in 1...20 {
                engine.predict(
                    with: StepEvent(
                        timeSeconds: Double(i) * 0.6, lengthMeters: 0.7, lengthSigmaMeters: 0.07, headingRadians: .pi / 2,
                        headingSigmaRadians: 0.1))
            }
        }
        #expect(with.statistics.mapMatchedSteps == 20)
        #expect(without.statistics.mapMatchedSteps == 0)
        let a = try #require(with.point), b = try #require(without.point)
        // 20 steps of 0.7 m east: both near 14 m, the particles' mean within the filter's spread.
        #expect(abs(a.x - 14) < 1.5 && abs(b.x - 14) < 1.5, "\(a) \(b)")
    }

    // MARK: - The radio scan's likelihood

    /// The signal model's fix comes with the scan's likelihood when the particles are to be weighed by
    /// it, and the likelihood is highest where the scan was made.
    @Test func aSignalModelFixCarriesTheScansLikelihood() throws {
        let map = RadioSignalModelTests.map()
        let truth = LocalPoint(x: 10, y: 12)
        let scan = RadioScan(
            timeSeconds: 0,
            readings: Dictionary(
                uniqueKeysWithValues: RadioSignalModelTests.sources.enumerated().map {
                    ("wifi:00:00:00:00:00:0\($0.offset + 1)", RadioSignalModelTests.rssi(truth, $0.element))
                }))
        let prior = PositionEstimate(point: LocalPoint(x: 12, y: 10), covariance: Covariance2D(xx: 16, xy: 0, yy: 16))
        var configuration = FingerprintConfiguration.standard
        configuration.signalModel = .standard
        #expect(SignalModelConfiguration.standard.weighsParticlesByLikelihood == false)
        configuration.signalModel?.weighsParticlesByLikelihood = true
        let weighing = try #require(FingerprintMatcher(map: map, configuration: configuration).matchWithLikelihood(scan, prior: prior))
        let likelihood = try #require(weighing.likelihood)
        #expect(likelihood.readingCount == 4)
        #expect(likelihood.logLikelihood(at: truth) > likelihood.logLikelihood(at: LocalPoint(x: 25, y: 25)))
        #expect(likelihood.logLikelihood(at: truth) > likelihood.logLikelihood(at: LocalPoint(x: 2, y: 2)))
        var summary = configuration
        summary.signalModel?.weighsParticlesByLikelihood = false
        let summarised = try #require(FingerprintMatcher(map: map, configuration: summary).matchWithLikelihood(scan, prior: prior))
        #expect(summarised.likelihood == nil)
        #expect(summarised.match == weighing.match)
        let nearest = try #require(FingerprintMatcher(map: map).matchWithLikelihood(scan, prior: prior))
        #expect(nearest.likelihood == nil)
    }
}

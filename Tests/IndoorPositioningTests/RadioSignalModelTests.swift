import Foundation
import IndoorConfiguration
import IndoorGeometry
import Testing

@testable import IndoorPositioning

/// The radio map's signal model (path-loss mean, kernel correction, uncertainty growing away from the
/// survey) and the scan likelihood over a prior's neighbourhood.
@Suite struct RadioSignalModelTests {
    /// Four transmitters at the corners of a 30 m square, RSSI = −40 − 25 log10(d) (d with 1.5 m height).
    static let sources = [LocalPoint(x: 0, y: 0), LocalPoint(x: 30, y: 0), LocalPoint(x: 0, y: 30), LocalPoint(x: 30, y: 30)]

    static func rssi(_ p: LocalPoint, _ source: LocalPoint) -> Double {
        let d = (p.distance(to: source) * p.distance(to: source) + 2.25).squareRoot()
        return -40 - 25 * log10(d)
    }

    /// Fingerprints every 2 m over x, y ∈ [0, span] (level 0).
    static func map(span: Double = 30) -> RadioMap {
        var fingerprints: [RadioMap.Fingerprint] = []
        for x in stride(from: 0.0, through: span, by: 2) {
            for y in stride(from: 0.0, through: span, by: 2) {
                let p = LocalPoint(x: x, y: y)
                let readings = sources.enumerated().map { RadioMap.Reading(transmitter: $0.offset, rssiDbm: rssi(p, $0.element)) }
                fingerprints.append(RadioMap.Fingerprint(point: p, levelIndex: 0, walkIndex: 0, timeSeconds: 0, readings: readings))
            }
        }
        return RadioMap(
            frameReference: nil, transmitters: (1...4).map { "wifi:00:00:00:00:00:0\($0)" }, levels: [.levelId("L0")],
            walks: ["w"], fingerprints: fingerprints)
    }

    @Test func predictsSurveyedSignalsAndWidensAwayFromTheSurvey() throws {
        let model = RadioSignalModel(map: Self.map(span: 14))
        // Inside the surveyed square: within 1.5 dB of the true signal, sigma close to the fading's 4 dB.
        let inside = LocalPoint(x: 7, y: 5)
        let near = try #require(model.prediction(transmitter: 0, levelIndex: 0, at: inside))
        #expect(abs(near.meanDbm - Self.rssi(inside, Self.sources[0])) < 1.5)
        #expect(near.sigmaDb < 4.5)
        // 40 m from any fingerprint: the path-loss line (the data follow one exactly) and a wider sigma.
        let far = LocalPoint(x: 60, y: 50)
        let away = try #require(model.prediction(transmitter: 0, levelIndex: 0, at: far))
        #expect(abs(away.meanDbm - Self.rssi(far, Self.sources[0])) < 3)
        #expect(away.sigmaDb > near.sigmaDb + 0.5)
        // A level with no fingerprints predicts nothing.
        #expect(model.prediction(transmitter: 0, levelIndex: 1, at: inside) == nil)
    }

    /// The returned measurement, fused by the Kalman update, gives the posterior computed here directly
    /// from the model's predictions on a finer grid (an independent implementation of prior × likelihood).
    @Test func theMeasurementReproducesTheNeighbourhoodPosterior() throws {
        let configuration = try SignalModelConfiguration {
            $0.measurementSigmaDb = 2
            $0.likelihoodExponent = 1
            $0.deviceOffsetSigmaDb = 0
        }
        let model = RadioSignalModel(map: Self.map(), configuration: configuration)
        // Near a transmitter, where the signal changes by several dB per metre.
        let truth = LocalPoint(x: 5, y: 6)
        let readings = Self.sources.enumerated().map { (transmitter: $0.offset, rssiDbm: Self.rssi(truth, $0.element) + 1) }
        let prior = PositionEstimate(point: LocalPoint(x: 8, y: 3), covariance: Covariance2D(xx: 9, xy: 2, yy: 6))
        let measurement = try #require(model.neighbourhoodMeasurement(of: readings, levelIndex: 0, prior: prior))
        // Kalman update with (z, R): K = P (P + R)⁻¹, m₁ = m₀ + K (z − m₀), P₁ = (I − K) P.
        let p = prior.covariance, r = measurement.covariance
        let sInverse = try #require((p + r).inverse)
        let dz = (measurement.point.x - prior.point.x, measurement.point.y - prior.point.y)
        let (sx, sy) = sInverse.applied(to: dz.0, dz.1)
        let (kx, ky) = p.applied(to: sx, sy)
        let fused = LocalPoint(x: prior.point.x + kx, y: prior.point.y + ky)
        // Direct posterior: weights exp(−½ δᵀP⁻¹δ) Πₜ [(1−ε)N + ε/S]^κ on a 0.25 m grid over ±3σ (≥ 4 m).
        let pInverse = try #require(p.inverse)
        var total = 0.0, mx = 0.0, my = 0.0
        var samples: [(dx: Double, dy: Double, w: Double)] = []
        for dx in stride(from: -9.0, through: 9.0, by: 0.25) {
            for dy in stride(from: -7.35, through: 7.35, by: 0.25) {
                let point = LocalPoint(x: prior.point.x + dx, y: prior.point.y + dy)
                var logL = 0.0
                for reading in readings {
                    let predicted = try #require(model.prediction(transmitter: reading.transmitter, levelIndex: 0, at: point))
                    let z = (reading.rssiDbm - predicted.meanDbm) / predicted.sigmaDb
                    let density =
                        (1 - configuration.outlierProbability) * exp(-0.5 * z * z) / (predicted.sigmaDb * (2 * Double.pi).squareRoot())
                    logL += log(density + configuration.outlierProbability / configuration.outlierSpanDb)
                }
                let (ix, iy) = pInverse.applied(to: dx, dy)
                let w = exp(-0.5 * (dx * ix + dy * iy) + configuration.likelihoodExponent * logL)
                samples.append((dx, dy, w))
                total += w; mx += w * dx; my += w * dy
            }
        }
        mx /= total; my /= total
        #expect(abs(fused.x - (prior.point.x + mx)) < 0.3)
        #expect(abs(fused.y - (prior.point.y + my)) < 0.3)
        var pxx = 0.0, pyy = 0.0
        for s in samples {
            pxx += s.w / total * (s.dx - mx) * (s.dx - mx); pyy += s.w / total * (s.dy - my) * (s.dy - my)
        }
        // P₁ = P − P S⁻¹ P, column by column.
        let column1 = sInverse.applied(to: p.xx, p.xy), column2 = sInverse.applied(to: p.xy, p.yy)
        let (a, b) = p.applied(to: column1.x, column1.y)
        let d = p.applied(to: column2.x, column2.y).y
        let kalmanPosterior = p - Covariance2D(xx: a, xy: b, yy: d)
        #expect(abs(kalmanPosterior.xx - pxx) < 0.15 * pxx)
        #expect(abs(kalmanPosterior.yy - pyy) < 0.15 * pyy)
        // And the scan pulled the estimate towards the truth.
        #expect(fused.distance(to: truth) < prior.point.distance(to: truth) - 1)
    }

    @Test func aScanTheLevelNeverHeardOrFarFromTheSurveySaysLittle() throws {
        let model = RadioSignalModel(map: Self.map(span: 10))
        let prior = PositionEstimate(point: LocalPoint(x: 5, y: 5), covariance: .isotropic(sigmaMeters: 3))
        #expect(model.neighbourhoodMeasurement(of: [(transmitter: 7, rssiDbm: -60)], levelIndex: 0, prior: prior) == nil)
        #expect(model.neighbourhoodMeasurement(of: [(transmitter: 0, rssiDbm: -60)], levelIndex: 3, prior: prior) == nil)
        // 120 m from the survey, readings near the path-loss line's value there: nothing sharper than the prior.
        let far = PositionEstimate(point: LocalPoint(x: 130, y: 120), covariance: .isotropic(sigmaMeters: 3))
        let readings = Self.sources.enumerated().map { (transmitter: $0.offset, rssiDbm: Self.rssi(far.point, $0.element)) }
        if let weak = model.neighbourhoodMeasurement(of: readings, levelIndex: 0, prior: far) {
            #expect(weak.covariance.largestSigmaMeters > 10)
        }
    }

    /// A receiver reading 8 dB low everywhere: with the offset estimated the scan still pulls towards the
    /// truth, and further than without.
    @Test func aReceiverOffsetIsTakenOff() throws {
        let truth = LocalPoint(x: 5, y: 4)
        let readings = Self.sources.enumerated().map { (transmitter: $0.offset, rssiDbm: Self.rssi(truth, $0.element) - 8) }
        let prior = PositionEstimate(point: LocalPoint(x: 8, y: 7), covariance: .isotropic(sigmaMeters: 3))
        func fused(offsetSigmaDb: Double) throws -> LocalPoint {
            let model = RadioSignalModel(
                map: Self.map(),
                configuration: try SignalModelConfiguration {
                    $0.measurementSigmaDb = 2
                    $0.likelihoodExponent = 1
                    $0.deviceOffsetSigmaDb = offsetSigmaDb
                })
            let m = try #require(model.neighbourhoodMeasurement(of: readings, levelIndex: 0, prior: prior))
            let s = try #require((prior.covariance + m.covariance).inverse)
            let (sx, sy) = s.applied(to: m.point.x - prior.point.x, m.point.y - prior.point.y)
            let (kx, ky) = prior.covariance.applied(to: sx, sy)
            return LocalPoint(x: prior.point.x + kx, y: prior.point.y + ky)
        }
        let corrected = try fused(offsetSigmaDb: 10), uncorrected = try fused(offsetSigmaDb: 0)
        #expect(corrected.distance(to: truth) < prior.point.distance(to: truth) - 1.5)
        #expect(corrected.distance(to: truth) < uncorrected.distance(to: truth))
    }

    @Test func rejectsInvalidTunables() {
        #expect(throws: ConfigurationError.self) { try SignalModelConfiguration { $0.neighbourhoodCells = 14 } }
        #expect(throws: ConfigurationError.self) { try SignalModelConfiguration { $0.outlierProbability = 1 } }
        #expect(throws: ConfigurationError.self) { try SignalModelConfiguration { $0.kernelLengthMeters = .nan } }
        #expect(throws: ConfigurationError.self) { try SignalModelConfiguration { $0.deviceOffsetSigmaDb = -1 } }
        #expect(throws: ConfigurationError.self) {
            try SignalModelConfiguration {
                $0.minimumNeighbourhoodMeters = 50
                $0.maximumNeighbourhoodMeters = 20
            }
        }
    }

    @Test func covarianceAlgebraRoundTrips() throws {
        let c = Covariance2D(xx: 5, xy: 1.5, yy: 2)
        let e = c.eigen
        let rebuilt = Covariance2D(largest: e.largest, smallest: e.smallest, angleRadians: e.angleRadians)
        #expect(abs(rebuilt.xx - 5) < 1e-12 && abs(rebuilt.xy - 1.5) < 1e-12 && abs(rebuilt.yy - 2) < 1e-12)
        let inverse = try #require(c.inverse)
        let (a, b) = c.applied(to: inverse.xx, inverse.xy)
        #expect(abs(a - 1) < 1e-12 && abs(b) < 1e-12)
        #expect(Covariance2D(xx: 1, xy: 1, yy: 1).inverse == nil)
    }
}

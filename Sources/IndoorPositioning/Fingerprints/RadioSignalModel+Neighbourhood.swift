import Foundation
import IndoorGeometry

extension RadioSignalModel {
    /// What a scan says about the position near a prior: the measurement (point and covariance) that,
    /// fused as a Gaussian fix into a filter holding `prior`, gives the filter the posterior that the
    /// scan's likelihood (``RadioSignalModel``) times the prior has over the prior's neighbourhood.
    ///
    /// The neighbourhood is a grid of ``SignalModelConfiguration/neighbourhoodCells``² places spanning
    /// ``SignalModelConfiguration/neighbourhoodSigmas`` prior standard deviations each way (clamped to
    /// ``SignalModelConfiguration/minimumNeighbourhoodMeters`` … ``SignalModelConfiguration/maximumNeighbourhoodMeters``).
    /// With the posterior's mean m₁ and covariance P₁ there (plus the grid's own cell variance), the
    /// information the scan added is J = P₁⁻¹ − P₀⁻¹; its eigenvalues are clamped below at
    /// 1/σ_u² (σ_u = ``SignalModelConfiguration/uninformativeSigmaMeters``), and when even the largest is
    /// below that the scan says nothing and `nil` is returned. Otherwise R = J⁻¹ and
    /// z = m₀ + (P₀ + R) P₀⁻¹ (m₁ − m₀), so that the Kalman update with (z, R) lands on m₁ with P₁.
    /// A scan that fits every place of the neighbourhood equally (far from anything surveyed, where the
    /// model's uncertainty is wide) narrows nothing and gives no fix, instead of a confident wrong one.
    ///
    /// - Parameters:
    ///   - readings: the scan's (transmitter index, dBm).
    ///   - levelIndex: the map level to evaluate on.
    /// - Complexity: O(cells² · readings · fingerprints within 3ℓ).
    public func neighbourhoodMeasurement(
        of readings: [(transmitter: Int, rssiDbm: Double)], levelIndex: Int, prior: PositionEstimate
    ) -> (point: LocalPoint, covariance: Covariance2D)? {
        scanLikelihood(of: readings, levelIndex: levelIndex, prior: prior)?.neighbourhoodMeasurement(prior: prior)
    }

    /// The scan's likelihood on map level `levelIndex`, its readings corrected for the receiver's offset
    /// estimated at `prior` (``SignalModelConfiguration/deviceOffsetSigmaDb``); `nil` when the level
    /// heard none of the scan's transmitters.
    public func scanLikelihood(
        of readings: [(transmitter: Int, rssiDbm: Double)], levelIndex: Int, prior: PositionEstimate
    ) -> ScanLikelihood? {
        var prepared = sites(of: readings, levelIndex: levelIndex)
        guard !prepared.isEmpty else { return nil }
        let c = configuration
        if c.deviceOffsetSigmaDb > 0 {
            // The receiver's offset from the surveying device: the readings' mean departure from what the
            // prior's place predicts, shrunk towards 0 (prior N(0, σ_b²)), taken off every reading.
            var departure = 0.0, precision = 0.0
            for (site, rssi) in prepared {
                let (mean, sigma) = predict(site, at: prior.point)
                departure += (rssi - mean) / (sigma * sigma)
                precision += 1 / (sigma * sigma)
            }
            let offset = departure / (precision + 1 / (c.deviceOffsetSigmaDb * c.deviceOffsetSigmaDb))
            prepared = prepared.map { ($0.site, $0.rssiDbm - offset) }
        }
        return ScanLikelihood(model: self, readings: prepared)
    }
}

extension ScanLikelihood {
    /// The measurement (point and covariance) that, fused as a Gaussian fix into a filter holding `prior`,
    /// gives the filter the posterior this likelihood times the prior has over the prior's
    /// neighbourhood (see ``RadioSignalModel/neighbourhoodMeasurement(of:levelIndex:prior:)``); `nil`
    /// when the scan narrows the prior by less than ``SignalModelConfiguration/uninformativeSigmaMeters``.
    public func neighbourhoodMeasurement(prior: PositionEstimate) -> (point: LocalPoint, covariance: Covariance2D)? {
        guard let priorInformation = prior.covariance.inverse else { return nil }
        let c = model.configuration
        let n = c.neighbourhoodCells
        func halfWidth(_ variance: Double) -> Double {
            min(c.maximumNeighbourhoodMeters, max(c.minimumNeighbourhoodMeters, c.neighbourhoodSigmas * max(0, variance).squareRoot()))
        }
        let hx = halfWidth(prior.covariance.xx), hy = halfWidth(prior.covariance.yy)
        let stepX = 2 * hx / Double(n - 1), stepY = 2 * hy / Double(n - 1)
        var logPosterior = [Double](repeating: 0, count: n * n)
        var best = -Double.infinity
        for j in 0..<n {
            let dy = -hy + Double(j) * stepY
            for i in 0..<n {
                let dx = -hx + Double(i) * stepX
                let (ix, iy) = priorInformation.applied(to: dx, dy)
                let value =
                    -0.5 * (dx * ix + dy * iy)
                    + logLikelihood(at: LocalPoint(x: prior.point.x + dx, y: prior.point.y + dy))
                logPosterior[j * n + i] = value
                best = max(best, value)
            }
        }
        guard best.isFinite else { return nil }
        var total = 0.0, mx = 0.0, my = 0.0
        for j in 0..<n {
            for i in 0..<n {
                let w = exp(logPosterior[j * n + i] - best)
                logPosterior[j * n + i] = w
                total += w
                mx += w * (-hx + Double(i) * stepX)
                my += w * (-hy + Double(j) * stepY)
            }
        }
        mx /= total; my /= total
        var pxx = stepX * stepX / 12, pxy = 0.0, pyy = stepY * stepY / 12
        for j in 0..<n {
            for i in 0..<n {
                let w = logPosterior[j * n + i] / total
                let dx = -hx + Double(i) * stepX - mx, dy = -hy + Double(j) * stepY - my
                pxx += w * dx * dx; pxy += w * dx * dy; pyy += w * dy * dy
            }
        }
        guard let posteriorInformation = Covariance2D(xx: pxx, xy: pxy, yy: pyy).inverse else { return nil }
        let added = (posteriorInformation - priorInformation).eigen
        let floor = 1 / (c.uninformativeSigmaMeters * c.uninformativeSigmaMeters)
        guard added.largest >= floor else { return nil }
        let noise = Covariance2D(
            largest: 1 / max(added.smallest, floor), smallest: 1 / added.largest, angleRadians: added.angleRadians + .pi / 2)
        // z = m₀ + (P₀ + R) P₀⁻¹ (m₁ − m₀)
        let (ux, uy) = priorInformation.applied(to: mx, my)
        let (zx, zy) = (prior.covariance + noise).applied(to: ux, uy)
        return (LocalPoint(x: prior.point.x + zx, y: prior.point.y + zy), noise)
    }
}

import Foundation
import IndoorConfiguration
import IndoorGeometry

/// What a radio map predicts a transmitter sounds like at any place of a level, and how sure it is.
///
/// Per level and transmitter (a *site*), fitted from the fingerprints of that level that heard it:
/// - **A path-loss mean** m(x) = A − 10·n·log₁₀ √(|x − c|² + h²): the apparent source c is the
///   power-weighted centroid of the places it was heard (weights 10^(r/10), so the strongest dominate),
///   A and n (clamped to 1 … 5) a least-squares line of the readings against 10·log₁₀ of the distance,
///   h = ``SignalModelConfiguration/transmitterHeightMeters``. Fitted per level, c and A also absorb the
///   floors between a transmitter and the level. This is what extrapolates away from the survey.
/// - **A kernel correction** of the fingerprints' departures from that line: with weights
///   wᵢ = exp(−|x − xᵢ|² / 2ℓ²) over the site's fingerprints within 3ℓ (ℓ = ``SignalModelConfiguration/kernelLengthMeters``)
///   and W = Σ wᵢ, the prediction is μ(x) = m(x) + Σ wᵢ(rᵢ − m(xᵢ)) / (W + λ) and its variance
///   σ²(x) = σ_n² + σ_r² · λ / (W + λ), λ = ``SignalModelConfiguration/evidencePseudoCount``, σ_n =
///   ``SignalModelConfiguration/measurementSigmaDb``, σ_r the path-loss fit's residual spread (3 … 15 dB).
///   Where the survey went, μ follows the fingerprints and σ approaches σ_n; away from it μ falls back to
///   the path-loss line and σ grows to √(σ_n² + σ_r²) — a Nadaraya–Watson estimate shrunk towards a
///   parametric mean, the shape of a Gaussian-process posterior at a fraction of its cost.
///
/// A scan's log-likelihood at a place is κ · Σₜ log[(1 − ε)·N(rₜ; μₜ(x), σₜ²(x)) + ε / S] over the scan's
/// transmitters the level's model knows (ε = ``SignalModelConfiguration/outlierProbability``, S =
/// ``SignalModelConfiguration/outlierSpanDb``, κ = ``SignalModelConfiguration/likelihoodExponent``).
/// Transmitters a level never heard say nothing about where on that level the user is, and are left out.
///
/// Built from a ``RadioMap`` when it is loaded (no extra fields in the file): O(readings · log) time.
public struct RadioSignalModel: Sendable {
    /// One transmitter on one level.
    struct Site: Sendable {
        var source: LocalPoint
        var referenceDbm: Double
        var exponent: Double
        var residualSigmaDb: Double
        /// The fingerprints' places, sorted by x, and their departures from the path-loss line, dB.
        var xs: [Double]
        var ys: [Double]
        var departures: [Double]
    }

    /// The tunables.
    public let configuration: SignalModelConfiguration
    /// Per map level: the sites by transmitter index.
    private let sites: [[Int: Site]]

    /// The model of `map`'s fingerprints (readings below `minimumRSSIDbm` left out).
    public init(map: RadioMap, configuration: SignalModelConfiguration = .standard, minimumRSSIDbm: Double = -95) {
        self.configuration = configuration
        var grouped = [[Int: [(point: LocalPoint, rssiDbm: Double)]]](repeating: [:], count: map.levels.count)
        for fingerprint in map.fingerprints {
            guard let level = fingerprint.levelIndex, level >= 0, level < grouped.count else { continue }
            for reading in fingerprint.readings where reading.rssiDbm >= minimumRSSIDbm && reading.rssiDbm.isFinite {
                grouped[level][reading.transmitter, default: []].append((fingerprint.point, reading.rssiDbm))
            }
        }
        sites = grouped.map { levelSites in
            levelSites.mapValues { Self.fit($0, heightMeters: configuration.transmitterHeightMeters) }
        }
    }

    /// Number of (level, transmitter) sites modelled.
    public var siteCount: Int { sites.reduce(0) { $0 + $1.count } }

    /// The predicted mean signal (dBm) and its one-sigma (dB, the model's uncertainty and the reading's
    /// fading together) of `transmitter` at `point` on map level `levelIndex`; `nil` where the level never
    /// heard it.
    public func prediction(transmitter: Int, levelIndex: Int, at point: LocalPoint) -> (meanDbm: Double, sigmaDb: Double)? {
        guard levelIndex >= 0, levelIndex < sites.count, let site = sites[levelIndex][transmitter] else { return nil }
        return predict(site, at: point)
    }

    /// The sites of `readings` on map level `levelIndex` (the transmitters that level heard), prepared for
    /// a ``ScanLikelihood``.
    func sites(of readings: [(transmitter: Int, rssiDbm: Double)], levelIndex: Int) -> [(site: Site, rssiDbm: Double)] {
        guard levelIndex >= 0, levelIndex < sites.count else { return [] }
        return readings.compactMap { reading in sites[levelIndex][reading.transmitter].map { ($0, reading.rssiDbm) } }
    }

    func predict(_ site: Site, at point: LocalPoint) -> (meanDbm: Double, sigmaDb: Double) {
        let c = configuration
        let pathLoss = Self.pathLoss(site, at: point, heightMeters: c.transmitterHeightMeters)
        let reach = 3 * c.kernelLengthMeters
        let scale = -0.5 / (c.kernelLengthMeters * c.kernelLengthMeters)
        var weight = 0.0, departure = 0.0
        var index = Self.firstIndex(in: site.xs, notBelow: point.x - reach)
        while index < site.xs.count, site.xs[index] <= point.x + reach {
            let dx = site.xs[index] - point.x, dy = site.ys[index] - point.y
            let d2 = dx * dx + dy * dy
            if d2 <= reach * reach {
                let w = exp(scale * d2)
                weight += w
                departure += w * site.departures[index]
            }
            index += 1
        }
        let lambda = c.evidencePseudoCount
        let mean = pathLoss + departure / (weight + lambda)
        let variance =
            c.measurementSigmaDb * c.measurementSigmaDb
            + site.residualSigmaDb * site.residualSigmaDb * lambda / (weight + lambda)
        return (mean, variance.squareRoot())
    }

    private static func pathLoss(_ site: Site, at point: LocalPoint, heightMeters: Double) -> Double {
        let dx = point.x - site.source.x, dy = point.y - site.source.y
        let distance = max(0.5, (dx * dx + dy * dy + heightMeters * heightMeters).squareRoot())
        return site.referenceDbm - site.exponent * 10 * log10(distance)
    }

    private static func firstIndex(in sorted: [Double], notBelow value: Double) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Fits a site's path-loss line and departures (see the type's documentation).
    private static func fit(_ readings: [(point: LocalPoint, rssiDbm: Double)], heightMeters: Double) -> Site {
        let strongest = readings.map(\.rssiDbm).max() ?? -100
        var wSum = 0.0, cx = 0.0, cy = 0.0
        for r in readings {
            let w = pow(10, (r.rssiDbm - strongest) / 10)
            wSum += w; cx += w * r.point.x; cy += w * r.point.y
        }
        let source = LocalPoint(x: cx / max(wSum, 1e-12), y: cy / max(wSum, 1e-12))
        let logDistances = readings.map { r -> Double in
            let dx = r.point.x - source.x, dy = r.point.y - source.y
            return 10 * log10(max(0.5, (dx * dx + dy * dy + heightMeters * heightMeters).squareRoot()))
        }
        let n = Double(readings.count)
        let meanX = logDistances.reduce(0, +) / n
        let meanR = readings.reduce(0) { $0 + $1.rssiDbm } / n
        var sxx = 0.0, sxr = 0.0
        for (x, r) in zip(logDistances, readings) {
            sxx += (x - meanX) * (x - meanX)
            sxr += (x - meanX) * (r.rssiDbm - meanR)
        }
        let exponent = readings.count >= 4 && sxx > 0.5 ? min(5, max(1, -sxr / sxx)) : 2.5
        let reference = meanR + exponent * meanX
        var site = Site(source: source, referenceDbm: reference, exponent: exponent, residualSigmaDb: 0, xs: [], ys: [], departures: [])
        let order = readings.indices.sorted { readings[$0].point.x < readings[$1].point.x }
        var squares = 0.0
        for i in order {
            let departure = readings[i].rssiDbm - pathLoss(site, at: readings[i].point, heightMeters: heightMeters)
            site.xs.append(readings[i].point.x)
            site.ys.append(readings[i].point.y)
            site.departures.append(departure)
            squares += departure * departure
        }
        site.residualSigmaDb = min(15, max(3, (squares / max(1, n - 2)).squareRoot()))
        return site
    }
}

/// One scan's likelihood over the places of one map level under a ``RadioSignalModel`` (see its
/// documentation for the formula), its readings already corrected for the receiver's offset: what the
/// particles are weighed by, and what ``neighbourhoodMeasurement(prior:)`` summarises as a Gaussian fix.
public struct ScanLikelihood: PlaceLikelihood {
    let model: RadioSignalModel
    let readings: [(site: RadioSignalModel.Site, rssiDbm: Double)]

    /// Number of the scan's readings the level's model knows.
    public var readingCount: Int { readings.count }

    /// The scan's tempered log-likelihood at `point` (map frame).
    public func logLikelihood(at point: LocalPoint) -> Double {
        let c = model.configuration
        let outlier = c.outlierProbability / c.outlierSpanDb
        let inlier = 1 - c.outlierProbability
        var sum = 0.0
        for (site, rssi) in readings {
            let (mean, sigma) = model.predict(site, at: point)
            let z = (rssi - mean) / sigma
            let density = inlier * exp(-0.5 * z * z) / (sigma * (2 * Double.pi).squareRoot())
            sum += log(density + outlier)
        }
        return c.likelihoodExponent * sum
    }
}

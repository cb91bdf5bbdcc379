import Foundation
import IndoorEstimation
import IndoorGeometry

extension FusionEngine {
    /// Fuses one beacon range: z = d, h(x) = √((e − aₑ)² + (n − aₙ)² + Δz²) with Δz the beacon's height above
    /// the phone (``FusionConfiguration/beaconHeightAboveDeviceMeters``) plus the height between the
    /// beacon's level and the current one (0 when either is unknown), H = ∂h/∂x, R = σ_d² ×
    /// ``FusionConfiguration/beaconCovarianceScale`` × the learnt factor of source `beacon-range`; χ² gated
    /// with one degree of freedom. Ranges longer than ``FusionConfiguration/maximumFusedRangeMeters`` are
    /// not used (`.beyondRange`): σ grows with distance and weak signals hardly depend on it. Ranges of beacons on another level than the current one are skipped
    /// (`.otherLevel`: walls and floors make them unreliable). Late ranges use the same step shift as fixes.
    @discardableResult
    public func update(withRange range: BeaconRange) -> FusionUpdateOutcome {
        guard let filter, let now = timeSeconds else { return rejectRange(.notStarted) }
        guard range.rangeMeters.isFinite, range.rangeMeters >= 0, range.sigmaMeters.isFinite, range.sigmaMeters > 0,
            range.anchor.isFinite, range.timeSeconds.isFinite
        else { return rejectRange(.invalidFix) }
        let age = now - range.timeSeconds
        if age > configuration.maximumFixDelaySeconds { return rejectRange(.tooOld(ageSeconds: age)) }
        if range.rangeMeters > configuration.maximumFusedRangeMeters { return rejectRange(.beyondRange(rangeMeters: range.rangeMeters)) }
        var verticalMeters = configuration.beaconHeightAboveDeviceMeters
        if let estimator = levelEstimator, let current = estimator.level {
            let index = estimator.levels.firstIndex { candidate in
                (range.levelID != nil && candidate.levelID == range.levelID)
                    || (range.floorNumber != nil && candidate.floorNumber == range.floorNumber)
            }
            if let index {
                guard index == estimator.levelIndex else { return rejectRange(.otherLevel) }
                verticalMeters += estimator.levels[index].elevationMeters - current.elevationMeters
            }
        }
        // A late range: the anchor moves with the steps walked since (the user was there then).
        var anchor = range.anchor
        var variance = range.sigmaMeters * range.sigmaMeters * configuration.beaconCovarianceScale
        for step in recentSteps where step.timeSeconds > range.timeSeconds {
            anchor = LocalPoint(x: anchor.x + step.east, y: anchor.y + step.north)
            variance += max(step.noise.xx, step.noise.yy)
        }
        let adaptive = adaptiveFixScale[Self.rangeSource] ?? 1
        variance *= adaptive
        let dz2 = verticalMeters * verticalMeters
        let outcome: UpdateOutcome
        do {
            let noise = try Matrix(rows: 1, columns: 1, elements: [variance])
            outcome = try filter.update(
                measurement: [range.rangeMeters], noise: noise,
                // h(x) = √(Δe² + Δn² + Δz²)
                predictedMeasurement: { x in
                    let de = x[.eastMeters] - anchor.x, dn = x[.northMeters] - anchor.y
                    return [(de * de + dn * dn + dz2).squareRoot()]
                },
                // ∂h/∂(e, n) = (Δe, Δn) / h; the derivative is taken as 0 at the anchor itself
                jacobian: { x in
                    let de = x[.eastMeters] - anchor.x, dn = x[.northMeters] - anchor.y
                    let h = max(1e-6, (de * de + dn * dn + dz2).squareRoot())
                    var row = Matrix.zeros(rows: 1, columns: FusionState.dimension)
                    row[0, FusionState.eastMeters.index] = de / h
                    row[0, FusionState.northMeters.index] = dn / h
                    return row
                })
        } catch {
            return rejectRange(.invalidFix)
        }
        switch outcome {
        case .accepted(let info):
            if matcher != nil {
                let measured = range.rangeMeters
                matchMeasurement { e, n, _ in
                    let de = e - anchor.x, dn = n - anchor.y
                    let d = (de * de + dn * dn + dz2).squareRoot() - measured
                    return exp(-0.5 * d * d / variance)
                }
            }
            learnRangeScale(info.mahalanobisSquared, applied: adaptive)
            statistics.acceptedFixes += 1
            statistics.acceptedFixesBySource[Self.rangeSource, default: 0] += 1
            clampCalibration()
            return .accepted(mahalanobisSquared: info.mahalanobisSquared, delaySeconds: max(0, age))
        case .rejected(.gated(let d2, let threshold)):
            learnRangeScale(d2, applied: adaptive)
            return rejectRange(.gated(mahalanobisSquared: d2, threshold: threshold))
        case .rejected(let other):
            return rejectRange(.filter(other))
        }
    }

    /// The source key of beacon ranges in ``adaptiveFixScale``.
    public static let rangeSource = "beacon-range"

    private func learnRangeScale(_ d2: Double, applied: Double) {
        guard configuration.fixScaleLearningRate > 0, d2.isFinite else { return }
        let rate = configuration.fixScaleLearningRate
        // m ← (1 − λ) m + λ · d² a (one degree of freedom: E[d²] = 1)
        let updated = (1 - rate) * (adaptiveFixScale[Self.rangeSource] ?? 1) + rate * d2 * applied
        adaptiveFixScale[Self.rangeSource] = min(configuration.maximumFixScale, max(1, updated))
    }

    private func rejectRange(_ reason: FusionRejection) -> FusionUpdateOutcome {
        statistics.rejectedFixes[reason.key, default: 0] += 1
        return .rejected(reason)
    }
}

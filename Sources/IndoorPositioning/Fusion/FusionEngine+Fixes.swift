import Foundation
import IndoorEstimation
import IndoorGeometry

extension FusionEngine {
    /// Fuses an absolute fix (beacon, manual or any provider): see the type's documentation for the
    /// covariance, gating and late-fix handling. The fix's level (when it names one of the candidates)
    /// is also given to the level filter with its probability, even if the position is gated.
    /// - Parameter likelihood: what the fix summarises, when it summarises a likelihood over places
    ///   (``FusionInput/likelihood(_:_:)``): the map matcher's particles are then weighed by it (evaluated
    ///   where each particle was at the fix's time) instead of by the fix's Gaussian.
    /// - Returns: what happened; rejections leave the position state unchanged and are counted.
    @discardableResult
    public func update(with fix: IndoorLocation, likelihood: (any PlaceLikelihood)? = nil) -> FusionUpdateOutcome {
        guard let filter, let now = timeSeconds else { return reject(.notStarted) }
        guard fix.isValid else { return reject(.invalidFix) }
        let age = now - fix.timeSeconds
        if age > configuration.maximumFixDelaySeconds || fix.timeSeconds < (startTimeSeconds ?? -.infinity) {
            return reject(.tooOld(ageSeconds: age))
        }
        feedLevel(of: fix)
        // Shift a late fix forward by the steps walked since its time; R grows by their noise.
        var z = fix.point
        var r = fix.covariance
        let floor = configuration.minimumFixSigmaMeters * configuration.minimumFixSigmaMeters
        r.xx = max(r.xx, floor)
        r.yy = max(r.yy, floor)
        let adaptive = adaptiveFixScale[fix.source] ?? 1
        r = Covariance2D(xx: r.xx * adaptive, xy: r.xy * adaptive, yy: r.yy * adaptive)
        var late = false
        var shiftEast = 0.0, shiftNorth = 0.0
        for step in recentSteps where step.timeSeconds > fix.timeSeconds {
            late = true
            shiftEast += step.east
            shiftNorth += step.north
            z = LocalPoint(x: z.x + step.east, y: z.y + step.north)
            r = Covariance2D(xx: r.xx + step.noise.xx, xy: r.xy + step.noise.xy, yy: r.yy + step.noise.yy)
        }
        let outcome: UpdateOutcome
        do {
            let noise = try Matrix(rows: 2, columns: 2, elements: [r.xx, r.xy, r.xy, r.yy])
            outcome = try filter.update(measurement: [z.x, z.y], model: FusionState.positionModel, noise: noise)
        } catch {
            return reject(.invalidFix)
        }
        switch outcome {
        case .accepted(let info): learnFixScale(source: fix.source, mahalanobisSquared: info.mahalanobisSquared, appliedScale: adaptive)
        case .rejected(.gated(let d2, _)): learnFixScale(source: fix.source, mahalanobisSquared: d2, appliedScale: adaptive)
        default: break
        }
        switch outcome {
        case .accepted(let info):
            if matcher != nil, let likelihood {
                matchLikelihood(likelihood, shiftEastMeters: shiftEast, shiftNorthMeters: shiftNorth)
            } else if matcher != nil {
                // Gaussian likelihood of the (shifted) fix: exp(−½ dᵀ R⁻¹ d)
                let det = r.xx * r.yy - r.xy * r.xy
                if det > 0 {
                    matchMeasurement { e, n, _ in
                        let dx = e - z.x, dy = n - z.y
                        return exp(-0.5 * (r.yy * dx * dx - 2 * r.xy * dx * dy + r.xx * dy * dy) / det)
                    }
                }
            }
            statistics.acceptedFixes += 1
            statistics.acceptedFixesBySource[fix.source, default: 0] += 1
            if late { statistics.lateFixes += 1 }
            clampCalibration()
            timeSeconds = max(now, fix.timeSeconds)
            return .accepted(mahalanobisSquared: info.mahalanobisSquared, delaySeconds: max(0, age))
        case .rejected(.gated(let d2, let threshold)):
            return reject(.gated(mahalanobisSquared: d2, threshold: threshold))
        case .rejected(let other):
            return reject(.filter(other))
        }
    }

    /// Learns how much a source's covariances understate its errors: an exponential average of
    /// d²·a/2 (d² ≈ 2 for consistent 2-D fixes, a the factor applied), clamped to [1, maximum].
    private func learnFixScale(source: String, mahalanobisSquared: Double, appliedScale: Double) {
        guard configuration.fixScaleLearningRate > 0, mahalanobisSquared.isFinite else { return }
        let rate = configuration.fixScaleLearningRate
        let previous = adaptiveFixScale[source] ?? 1
        // m ← (1 − λ) m + λ · d² a / 2
        let updated = (1 - rate) * previous + rate * mahalanobisSquared * appliedScale / 2
        adaptiveFixScale[source] = min(configuration.maximumFixScale, max(1, updated))
    }

    /// Gives a fix's level, when it names a candidate, to the level filter (with the fix's level
    /// probability) without touching the position. Used for beacon fixes when their ranges are fused instead.
    public func updateLevel(from fix: IndoorLocation) {
        guard isStarted, fix.timeSeconds.isFinite else { return }
        feedLevel(of: fix)
    }

    /// Gives the fix's level, when it names a candidate, to the level filter.
    private func feedLevel(of fix: IndoorLocation) {
        guard let candidates = levelEstimator?.levels else { return }
        var index: Int?
        if let id = fix.levelID { index = candidates.firstIndex { $0.levelID == id } }
        if index == nil, let floor = fix.floorNumber { index = candidates.firstIndex { $0.floorNumber == floor } }
        guard let index else { return }
        let position = point
        let time = max(fix.timeSeconds, levelEstimator?.timeSeconds ?? fix.timeSeconds)
        let before = levelEstimator?.levelIndex
        levelEstimator?.updateBeaconLevel(index: index, probability: fix.levelProbability, timeSeconds: time, position: position)
        let after = levelEstimator?.levelIndex
        if after != before { didChangeLevel(from: before, to: after) }
    }

    private func reject(_ reason: FusionRejection) -> FusionUpdateOutcome {
        statistics.rejectedFixes[reason.key, default: 0] += 1
        return .rejected(reason)
    }
}

import Estimation
import Foundation
import IndoorGeometry

extension FusionEngine {
    /// Applies one dead-reckoning step (see the type's documentation for the model).
    /// - Returns: false when the engine is not started or the step has non-finite values (counted in
    ///   ``FusionStatistics/rejectedSteps``).
    @discardableResult
    public func predict(with step: StepEvent) -> Bool {
        guard let filter,
              step.timeSeconds.isFinite, step.lengthMeters.isFinite, step.lengthMeters >= 0,
              step.headingRadians.isFinite, step.lengthSigmaMeters.isFinite, step.headingSigmaRadians.isFinite else {
            statistics.rejectedSteps += 1
            return false
        }
        let before = filter.state
        var L = step.lengthMeters
        var lengthSigma = step.lengthSigmaMeters
        // Climbing (stairs, ramps): only part of the stride is horizontal.
        if let estimator = levelEstimator, abs(estimator.verticalSpeedMetersPerSecond) > configuration.climbingVerticalSpeedMetersPerSecond {
            let removed = L * (1 - configuration.climbingStrideFactor)
            L -= removed
            lengthSigma = (lengthSigma * lengthSigma + removed * removed / 4).squareRoot()
            statistics.climbingSteps += 1
        }
        let b = before[FusionState.headingBiasRadians.index]
        let s = before[FusionState.strideScale.index]
        let theta = step.headingRadians + b
        let sinT = sin(theta), cosT = cos(theta)
        // Δ = s L (sin θ, cos θ)
        let de = s * L * sinT, dn = s * L * cosT
        // Q position = J diag(σ_L², (f σ_h)²) Jᵀ + q² I, J = ∂Δ/∂(L, h) = [[s sin θ, s L cos θ], [s cos θ, −s L sin θ]]
        let varL = lengthSigma * lengthSigma
        let sigmaH = configuration.stepHeadingNoiseFraction * step.headingSigmaRadians
        let varH = sigmaH * sigmaH
        let q = configuration.positionNoisePerStepMeters * configuration.positionNoisePerStepMeters
        let qxx = s * s * (sinT * sinT * varL + L * L * cosT * cosT * varH) + q
        let qyy = s * s * (cosT * cosT * varL + L * L * sinT * sinT * varH) + q
        let qxy = s * s * (sinT * cosT * varL - L * L * cosT * sinT * varH)
        let qb = configuration.headingBiasRandomWalkRadiansPerStep * configuration.headingBiasRandomWalkRadiansPerStep
        let qs = configuration.strideScaleRandomWalkPerStep * configuration.strideScaleRandomWalkPerStep
        do {
            let noise = try Matrix(rows: 4, columns: 4, elements: [qxx, qxy, 0, 0, qxy, qyy, 0, 0, 0, 0, qb, 0, 0, 0, 0, qs])
            // F = ∂f/∂x: ∂Δ/∂b = (s L cos θ, −s L sin θ), ∂Δ/∂s = (L sin θ, L cos θ)
            let jacobian = try Matrix(rows: 4, columns: 4, elements: [1, 0, s * L * cosT, L * sinT,
                                                                       0, 1, -s * L * sinT, L * cosT,
                                                                       0, 0, 1, 0,
                                                                       0, 0, 0, 1])
            try filter.predict(processNoise: noise, model: { x in [x[0] + de, x[1] + dn, x[2], x[3]] }, jacobian: { _ in jacobian })
        } catch {
            statistics.rejectedSteps += 1
            return false
        }
        statistics.steps += 1
        let time = max(timeSeconds ?? step.timeSeconds, step.timeSeconds)
        timeSeconds = time
        remember(step: (time, de, dn, Covariance2D(xx: qxx, xy: qxy, yy: qyy)))
        headingRadians = normalizedHeading(theta)
        let p = filter.covariance
        headingSigmaRadians = (step.headingSigmaRadians * step.headingSigmaRadians + p[2, 2]).squareRoot()
        let from = LocalPoint(x: before[0], y: before[1])
        advanceLevels(to: time)
        constrainToMap(from: from)
        alignHeadingToFloorPlan(rawHeadingRadians: step.headingRadians)
        return true
    }

    /// Keeps the steps of the last ``FusionConfiguration/maximumFixDelaySeconds``.
    private func remember(step: (timeSeconds: Double, east: Double, north: Double, noise: Covariance2D)) {
        recentSteps.append(step)
        let horizon = step.timeSeconds - configuration.maximumFixDelaySeconds
        if let first = recentSteps.first, first.timeSeconds < horizon {
            recentSteps.removeAll { $0.timeSeconds < horizon }
        }
    }

    func advanceLevels(to time: Double) {
        guard var estimator = levelEstimator else { return }
        let before = estimator.levelIndex
        estimator.advance(toSeconds: time, position: point)
        levelEstimator = estimator
        if estimator.levelIndex != before { didChangeLevel(from: before, to: estimator.levelIndex) }
    }

    /// Pushes the position back into walkable space after a step from `from`.
    private func constrainToMap(from: LocalPoint) {
        guard let constraint, let filter, let level = levelIndex, let to = point,
              let corrected = constraint.correctedEnd(from: from, to: to, levelIndex: level) else { return }
        statistics.wallCorrections += 1
        let variance = configuration.wallCorrectionSigmaMeters * configuration.wallCorrectionSigmaMeters
        do {
            let model = try Matrix(rows: 2, columns: 4, elements: [1, 0, 0, 0, 0, 1, 0, 0])
            let noise = try Matrix(rows: 2, columns: 2, elements: [variance, 0, 0, variance])
            _ = try filter.update(measurement: [corrected.x, corrected.y], model: model, noise: noise, gate: .disabled)
            clampCalibration()
            if let now = point, !constraint.isWalkable(now, levelIndex: level) {
                var state = filter.state
                state[0] = corrected.x
                state[1] = corrected.y
                try filter.setState(state)
            }
        } catch {
            // The matrices are well-formed by construction; a failure leaves the predicted position.
        }
    }

    /// Keeps the stride scale within its configured range.
    func clampCalibration() {
        guard let filter else { return }
        var state = filter.state
        let s = state[3]
        let clamped = min(configuration.maximumStrideScale, max(configuration.minimumStrideScale, s))
        guard clamped != s else { return }
        state[3] = clamped
        try? filter.setState(state)
    }

    func normalizedHeading(_ radians: Double) -> Double {
        let r = radians.truncatingRemainder(dividingBy: 2 * .pi)
        return r < 0 ? r + 2 * .pi : r
    }
}

import Foundation
import IndoorEstimation
import IndoorGeometry

extension FusionEngine {
    /// Applies one dead-reckoning step (see the type's documentation for the model).
    /// - Returns: false when the engine is not started or the step has non-finite values (counted in
    ///   ``FusionStatistics/rejectedSteps``).
    @discardableResult
    public func predict(with step: StepEvent) -> Bool {
        guard let filter,
            step.timeSeconds.isFinite, step.lengthMeters.isFinite, step.lengthMeters >= 0,
            step.headingRadians.isFinite, step.lengthSigmaMeters.isFinite, step.headingSigmaRadians.isFinite
        else {
            statistics.rejectedSteps += 1
            return false
        }
        let before = filter.state
        let covarianceBefore = smoothingRecorder == nil ? nil : filter.covariance
        let levelBefore = levelIndex
        var L = step.lengthMeters
        var lengthSigma = step.lengthSigmaMeters
        let b = before[.headingBiasRadians]
        let s = before[.strideScale]
        let theta = step.headingRadians + b
        let sinT = sin(theta), cosT = cos(theta)
        // Climbing (stairs, ramps): only part of the stride is horizontal (``ClimbDetector``).
        let climbRemovedMeters = L * (1 - configuration.climbingStrideFactor)
        var climbCatchUp: ClimbDetector.Removed?
        let verdict = levelEstimator.map {
            climbs.classify(
                verticalSpeedMetersPerSecond: $0.verticalSpeedMetersPerSecond, heightMeters: $0.barometricHeightMeters,
                nearConnector: $0.isNearConnector(LocalPoint(x: before[.eastMeters], y: before[.northMeters])), configuration: configuration
            )
        }
        switch verdict ?? .level {
        case .level: break
        case .tentative:
            climbs.remember(
                ClimbDetector.Removed(
                    eastMeters: s * climbRemovedMeters * sinT, northMeters: s * climbRemovedMeters * cosT,
                    varianceSquareMeters: climbRemovedMeters * climbRemovedMeters / 4, steps: 1))
        case .climbing(let earlier):
            climbCatchUp = earlier
            L -= climbRemovedMeters
            lengthSigma = (lengthSigma * lengthSigma + climbRemovedMeters * climbRemovedMeters / 4).squareRoot()
            statistics.climbingSteps += 1
        }
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
            var noise = FusionState.squareZeros()
            noise[.eastMeters, .eastMeters] = qxx
            noise[.eastMeters, .northMeters] = qxy
            noise[.northMeters, .eastMeters] = qxy
            noise[.northMeters, .northMeters] = qyy
            noise[.headingBiasRadians, .headingBiasRadians] = qb
            noise[.strideScale, .strideScale] = qs
            // F = ∂f/∂x: ∂Δ/∂b = (s L cos θ, −s L sin θ), ∂Δ/∂s = (L sin θ, L cos θ)
            var jacobian = Matrix.identity(FusionState.dimension)
            jacobian[.eastMeters, .headingBiasRadians] = s * L * cosT
            jacobian[.eastMeters, .strideScale] = L * sinT
            jacobian[.northMeters, .headingBiasRadians] = -s * L * sinT
            jacobian[.northMeters, .strideScale] = L * cosT
            try filter.predict(
                processNoise: noise,
                model: { x in
                    var moved = x
                    moved[.eastMeters] += de
                    moved[.northMeters] += dn
                    return moved
                }, jacobian: { _ in jacobian })
            if let covarianceBefore {
                recordSmoothingStep(
                    before: before, covarianceBefore: covarianceBefore, levelBefore: levelBefore, jacobian: jacobian,
                    timeSeconds: max(timeSeconds ?? step.timeSeconds, step.timeSeconds),
                    particleTransition: ParticleBackwardSmoother.Transition(
                        lengthMeters: L, lengthSigmaMeters: lengthSigma, headingRadians: step.headingRadians,
                        headingNoiseRadians: configuration.stepHeadingNoiseFraction * step.headingSigmaRadians, strideScale: s,
                        biasRandomWalkRadians: configuration.mapMatching?.headingBiasRandomWalkRadiansPerStep ?? 0,
                        positionNoiseMeters: configuration.positionNoisePerStepMeters))
            }
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
        headingSigmaRadians = (step.headingSigmaRadians * step.headingSigmaRadians + p[.headingBiasRadians, .headingBiasRadians])
            .squareRoot()
        if let climbCatchUp { takeBack(climbCatchUp) }
        let from = LocalPoint(x: before[.eastMeters], y: before[.northMeters])
        if matcher != nil {
            matchStep(
                lengthMeters: L, lengthSigmaMeters: lengthSigma, headingRadians: step.headingRadians,
                headingSigmaRadians: step.headingSigmaRadians)
        }
        advanceLevels(to: time)
        if matcher == nil { constrainToMap(from: from) }
        alignHeadingToFloorPlan(rawHeadingRadians: step.headingRadians)
        return true
    }

    /// Takes off the position what the steps of a climb walked before it was confirmed (``ClimbDetector``):
    /// the filter's mean and the particles move back, the filter's position variance grows by the steps'
    /// length uncertainty. A filter refusal is counted in ``FusionStatistics/failedCorrections`` (`climbCatchUp`).
    private func takeBack(_ removed: ClimbDetector.Removed) {
        guard let filter else { return }
        do {
            var state = filter.state
            state[.eastMeters] -= removed.eastMeters
            state[.northMeters] -= removed.northMeters
            try filter.setState(state)
            var covariance = filter.covariance
            covariance[.eastMeters, .eastMeters] += removed.varianceSquareMeters
            covariance[.northMeters, .northMeters] += removed.varianceSquareMeters
            try filter.setCovariance(covariance)
        } catch {
            statistics.recordFailure(of: .climbCatchUp, reason: .error(error))
            return
        }
        matcher?.translate(eastMeters: -removed.eastMeters, northMeters: -removed.northMeters)
        statistics.climbingSteps += removed.steps
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
        guard levelEstimator != nil else { return }
        let position = point
        let before = levelEstimator?.levelIndex
        // Changed in place: a copy changed and stored back would copy the estimator's arrays every time.
        levelEstimator?.advance(toSeconds: time, position: position)
        let after = levelEstimator?.levelIndex
        if after != before { didChangeLevel(from: before, to: after) }
    }

    /// Pushes the position back into walkable space after a step from `from`. A filter error or refusal
    /// leaves the predicted position and is counted in ``FusionStatistics/failedCorrections`` (`wallCorrection`).
    private func constrainToMap(from: LocalPoint) {
        guard let constraint, let filter, let level = levelIndex, let to = point,
            let corrected = constraint.correctedEnd(from: from, to: to, levelIndex: level)
        else { return }
        statistics.wallCorrections += 1
        let variance = configuration.wallCorrectionSigmaMeters * configuration.wallCorrectionSigmaMeters
        do {
            let noise = try Matrix(rows: 2, columns: 2, elements: [variance, 0, 0, variance])
            let outcome = try filter.update(
                measurement: [corrected.x, corrected.y], model: FusionState.positionModel,
                noise: noise, gate: .disabled)
            if case .rejected(let reason) = outcome {
                statistics.recordFailure(of: .wallCorrection, reason: .rejected(reason))
                return
            }
            clampCalibration()
            if let now = point, !constraint.isWalkable(now, levelIndex: level) {
                var state = filter.state
                state[.eastMeters] = corrected.x
                state[.northMeters] = corrected.y
                try filter.setState(state)
            }
        } catch {
            statistics.recordFailure(of: .wallCorrection, reason: .error(error))
        }
    }

    /// Keeps the stride scale within its configured range; a clamp is counted in
    /// ``FusionStatistics/strideScaleClamps``, a refused state in ``FusionStatistics/failedCorrections`` (`strideScaleClamp`).
    /// - Returns: what was done.
    @discardableResult
    func clampCalibration() -> StrideScaleClamp {
        guard let filter else { return .unchanged }
        var state = filter.state
        let s = state[.strideScale]
        let clamped = min(configuration.maximumStrideScale, max(configuration.minimumStrideScale, s))
        guard clamped != s else { return .unchanged }
        state[.strideScale] = clamped
        do {
            try filter.setState(state)
        } catch {
            statistics.recordFailure(of: .strideScaleClamp, reason: .error(error))
            return .failed(error)
        }
        statistics.strideScaleClamps += 1
        return .clamped(fromScale: s, toScale: clamped)
    }

    func normalizedHeading(_ radians: Double) -> Double {
        let r = radians.truncatingRemainder(dividingBy: 2 * .pi)
        return r < 0 ? r + 2 * .pi : r
    }
}

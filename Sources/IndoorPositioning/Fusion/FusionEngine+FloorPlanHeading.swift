import Foundation
import IndoorEstimation

extension FusionEngine {
    /// Heading alignment to the floor plan, after each step (see ``DominantDirections``): when the last
    /// ``FusionConfiguration/straightWalkSteps`` raw step headings all lie within
    /// ``FusionConfiguration/straightWalkToleranceRadians`` of their circular mean h̄, and the corrected
    /// heading θ = h̄ + b is within ``FusionConfiguration/floorPlanCaptureRadians`` of a main direction d of
    /// the current level, the pseudo-measurement "θ = d" is fused on the heading bias: z = b + (d − θ),
    /// H = [0 0 1 0], σ = ``FusionConfiguration/floorPlanHeadingSigmaRadians``. The window then starts
    /// afresh, so a long straight corridor gives one measurement per window, not one per step (the
    /// pseudo-measurements of overlapping windows would not be independent). Through the filter's
    /// cross-covariances the correction also moves the position a little. A filter error or refusal is
    /// counted in ``FusionStatistics/failedCorrections`` (`headingAlignment`).
    func alignHeadingToFloorPlan(rawHeadingRadians h: Double) {
        guard configuration.alignHeadingToFloorPlan, let directions = dominantDirections, let filter,
            let level = levelIndex, h.isFinite
        else { return }
        let count = configuration.straightWalkSteps
        recentStepHeadings.append(h)
        if recentStepHeadings.count > count { recentStepHeadings.removeFirst(recentStepHeadings.count - count) }
        guard recentStepHeadings.count == count else { return }
        let meanHeading = atan2(recentStepHeadings.reduce(0) { $0 + sin($1) }, recentStepHeadings.reduce(0) { $0 + cos($1) })
        let tolerance = configuration.straightWalkToleranceRadians
        guard recentStepHeadings.allSatisfy({ abs(remainder($0 - meanHeading, 2 * .pi)) <= tolerance }) else { return }
        let b = filter.state[.headingBiasRadians]
        guard let nearest = directions.nearest(toHeading: meanHeading + b, levelIndex: level),
            abs(nearest.differenceRadians) <= configuration.floorPlanCaptureRadians
        else { return }
        let sigma = configuration.floorPlanHeadingSigmaRadians
        do {
            let model = FusionState.measurementModel(reading: [.headingBiasRadians])
            let noise = try Matrix(rows: 1, columns: 1, elements: [sigma * sigma])
            let outcome = try filter.update(measurement: [b + nearest.differenceRadians], model: model, noise: noise, gate: .disabled)
            if case .rejected(let reason) = outcome {
                statistics.recordFailure(of: .headingAlignment, reason: .rejected(reason))
                return
            }
            if matcher != nil {
                let target = b + nearest.differenceRadians
                matchMeasurement { _, _, bias in
                    let d = remainder(bias - target, 2 * .pi)
                    return exp(-0.5 * d * d / (sigma * sigma))
                }
            }
            statistics.headingAlignments += 1
            recentStepHeadings.removeAll()
        } catch {
            statistics.recordFailure(of: .headingAlignment, reason: .error(error))
        }
    }
}

import IndoorEstimation
import IndoorGeometry

extension FusionEngine {
    /// Counts a change of the most probable level and, with known connectors, moves the position towards
    /// the entry, on the new level, of the nearest connector linking the two levels (within twice the
    /// level filter's connector radius): a position pseudo-measurement with ``FusionConfiguration/connectorEntrySigmaMeters``.
    /// A filter error or refusal is counted in ``FusionStatistics/failedCorrections`` (`connectorSnap`).
    func didChangeLevel(from old: Int?, to new: Int?) {
        statistics.levelChanges += 1
        guard let old, let new, let filter, let position = point, let estimator = levelEstimator,
            estimator.levels.indices.contains(new)
        else { return }
        let radius = 2 * estimator.configuration.connectorRadiusMeters
        var best: (point: LocalPoint, distance: Double)?
        for entry in estimator.levels[new].connectorEntries where entry.reachableLevelIndices.contains(old) {
            let distance = entry.point.distance(to: position)
            if distance <= radius, distance < (best?.distance ?? .infinity) { best = (entry.point, distance) }
        }
        guard let best else { return }
        let variance = configuration.connectorEntrySigmaMeters * configuration.connectorEntrySigmaMeters
        do {
            let noise = try Matrix(rows: 2, columns: 2, elements: [variance, 0, 0, variance])
            let outcome = try filter.update(
                measurement: [best.point.x, best.point.y], model: FusionState.positionModel,
                noise: noise, gate: .disabled)
            if case .rejected(let reason) = outcome {
                statistics.recordFailure(of: .connectorSnap, reason: .rejected(reason))
                return
            }
            statistics.connectorSnaps += 1
            clampCalibration()
            repositionMatcher()
        } catch {
            statistics.recordFailure(of: .connectorSnap, reason: .error(error))
        }
    }
}

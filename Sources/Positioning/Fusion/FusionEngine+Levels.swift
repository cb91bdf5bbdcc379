import Estimation
import IndoorGeometry

extension FusionEngine {
    /// Counts a change of the most probable level and, with known connectors, moves the position towards
    /// the entry, on the new level, of the nearest connector linking the two levels (within twice the
    /// level filter's connector radius): a position pseudo-measurement with ``FusionConfiguration/connectorEntrySigmaMeters``.
    func didChangeLevel(from old: Int?, to new: Int?) {
        statistics.levelChanges += 1
        guard let old, let new, let filter, let position = point, let estimator = levelEstimator,
              estimator.levels.indices.contains(new) else { return }
        let radius = 2 * estimator.configuration.connectorRadiusMeters
        var best: (point: LocalPoint, distance: Double)?
        for entry in estimator.levels[new].connectorEntries where entry.reachableLevelIndices.contains(old) {
            let distance = entry.point.distance(to: position)
            if distance <= radius, distance < (best?.distance ?? .infinity) { best = (entry.point, distance) }
        }
        guard let best else { return }
        let variance = configuration.connectorEntrySigmaMeters * configuration.connectorEntrySigmaMeters
        do {
            let model = try Matrix(rows: 2, columns: 4, elements: [1, 0, 0, 0, 0, 1, 0, 0])
            let noise = try Matrix(rows: 2, columns: 2, elements: [variance, 0, 0, variance])
            if try filter.update(measurement: [best.point.x, best.point.y], model: model, noise: noise, gate: .disabled).isAccepted {
                statistics.connectorSnaps += 1
                clampCalibration()
            }
        } catch {
            // Well-formed by construction; a failure leaves the position as it was.
        }
    }
}

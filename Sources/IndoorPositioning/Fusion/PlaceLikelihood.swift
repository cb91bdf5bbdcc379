import IndoorGeometry

/// A measurement's likelihood over the places of the level it was made on, for the particles of the
/// map matcher, which can carry the many peaks a Gaussian summary of it loses (a radio scan that fits two
/// corridors fits both).
///
/// Only ratios between places matter: the engine weighs each particle by
/// exp(ℓ(particle) − max ℓ) plus ``MapMatchingConfiguration/measurementLikelihoodFloor``.
public protocol PlaceLikelihood: Sendable {
    /// The log-likelihood of the measurement were it made at `point` (local frame), up to a constant.
    func logLikelihood(at point: LocalPoint) -> Double
}

import IndoorConfiguration

/// Tunables of ``GNSSPositionProvider``: defaults, units and ranges are in ``tunables`` (the table in the
/// module README is generated from it), checked by ``validate()`` (``TunableConfiguration/init(_:)`` builds
/// validated ones).
public struct GNSSProviderConfiguration: Hashable, Sendable {
    /// Fixes reporting a horizontal accuracy worse than this are dropped (counted), metres.
    public var maximumAccuracyMeters = 30.0
    /// One-sigma per axis = this × the reported accuracy. Android reports the radius of 68 % confidence; for a
    /// circular Gaussian P(r ≤ a) = 0.68 gives a = 1.51 σ, so the default is 1 / 1.51 = 0.662.
    public var sigmaPerAccuracy: Double = 1 / 1.51
    /// Smallest one-sigma per axis, metres.
    public var minimumSigmaMeters = 1.0
    /// One-sigma per axis of a fix without a reported accuracy, metres.
    public var missingAccuracySigmaMeters = 15.0
    /// Fixes computed from fewer satellites are dropped (counted); 0 keeps all. A phone under open sky uses
    /// 20–30 satellites of four constellations, a fix needs 4; indoors, away from windows, fixes used 10–14 and
    /// were 6–9 m off in median (IPIN 2023 trials, pooled over eight trials for 14: "Satellites and headings
    /// without a floor plan" in docs/positioning-measurements.md). Fixes that do not report it are kept.
    public var minimumSatellitesUsed: Int = 15
    /// How long a fix's error persists, seconds: indoor errors (multipath, a window's view of the sky) change
    /// slowly, so fixes δt apart are not independent. Each fix's sigma is multiplied by √(τ / min(τ, δt)), δt
    /// the time since the previous delivered fix, so the fixes of τ seconds carry about the information of one.
    /// 0 turns this off. The default was chosen by ordinary and blocked cross-validation on IPIN 2023 T3
    /// (fewer points beyond 2.5 σ, p75 no worse; figures in docs/positioning-measurements.md).
    public var errorCorrelationSeconds = 30.0
    /// Whether fixes are used while the user is below ground (floor number < 0): satellite signals do not reach
    /// basements, and what a phone reports there comes from the network or multipath.
    public var useBelowGround = false
}

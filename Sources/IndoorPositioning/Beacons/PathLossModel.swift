import Foundation

/// The log-distance path-loss model: RSSI(d) = P₁ − 10 n log₁₀(d / 1 m), with P₁ the RSSI at 1 m (the
/// beacon's "tx power") and n the path-loss exponent (2 in free space, 1.6–4 indoors).
/// Reference: Rappaport, *Wireless Communications* (2nd ed., 2002), §4.9.
public struct PathLossModel: Hashable, Sendable {
    /// RSSI at 1 m, dBm.
    public var txPowerDbm: Double
    /// Path-loss exponent n (unitless, > 0).
    public var exponent: Double

    /// A model.
    public init(txPowerDbm: Double, exponent: Double) { self.txPowerDbm = txPowerDbm; self.exponent = exponent }

    /// The expected RSSI at `distanceMeters` (> 0), dBm.
    public func rssiDbm(atDistanceMeters distanceMeters: Double) -> Double {
        txPowerDbm - 10 * exponent * log10(distanceMeters)
    }

    /// The distance at which the model expects `rssiDbm`, metres: d = 10^((P₁ − RSSI) / (10 n)).
    public func distanceMeters(rssiDbm: Double) -> Double {
        pow(10, (txPowerDbm - rssiDbm) / (10 * exponent))
    }

    /// One-sigma distance uncertainty caused by an RSSI uncertainty of `rssiSigmaDb` at distance d,
    /// to first order: σ_d = d · ln 10 / (10 n) · σ_RSSI. It grows linearly with distance.
    public func distanceSigmaMeters(distanceMeters: Double, rssiSigmaDb: Double) -> Double {
        distanceMeters * log(10) / (10 * exponent) * rssiSigmaDb
    }
}

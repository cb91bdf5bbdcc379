/// The BLE radio model: scan rate, log-distance path loss with log-normal shadowing, dropouts, floor
/// attenuation and the receiver's cut-off. Units, defaults and ranges are in ``tunables`` (the README's
/// table is generated from it).
///
/// RSSI(d) = P₁ₘ − 10·n·log₁₀(d / 1 m) − floors·A_floor + X, X ~ N(0, σ²) — the log-distance model with
/// log-normal shadowing (Rappaport, *Wireless Communications*, 2nd ed., §4.9–4.10).
public struct BeaconScanConfiguration: Hashable, Sendable {
    /// Scans per second; every scan reports each beacon heard.
    public var scanRateHz = 2.0
    /// Standard deviation of log-normal shadowing, dB.
    public var shadowingStandardDeviationDb = 4.0
    /// Probability that a beacon in range is missing from a scan.
    public var dropoutProbability = 0.1
    /// Weakest RSSI the phone reports, dBm.
    public var cutoffDbm = -100.0
    /// Extra loss per floor between the phone and the beacon, dB.
    public var floorAttenuationDb = 20.0
    /// Path-loss exponent for beacons whose record gives none.
    public var defaultPathLossExponent = 2.2
    /// Mounting height of beacons above their floor, m.
    public var beaconMountHeightMeters = 2.5
    /// Whether RSSI is reported in whole dBm, as phones do.
    public var roundsToWholeDbm = true
}

/// The BLE radio model: scan rate, log-distance path loss with log-normal shadowing, dropouts, floor
/// attenuation and the receiver's cut-off. Units, defaults and ranges are tabled in
/// `Sources/IndoorSimulation/README.md`.
///
/// RSSI(d) = P₁ₘ − 10·n·log₁₀(d / 1 m) − floors·A_floor + X, X ~ N(0, σ²) — the log-distance model with
/// log-normal shadowing (Rappaport, *Wireless Communications*, 2nd ed., §4.9–4.10).
public struct BeaconScanConfiguration: Hashable, Sendable {
    /// Scans per second; every scan reports each beacon heard. Default 2, valid 0.1…20.
    public var scanRateHz = 2.0
    /// Standard deviation of log-normal shadowing, dB. Default 4, valid 0…20.
    public var shadowingStandardDeviationDb = 4.0
    /// Probability that a beacon in range is missing from a scan. Default 0.1, valid 0…0.99.
    public var dropoutProbability = 0.1
    /// Weakest RSSI the phone reports, dBm. Default −100, valid −130…−30.
    public var cutoffDbm = -100.0
    /// Extra loss per floor between the phone and the beacon, dB. Default 20, valid 0…100.
    public var floorAttenuationDb = 20.0
    /// Path-loss exponent for beacons whose record gives none. Default 2.2, valid 1…6.
    public var defaultPathLossExponent = 2.2
    /// Mounting height of beacons above their floor, m. Default 2.5, valid 0…20.
    public var beaconMountHeightMeters = 2.5
    /// Whether RSSI is reported in whole dBm, as phones do. Default true.
    public var roundsToWholeDbm = true

    /// The defaults.
    public init() {}

    /// Checks every value against its documented range.
    public func validate() throws(SimulationError) {
        try check(scanRateHz, 0.1...20, "ble.scanRateHz", "Hz")
        try check(shadowingStandardDeviationDb, 0...20, "ble.shadowingStandardDeviationDb", "dB")
        try check(dropoutProbability, 0...0.99, "ble.dropoutProbability", "")
        try check(cutoffDbm, -130 ... -30, "ble.cutoffDbm", "dBm")
        try check(floorAttenuationDb, 0...100, "ble.floorAttenuationDb", "dB")
        try check(defaultPathLossExponent, 1...6, "ble.defaultPathLossExponent", "")
        try check(beaconMountHeightMeters, 0...20, "ble.beaconMountHeightMeters", "m")
    }
}

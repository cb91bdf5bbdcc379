import IndoorConfiguration

/// Everything that shapes a simulated recording except the route and the seed: the walker, the motion
/// sensors and barometer, and the BLE radio. Validated when constructed.
public struct SimulationConfiguration: Hashable, Sendable {
    /// How the person walks and rides connectors.
    public let walker: WalkerConfiguration
    /// Accelerometer, gyroscope, magnetometer, rotation vector and barometer.
    public let inertial: InertialSensorConfiguration
    /// BLE scanning and the radio model.
    public let beaconScan: BeaconScanConfiguration

    /// A configuration; throws ``SimulationError/invalidConfiguration(field:message:)`` naming the first
    /// value outside its range in the parts' ``TunableConfiguration/tunables``.
    public init(
        walker: WalkerConfiguration = .standard, inertial: InertialSensorConfiguration = .standard,
        beaconScan: BeaconScanConfiguration = .standard
    ) throws(SimulationError) {
        try walker.checked()
        try inertial.checked()
        try beaconScan.checked()
        self.walker = walker
        self.inertial = inertial
        self.beaconScan = beaconScan
    }

    /// The defaults (all valid by construction).
    public static let standard = SimulationConfiguration(unchecked: .standard, .standard, .standard)

    private init(unchecked walker: WalkerConfiguration, _ inertial: InertialSensorConfiguration, _ beaconScan: BeaconScanConfiguration) {
        self.walker = walker
        self.inertial = inertial
        self.beaconScan = beaconScan
    }
}

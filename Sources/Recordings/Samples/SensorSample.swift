/// One timed sensor reading from a recording.
///
/// `timeSeconds` is measured from the recording's time origin (see `Recordings/README.md` for the
/// origin each importer uses); it can be slightly out of order in raw files — the player fixes that.
public struct SensorSample: Hashable, Sendable {
    /// Seconds from the recording's time origin.
    public var timeSeconds: Double
    /// What was measured.
    public var reading: SensorReading
    /// Android sensor accuracy status (0 unreliable … 3 high), when the source reported one.
    public var accuracy: Int?

    /// A sample.
    public init(timeSeconds: Double, reading: SensorReading, accuracy: Int? = nil) {
        self.timeSeconds = timeSeconds
        self.reading = reading
        self.accuracy = accuracy
    }

    /// The sample's kind, for counting and filtering.
    public var kind: SampleKind { reading.kind }
}

/// The measurement carried by a sample. Vectors are in the Android device frame (``DeviceVector3``).
public enum SensorReading: Hashable, Sendable {
    /// Specific force including gravity, m/s².
    case accelerometer(DeviceVector3)
    /// Uncalibrated specific force and the estimated bias, m/s².
    case accelerometerUncalibrated(raw: DeviceVector3, bias: DeviceVector3)
    /// Angular rate, rad/s.
    case gyroscope(DeviceVector3)
    /// Uncalibrated angular rate and the estimated drift, rad/s.
    case gyroscopeUncalibrated(raw: DeviceVector3, drift: DeviceVector3)
    /// Calibrated magnetic field, µT.
    case magnetometer(DeviceVector3)
    /// Uncalibrated (hard-iron included) magnetic field and the estimated hard-iron bias, µT.
    case magnetometerUncalibrated(raw: DeviceVector3, bias: DeviceVector3)
    /// Orientation from the rotation-vector sensor: device frame → world frame (x east, y north, z up).
    case rotationVector(Quaternion)
    /// Orientation as Euler angles in radians (and the quaternion when reported).
    case attitude(Attitude)
    /// Barometric pressure, hPa (= mbar).
    case pressure(hectopascals: Double)
    /// One beacon advertisement.
    case beacon(BeaconObservation)
    /// One access point from a Wi-Fi scan.
    case wifi(WifiObservation)
    /// A satellite position fix from the phone's location API.
    case gnss(GNSSFix)
    /// A surveyed position of the walker.
    case groundTruth(GroundTruthPosition)
    /// Free text put into the recording, e.g. "user confirmed level change".
    case marker(String)

    /// The reading's kind.
    public var kind: SampleKind {
        switch self {
        case .accelerometer: .accelerometer
        case .accelerometerUncalibrated: .accelerometerUncalibrated
        case .gyroscope: .gyroscope
        case .gyroscopeUncalibrated: .gyroscopeUncalibrated
        case .magnetometer: .magnetometer
        case .magnetometerUncalibrated: .magnetometerUncalibrated
        case .rotationVector: .rotationVector
        case .attitude: .attitude
        case .pressure: .pressure
        case .beacon: .beacon
        case .wifi: .wifi
        case .gnss: .gnss
        case .groundTruth: .groundTruth
        case .marker: .marker
        }
    }
}

/// The kinds of sample; the raw value is the `"type"` written in the canonical format.
public enum SampleKind: String, CaseIterable, Hashable, Sendable, Comparable {
    case accelerometer = "acc"
    case accelerometerUncalibrated = "acc_raw"
    case gyroscope = "gyro"
    case gyroscopeUncalibrated = "gyro_raw"
    case magnetometer = "mag"
    case magnetometerUncalibrated = "mag_raw"
    case rotationVector = "rotation"
    case attitude = "attitude"
    case pressure = "pressure"
    case beacon = "ble"
    case wifi = "wifi"
    case gnss = "gnss"
    case groundTruth = "truth"
    case marker = "marker"

    /// Declaration order.
    public static func < (a: SampleKind, b: SampleKind) -> Bool {
        let all = SampleKind.allCases
        return (all.firstIndex(of: a) ?? 0) < (all.firstIndex(of: b) ?? 0)
    }
}

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
    indirect case attitude(Attitude)
    /// Barometric pressure, hPa (= mbar).
    case pressure(hectopascals: Double)
    /// One beacon advertisement.
    indirect case beacon(BeaconObservation)
    /// One access point from a Wi-Fi scan.
    indirect case wifi(WifiObservation)
    /// A satellite position fix from the phone's location API.
    indirect case gnss(GNSSFix)
    /// A surveyed position of the walker.
    indirect case groundTruth(GroundTruthPosition)
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
    /// Accelerometer with gravity, m/s² (`acc`).
    case accelerometer = "acc"
    /// Accelerometer before bias correction, m/s² with its estimated bias (`acc_raw`).
    case accelerometerUncalibrated = "acc_raw"
    /// Gyroscope, rad/s (`gyro`).
    case gyroscope = "gyro"
    /// Gyroscope before drift correction, rad/s, with its estimated drift (`gyro_raw`).
    case gyroscopeUncalibrated = "gyro_raw"
    /// Magnetometer, µT (`mag`).
    case magnetometer = "mag"
    /// Magnetometer before hard-iron correction, µT, with its estimated bias (`mag_raw`).
    case magnetometerUncalibrated = "mag_raw"
    /// Rotation vector (orientation quaternion) of the device (`rotation`).
    case rotationVector = "rotation"
    /// Orientation as azimuth, pitch and roll (`attitude`).
    case attitude = "attitude"
    /// Barometric pressure, hPa (`pressure`).
    case pressure = "pressure"
    /// One BLE beacon heard, with its RSSI in dBm (`ble`).
    case beacon = "ble"
    /// One Wi-Fi access point heard, with its RSSI in dBm (`wifi`).
    case wifi = "wifi"
    /// A satellite (GNSS) fix (`gnss`).
    case gnss = "gnss"
    /// The true position at a time, for scoring (`truth`).
    case groundTruth = "truth"
    /// A labelled moment in the recording (`marker`).
    case marker = "marker"

    /// Declaration order.
    public static func < (a: SampleKind, b: SampleKind) -> Bool { a.ordinal < b.ordinal }

    /// The position in ``allCases`` (declaration order), for counting per kind in an array.
    public var ordinal: Int {
        switch self {
        case .accelerometer: 0
        case .accelerometerUncalibrated: 1
        case .gyroscope: 2
        case .gyroscopeUncalibrated: 3
        case .magnetometer: 4
        case .magnetometerUncalibrated: 5
        case .rotationVector: 6
        case .attitude: 7
        case .pressure: 8
        case .beacon: 9
        case .wifi: 10
        case .gnss: 11
        case .groundTruth: 12
        case .marker: 13
        }
    }
}

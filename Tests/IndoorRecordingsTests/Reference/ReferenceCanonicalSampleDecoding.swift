// Test-side reference: the recording reader as it was before the single-pass reader (kept only to
// check that the reader in Sources finds the same samples; not used by the product).

import IndoorGeometry

@testable import IndoorRecordings

/// Turns the fields of one canonical sample line into a ``SensorSample``; collects the first problem.
struct ReferenceCanonicalSampleDecoder<Fields: ReferenceCanonicalFields> {
    let fields: Fields
    private(set) var problem: String?

    init(_ fields: Fields) { self.fields = fields }

    /// A required finite number.
    mutating func number(_ key: StaticString) -> Double {
        switch fields.field(key) {
        case .number(let d): return d
        case .missing: fail("missing field '\(key)'")
        case .string(let s): fail("field '\(key)': \"\(s.prefix(40))\" is not a number")
        case .other(let typeName): fail("field '\(key)': \(typeName) is not a number")
        }
        return .nan
    }

    /// An optional finite number (absent or null → nil).
    mutating func optionalNumber(_ key: StaticString) -> Double? {
        switch fields.field(key) {
        case .number(let d): return d
        case .missing, .other(typeName: "null"): return nil
        case .string(let s): fail("field '\(key)': \"\(s.prefix(40))\" is not a number")
        case .other(let typeName): fail("field '\(key)': \(typeName) is not a number")
        }
        return nil
    }

    /// An optional integer.
    mutating func optionalInt(_ key: StaticString) -> Int? {
        guard let d = optionalNumber(key) else { return nil }
        guard d.rounded() == d, abs(d) < 9e15 else { fail("field '\(key)': \(d) is not an integer"); return nil }
        return Int(d)
    }

    /// An optional string (absent or null → nil).
    mutating func optionalString(_ key: StaticString) -> String? {
        switch fields.field(key) {
        case .string(let s): return s
        case .missing, .other(typeName: "null"): return nil
        case .number(let d): fail("field '\(key)': \(d) is not a string")
        case .other(let typeName): fail("field '\(key)': \(typeName) is not a string")
        }
        return nil
    }

    /// A required string.
    mutating func string(_ key: StaticString) -> String {
        if case .missing = fields.field(key) { fail("missing field '\(key)'"); return "" }
        return optionalString(key) ?? ""
    }

    mutating func fail(_ message: String) { if problem == nil { problem = message } }

    mutating func vector(_ x: StaticString, _ y: StaticString, _ z: StaticString) -> DeviceVector3 {
        DeviceVector3(x: number(x), y: number(y), z: number(z))
    }

    /// The sample, or the first problem found.
    mutating func decode(kind: SampleKind) -> Result<SensorSample, ReferenceLineProblem> {
        let t = number("t")
        let accuracy = optionalInt("accuracy")
        let reading: SensorReading
        switch kind {
        case .accelerometer: reading = .accelerometer(vector("x", "y", "z"))
        case .gyroscope: reading = .gyroscope(vector("x", "y", "z"))
        case .magnetometer: reading = .magnetometer(vector("x", "y", "z"))
        case .accelerometerUncalibrated: reading = .accelerometerUncalibrated(raw: vector("x", "y", "z"), bias: vector("bx", "by", "bz"))
        case .gyroscopeUncalibrated: reading = .gyroscopeUncalibrated(raw: vector("x", "y", "z"), drift: vector("bx", "by", "bz"))
        case .magnetometerUncalibrated: reading = .magnetometerUncalibrated(raw: vector("x", "y", "z"), bias: vector("bx", "by", "bz"))
        case .rotationVector: reading = .rotationVector(Quaternion(w: number("qw"), x: number("qx"), y: number("qy"), z: number("qz")))
        case .attitude:
            let pitch = number("pitch"), roll = number("roll"), yaw = number("yaw")
            var quaternion: Quaternion?
            if let qw = optionalNumber("qw") {
                quaternion = Quaternion(w: qw, x: number("qx"), y: number("qy"), z: number("qz"))
            }
            reading = .attitude(Attitude(pitchRadians: pitch, rollRadians: roll, yawRadians: yaw, quaternion: quaternion))
        case .pressure: reading = .pressure(hectopascals: number("hPa"))
        case .beacon:
            let identity = BeaconIdentity(
                uuid: optionalString("uuid"), major: optionalInt("major"), minor: optionalInt("minor"), mac: optionalString("mac"))
            if identity.uuid == nil && identity.mac == nil { fail("a beacon needs 'uuid' or 'mac'") }
            reading = .beacon(
                BeaconObservation(
                    beacon: identity, rssiDbm: number("rssi"), txPowerDbm: optionalNumber("tx"),
                    reportedDistanceMeters: optionalNumber("dist")))
        case .wifi:
            reading = .wifi(
                WifiObservation(
                    bssid: string("bssid"), ssid: optionalString("ssid"), rssiDbm: number("rssi"),
                    frequencyMHz: optionalNumber("freq"), lastSeenSeconds: optionalNumber("seen")))
        case .gnss: reading = .gnss(gnss())
        case .groundTruth: reading = .groundTruth(groundTruth())
        case .marker: reading = .marker(string("text"))
        }
        if let problem { return .failure(ReferenceLineProblem(message: problem)) }
        return .success(SensorSample(timeSeconds: t, reading: reading, accuracy: accuracy))
    }

    private mutating func gnss() -> GNSSFix {
        let coordinate = GeoCoordinate(latitudeDegrees: number("lat"), longitudeDegrees: number("lon"))
        if problem == nil, !coordinate.isValid {
            fail("latitude/longitude out of range: \(coordinate.latitudeDegrees), \(coordinate.longitudeDegrees)")
        }
        let accuracy = optionalNumber("hacc")
        if problem == nil, let accuracy, accuracy < 0 { fail("field 'hacc': \(accuracy) m is negative") }
        return GNSSFix(
            coordinate: coordinate, horizontalAccuracyMeters: accuracy, altitudeMeters: optionalNumber("alt"),
            bearingRadians: optionalNumber("bearing"), speedMetersPerSecond: optionalNumber("speed"),
            satellitesInView: optionalInt("sats"), satellitesUsed: optionalInt("satsUsed"),
            fixTimeSeconds: optionalNumber("fixTime"))
    }

    private mutating func groundTruth() -> GroundTruthPosition {
        var level: LevelReference?
        if let id = optionalString("level") {
            level = .levelId(id)
        } else if let name = optionalString("floor") {
            level = .floorName(name)
        } else if let number = optionalNumber("floorNumber") {
            level = .floorNumber(number)
        }
        if let lat = optionalNumber("lat") {
            let coordinate = GeoCoordinate(latitudeDegrees: lat, longitudeDegrees: number("lon"))
            if problem == nil, !coordinate.isValid { fail("latitude/longitude out of range: \(lat), \(coordinate.longitudeDegrees)") }
            return GroundTruthPosition(location: .geographic(coordinate), level: level)
        }
        let x = number("x"), y = number("y")
        switch optionalString("frame") ?? "local" {
        case "local": return GroundTruthPosition(location: .local(LocalPoint(x: x, y: y)), level: level)
        case "floor": return GroundTruthPosition(location: .floorFrame(FloorFramePoint(xMeters: x, yMeters: y)), level: level)
        case let other:
            fail("field 'frame': \"\(other)\" is not one of local, floor")
            return GroundTruthPosition(location: .local(LocalPoint(x: x, y: y)), level: level)
        }
    }
}

/// What is wrong with a line, before the file and line number are attached.
struct ReferenceLineProblem: Error {
    var message: String
}

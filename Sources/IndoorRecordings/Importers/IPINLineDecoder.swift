import IndoorGeometry

/// Decodes IPIN competition "GetSensorData" logfiles (format version 2.x).
///
/// `%` lines are comments (the phone model is picked up from them); records are `;`-separated with a
/// four-letter tag. Time is the record's *AppTimestamp* (seconds since the app started logging, a
/// common reference for all sensors), used as is. Decoded: `ACCE`, `GYRO`, `MAGN`, `PRES`, `AHRS`
/// (degrees → radians), `BLE4` (iBeacon and Eddystone), `WIFI`, `GNSS` (the phone's satellite fixes),
/// `POSI` (ground truth: lat/lon and floor number). Other known tags (`LIGH`, `SOUN`, …) are counted and skipped.
struct IPINLineDecoder: RecordLineDecoder {
    /// Every record tag the GetSensorData app documents.
    static let knownTags: Set<String> = [
        "ACCE", "GYRO", "MAGN", "PRES", "LIGH", "PROX", "HUMI", "TEMP", "AHRS", "GNSS", "WIFI", "BLUE",
        "BLE4", "SOUN", "RFID", "IMUX", "IMUL", "IMUI", "POSI",
    ]

    var format: RecordingFormat { .ipin }
    private(set) var header: RecordingHeader
    private var splitter = FieldSplitter()
    private let strings = StringInterner()
    private static let degreesToRadians = Double.pi / 180

    private static let vectorNames = ["tag", "app time", "sensor time", "x", "y", "z", "accuracy"]
    private static let pressureNames = ["tag", "app time", "sensor time", "pressure", "accuracy"]
    private static let ahrsNames = ["tag", "app time", "sensor time", "pitch", "roll", "yaw", "q2", "q3", "q4", "accuracy"]
    private static let bleNames = ["tag", "app time", "kind", "mac", "rssi", "power", "major", "minor", "uuid"]
    private static let wifiNames = ["tag", "app time", "sensor time", "ssid", "bssid", "frequency", "rssi"]
    private static let posiNames = ["tag", "time", "counter", "latitude", "longitude", "floor", "building"]
    private static let gnssNames = [
        "tag", "app time", "sensor time", "latitude", "longitude", "altitude", "bearing",
        "accuracy", "speed", "satellites in view", "satellites in use",
    ]

    init(file: String) {
        header = RecordingHeader(importing: .ipin, file: file)
    }

    mutating func decode(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) -> DecodedLine {
        guard let first = line.first else { return .ignored }
        if first == UInt8(ascii: "%") { absorbComment(line); return .ignored }
        if isBlank(line) { return .ignored }
        splitter.split(line, separator: UInt8(ascii: ";"))
        let s = splitter
        guard s.count >= 2 else {
            return .problem(recordType: nil, message: "expected 'TAG;time;…', found no ';'")
        }
        let tag = s.text(line, 0)
        @inline(__always) func sample(_ r: DelimitedFieldReader, _ t: Double, _ reading: SensorReading, _ accuracy: Int?) -> DecodedLine {
            if let problem = r.problem { return .problem(recordType: tag, message: problem) }
            return .sample(SensorSample(timeSeconds: t, reading: reading, accuracy: accuracy))
        }
        switch tag {
        case "ACCE", "GYRO", "MAGN":
            var r = DelimitedFieldReader(line: line, fields: s, names: Self.vectorNames, strings: strings)
            let t = r.number(1)
            let v = DeviceVector3(x: r.number(3), y: r.number(4), z: r.number(5))
            let accuracy = r.optionalInt(6)
            let reading: SensorReading = tag == "ACCE" ? .accelerometer(v) : tag == "GYRO" ? .gyroscope(v) : .magnetometer(v)
            return sample(r, t, reading, accuracy)
        case "PRES":
            var r = DelimitedFieldReader(line: line, fields: s, names: Self.pressureNames, strings: strings)
            let t = r.number(1)
            let hPa = r.number(3)
            if r.problem == nil, hPa <= 0 { r.fail("field 4 (pressure): \(hPa) mbar is not positive") }
            return sample(r, t, .pressure(hectopascals: hPa), r.optionalInt(4))
        case "AHRS":
            var r = DelimitedFieldReader(line: line, fields: s, names: Self.ahrsNames, strings: strings)
            let t = r.number(1)
            let pitch = r.number(3) * Self.degreesToRadians
            let roll = r.number(4) * Self.degreesToRadians
            let yaw = r.number(5) * Self.degreesToRadians
            let q = Quaternion(vectorPartX: r.number(6), y: r.number(7), z: r.number(8))
            let accuracy = r.optionalInt(9)
            return sample(r, t, .attitude(Attitude(pitchRadians: pitch, rollRadians: roll, yawRadians: yaw, quaternion: q)), accuracy)
        case "BLE4":
            var r = DelimitedFieldReader(line: line, fields: s, names: Self.bleNames, strings: strings)
            let t = r.number(1)
            let kind = r.text(2)
            let mac = r.text(3)
            let rssi = r.number(4)
            var identity = BeaconIdentity(mac: mac.isEmpty ? nil : mac)
            var tx: Double?
            if kind == "iBeacon" {
                // Power 0 means the advertisement carried no measured power.
                tx = r.optionalNumber(5).flatMap { $0 == 0 ? nil : $0 }
                identity = BeaconIdentity(uuid: r.text(8), major: r.optionalInt(6), minor: r.optionalInt(7), mac: identity.mac)
            }
            if r.problem == nil, identity.mac == nil, identity.uuid?.isEmpty ?? true { r.fail("beacon has neither MAC nor UUID") }
            return sample(r, t, .beacon(BeaconObservation(beacon: identity, rssiDbm: rssi, txPowerDbm: tx)), nil)
        case "WIFI":
            var r = DelimitedFieldReader(line: line, fields: s, names: Self.wifiNames, strings: strings)
            let t = r.number(1)
            let ssid = r.text(3), bssid = r.text(4)
            let frequency = r.optionalNumber(5)
            let rssi = r.number(6)
            if r.problem == nil, bssid.isEmpty { r.fail("field 5 (bssid) is empty") }
            return sample(
                r, t, .wifi(WifiObservation(bssid: bssid, ssid: ssid.isEmpty ? nil : ssid, rssiDbm: rssi, frequencyMHz: frequency)), nil)
        case "GNSS":
            var r = DelimitedFieldReader(line: line, fields: s, names: Self.gnssNames, strings: strings)
            let t = r.number(1)
            let fixTime = r.optionalNumber(2)
            let coordinate = GeoCoordinate(latitudeDegrees: r.number(3), longitudeDegrees: r.number(4))
            let altitude = r.optionalNumber(5)
            let bearing = r.optionalNumber(6).map { $0 * Self.degreesToRadians }
            let accuracy = r.optionalNumber(7)
            let speed = r.optionalNumber(8)
            let inView = r.optionalInt(9), inUse = r.optionalInt(10)
            if r.problem == nil, !coordinate.isValid { r.fail("latitude/longitude out of range: \(coordinate)") }
            if r.problem == nil, let accuracy, accuracy < 0 { r.fail("field 8 (accuracy): \(accuracy) m is negative") }
            return sample(
                r, t,
                .gnss(
                    GNSSFix(
                        coordinate: coordinate, horizontalAccuracyMeters: accuracy, altitudeMeters: altitude,
                        bearingRadians: bearing, speedMetersPerSecond: speed, satellitesInView: inView,
                        satellitesUsed: inUse, fixTimeSeconds: fixTime)), nil)
        case "POSI":
            var r = DelimitedFieldReader(line: line, fields: s, names: Self.posiNames, strings: strings)
            let t = r.number(1)
            let coordinate = GeoCoordinate(latitudeDegrees: r.number(3), longitudeDegrees: r.number(4))
            let floor = r.number(5)
            if r.problem == nil, !coordinate.isValid { r.fail("latitude/longitude out of range: \(coordinate)") }
            return sample(r, t, .groundTruth(GroundTruthPosition(location: .geographic(coordinate), level: .floorNumber(floor))), nil)
        default:
            if Self.knownTags.contains(tag) { return .skipped(recordType: tag) }
            if tag.count == 4, tag.allSatisfy({ $0.isUppercase || $0.isNumber }) { return .skipped(recordType: tag) }
            return .problem(recordType: nil, message: "unknown record tag '\(tag.prefix(40))'")
        }
    }

    /// The motion, orientation, pressure and Wi-Fi records read field by field (``FieldCursor``); `nil`
    /// for anything else, which ``decode(_:lineNumber:)`` then reads.
    @inline(__always)
    func commonSample(_ line: UnsafeBufferPointer<UInt8>) -> SensorSample? {
        guard line.count > 5, let base = line.baseAddress, base[4] == UInt8(ascii: ";"),
            var c = FieldCursor(line, separator: UInt8(ascii: ";"))
        else { return nil }
        // The tag's four bytes, first byte lowest.
        let tag = UnsafeRawPointer(base).loadUnaligned(as: UInt32.self)
        guard c.skip(), let t = c.number() else { return nil }
        switch tag {
        case 0x4543_4341, 0x4f52_5947, 0x4e47_414d:  // ACCE, GYRO, MAGN
            guard c.skip(), let x = c.number(), let y = c.number(), let z = c.number(), let accuracy = c.optionalInteger() else {
                return nil
            }
            let v = DeviceVector3(x: x, y: y, z: z)
            let reading: SensorReading = tag == 0x4543_4341 ? .accelerometer(v) : tag == 0x4f52_5947 ? .gyroscope(v) : .magnetometer(v)
            return SensorSample(timeSeconds: t, reading: reading, accuracy: accuracy)
        case 0x5352_4841:  // AHRS
            guard c.skip(), let pitch = c.number(), let roll = c.number(), let yaw = c.number(), let q2 = c.number(), let q3 = c.number(),
                let q4 = c.number(), let accuracy = c.optionalInteger()
            else { return nil }
            let attitude = Attitude(
                pitchRadians: pitch * Self.degreesToRadians, rollRadians: roll * Self.degreesToRadians,
                yawRadians: yaw * Self.degreesToRadians,
                quaternion: Quaternion(vectorPartX: q2, y: q3, z: q4))
            return SensorSample(timeSeconds: t, reading: .attitude(attitude), accuracy: accuracy)
        case 0x5345_5250:  // PRES
            guard c.skip(), let hPa = c.number(), hPa > 0, let accuracy = c.optionalInteger() else { return nil }
            return SensorSample(timeSeconds: t, reading: .pressure(hectopascals: hPa), accuracy: accuracy)
        case 0x4946_4957:  // WIFI
            guard c.skip(), let ssid = c.field(), let bssid = c.field(), !bssid.isEmpty, let frequency = c.optionalNumber(),
                let rssi = c.number()
            else { return nil }
            return SensorSample(
                timeSeconds: t,
                reading: .wifi(
                    WifiObservation(
                        bssid: strings.string(bssid), ssid: ssid.isEmpty ? nil : strings.string(ssid), rssiDbm: rssi,
                        frequencyMHz: frequency)))
        default:
            return nil
        }
    }

    /// The comment keys ``absorbComment(_:)`` reads, as bytes.
    private static let headerKeys = ["Manufacturer", "Model", "Android version Release", "Date of creation"].map { Array($0.utf8) }

    /// Picks the phone description out of the comment header.
    private mutating func absorbComment(_ line: UnsafeBufferPointer<UInt8>) {
        // Most comment lines document the records: only those starting with a key used below are read.
        let start = line.dropFirst().firstIndex { $0 != 0x20 && $0 != 0x09 } ?? line.endIndex
        let rest = UnsafeBufferPointer(rebasing: line[start...])
        guard Self.headerKeys.contains(where: { rest.starts(with: $0) }) else { return }
        let text = String(decoding: line.dropFirst(), as: UTF8.self)
        guard let colon = text.firstIndex(of: ":") else { return }
        let key = text[..<colon].trimmingCharacters()
        let value = text[text.index(after: colon)...].trimmingCharacters()
        guard !value.isEmpty else { return }
        switch key {
        case "Manufacturer": header.device["manufacturer"] = value
        case "Model": header.device["model"] = value
        case "Android version Release": header.device["os"] = "Android " + value
        case "Date of creation": header.source["created"] = value
        default: break
        }
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    func trimmingCharacters() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}

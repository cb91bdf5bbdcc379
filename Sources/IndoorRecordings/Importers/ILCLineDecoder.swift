import IndoorGeometry
import IndoorJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decodes Microsoft Indoor Location Competition 2.0 path files.
///
/// Header lines start with `#` and carry tab-separated `key:value` pairs (`startTime`, `SiteID`,
/// `FloorName`, `Brand`, `Model`, …). Records are `timestamp_ms<TAB>TYPE_X<TAB>values…`.
/// Time origin: the header's `startTime` (epoch ms) when it comes before the first record, otherwise the
/// first record's timestamp; `timeSeconds = (timestamp − origin) / 1000`.
/// Waypoints become ground truth in the floor-plan frame with the header's `FloorName` as level.
struct ILCLineDecoder: RecordLineDecoder {
    var format: RecordingFormat { .ilc }
    private(set) var header: RecordingHeader
    private var originMs: Int?
    private var floorName: String?
    private var splitter = FieldSplitter()
    private let strings = StringInterner()

    private static let vectorNames = ["timestamp", "type", "x", "y", "z", "accuracy"]
    private static let uncalibratedNames = ["timestamp", "type", "x", "y", "z", "bias x", "bias y", "bias z", "accuracy"]
    private static let wifiNames = ["timestamp", "type", "ssid", "bssid", "rssi", "frequency", "last seen"]
    private static let beaconNames = ["timestamp", "type", "uuid", "major", "minor", "tx power", "rssi", "distance", "mac", "timestamp"]
    private static let waypointNames = ["timestamp", "type", "x", "y"]

    init(file: String) {
        header = RecordingHeader(importing: .ilc, file: file)
    }

    mutating func decode(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) -> DecodedLine {
        guard let first = line.first else { return .ignored }
        if first == UInt8(ascii: "#") { absorbHeader(line); return .ignored }
        if isBlank(line) { return .ignored }
        splitter.split(line, separator: 0x09)
        guard splitter.count >= 2 else {
            return .problem(recordType: nil, message: "expected 'timestamp<TAB>TYPE_…<TAB>values', found no tab")
        }
        let type = splitter.bytes(line, 1)
        guard type.count > 5, type.starts(with: "TYPE_".utf8) else {
            return .problem(recordType: nil, message: "field 2 (type): '\(NumberScanning.text(type))' is not a TYPE_ record")
        }
        guard let timestampMs = NumberScanning.int(splitter.bytes(line, 0)) else {
            return .problem(
                recordType: splitter.text(line, 1),
                message: "field 1 (timestamp): '\(NumberScanning.text(splitter.bytes(line, 0)))' is not an integer number of milliseconds")
        }
        // An epoch-millisecond stamp beyond the plausible range (a corrupt or Int64.min stamp) must not
        // become the time origin; it is reported like any other bad field.
        guard Double(timestampMs.magnitude) <= RecordingReader.maximumPlausibleTimeSeconds * 1000 else {
            return .problem(
                recordType: splitter.text(line, 1),
                message: "field 1 (timestamp): \(timestampMs) ms is outside any plausible recording")
        }
        let origin = originMs ?? timestampMs
        if originMs == nil { originMs = timestampMs; header.source["startTimeEpochMs"] = String(timestampMs) }
        let t = (Double(timestampMs) - Double(origin)) / 1000
        return decodeRecord(line, t: t, origin: origin)
    }

    /// The motion and Wi-Fi records once the time origin is known, read field by field
    /// (``FieldCursor``); `nil` for anything else, which ``decode(_:lineNumber:)`` then reads.
    @inline(__always)
    func commonSample(_ line: UnsafeBufferPointer<UInt8>) -> SensorSample? {
        guard let origin = originMs, var c = FieldCursor(line, separator: 0x09), let first = line.first, first &- 48 < 10,
            let timestamp = c.field(), let timestampMs = Self.milliseconds(timestamp), let type = c.field()
        else { return nil }
        let t = (Double(timestampMs) - Double(origin)) / 1000
        switch type.count {
        case 18, 14, 19, 20:
            guard let kind = Self.which(type, of: ["TYPE_ACCELEROMETER", "TYPE_GYROSCOPE", "TYPE_MAGNETIC_FIELD", "TYPE_ROTATION_VECTOR"])
            else { return nil }
            guard let x = c.number(), let y = c.number(), let z = c.number(), let accuracy = c.optionalInteger() else { return nil }
            let v = DeviceVector3(x: x, y: y, z: z)
            let reading: SensorReading =
                switch kind {
                case 0: .accelerometer(v)
                case 1: .gyroscope(v)
                case 2: .magnetometer(v)
                default: .rotationVector(Quaternion(vectorPartX: x, y: y, z: z))
                }
            return SensorSample(timeSeconds: t, reading: reading, accuracy: accuracy)
        case 31, 27, 32:
            guard
                let kind = Self.which(
                    type, of: ["TYPE_ACCELEROMETER_UNCALIBRATED", "TYPE_GYROSCOPE_UNCALIBRATED", "TYPE_MAGNETIC_FIELD_UNCALIBRATED"])
            else { return nil }
            guard let x = c.number(), let y = c.number(), let z = c.number(), let bx = c.number(), let by = c.number(),
                let bz = c.number(), let accuracy = c.optionalInteger()
            else { return nil }
            let raw = DeviceVector3(x: x, y: y, z: z), bias = DeviceVector3(x: bx, y: by, z: bz)
            let reading: SensorReading =
                switch kind {
                case 0: .accelerometerUncalibrated(raw: raw, bias: bias)
                case 1: .gyroscopeUncalibrated(raw: raw, drift: bias)
                default: .magnetometerUncalibrated(raw: raw, bias: bias)
                }
            return SensorSample(timeSeconds: t, reading: reading, accuracy: accuracy)
        case 9:
            guard Self.same(type, "TYPE_WIFI"), let ssid = c.field(), let bssid = c.field(), !bssid.isEmpty,
                let rssi = c.number(), let frequency = c.optionalNumber(), let lastSeen = c.optionalInteger()
            else { return nil }
            return SensorSample(
                timeSeconds: t,
                reading: .wifi(
                    WifiObservation(
                        bssid: strings.string(bssid), ssid: ssid.isEmpty ? nil : strings.string(ssid), rssiDbm: rssi,
                        frequencyMHz: frequency, lastSeenSeconds: lastSeen.map { (Double($0) - Double(origin)) / 1000 })))
        default:
            return nil
        }
    }

    /// Whether `bytes` are the UTF-8 of `word`.
    @inline(__always)
    private static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
        return memcmp(base, word.utf8Start, bytes.count) == 0
    }

    /// The index in `words` of the one whose UTF-8 `bytes` are, if any.
    @inline(__always)
    private static func which(_ bytes: UnsafeBufferPointer<UInt8>, of words: [StaticString]) -> Int? {
        words.firstIndex { same(bytes, $0) }
    }

    /// A timestamp of up to 18 digits within the plausible range, else `nil` (the general path reads it).
    @inline(__always)
    private static func milliseconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            let d = byte &- 48
            guard d < 10 else { return nil }
            value = value &* 10 &+ Int(d)
        }
        guard Double(value) <= RecordingReader.maximumPlausibleTimeSeconds * 1000 else { return nil }
        return value
    }

    private func decodeRecord(_ line: UnsafeBufferPointer<UInt8>, t: Double, origin: Int) -> DecodedLine {
        let s = splitter
        @inline(__always) func sample(_ reader: DelimitedFieldReader, _ reading: SensorReading, accuracy: Int?) -> DecodedLine {
            if let problem = reader.problem { return .problem(recordType: s.text(line, 1), message: problem) }
            return .sample(SensorSample(timeSeconds: t, reading: reading, accuracy: accuracy))
        }
        if s.equals(line, 1, "TYPE_ACCELEROMETER") || s.equals(line, 1, "TYPE_GYROSCOPE")
            || s.equals(line, 1, "TYPE_MAGNETIC_FIELD") || s.equals(line, 1, "TYPE_ROTATION_VECTOR")
        {
            var r = DelimitedFieldReader(line: line, fields: s, names: Self.vectorNames, strings: strings)
            let x = r.number(2), y = r.number(3), z = r.number(4)
            let accuracy = r.optionalInt(5)
            let v = DeviceVector3(x: x, y: y, z: z)
            let reading: SensorReading =
                s.equals(line, 1, "TYPE_ACCELEROMETER")
                ? .accelerometer(v)
                : s.equals(line, 1, "TYPE_GYROSCOPE")
                    ? .gyroscope(v)
                    : s.equals(line, 1, "TYPE_MAGNETIC_FIELD")
                        ? .magnetometer(v)
                        : .rotationVector(Quaternion(vectorPartX: x, y: y, z: z))
            return sample(r, reading, accuracy: accuracy)
        }
        if s.equals(line, 1, "TYPE_ACCELEROMETER_UNCALIBRATED") || s.equals(line, 1, "TYPE_GYROSCOPE_UNCALIBRATED")
            || s.equals(line, 1, "TYPE_MAGNETIC_FIELD_UNCALIBRATED")
        {
            var r = DelimitedFieldReader(line: line, fields: s, names: Self.uncalibratedNames, strings: strings)
            let raw = DeviceVector3(x: r.number(2), y: r.number(3), z: r.number(4))
            let bias = DeviceVector3(x: r.number(5), y: r.number(6), z: r.number(7))
            let accuracy = r.optionalInt(8)
            let reading: SensorReading =
                s.equals(line, 1, "TYPE_ACCELEROMETER_UNCALIBRATED")
                ? .accelerometerUncalibrated(raw: raw, bias: bias)
                : s.equals(line, 1, "TYPE_GYROSCOPE_UNCALIBRATED")
                    ? .gyroscopeUncalibrated(raw: raw, drift: bias)
                    : .magnetometerUncalibrated(raw: raw, bias: bias)
            return sample(r, reading, accuracy: accuracy)
        }
        if s.equals(line, 1, "TYPE_WIFI") {
            var r = DelimitedFieldReader(line: line, fields: s, names: Self.wifiNames, strings: strings)
            let ssid = r.text(2), bssid = r.text(3)
            let rssi = r.number(4)
            let frequency = r.optionalNumber(5)
            let lastSeen = r.optionalInt(6).map { (Double($0) - Double(origin)) / 1000 }
            if r.problem == nil, bssid.isEmpty { r.fail("field 4 (bssid) is empty") }
            return sample(
                r,
                .wifi(
                    WifiObservation(
                        bssid: bssid, ssid: ssid.isEmpty ? nil : ssid, rssiDbm: rssi, frequencyMHz: frequency, lastSeenSeconds: lastSeen)),
                accuracy: nil)
        }
        if s.equals(line, 1, "TYPE_BEACON") {
            var r = DelimitedFieldReader(line: line, fields: s, names: Self.beaconNames, strings: strings)
            let uuid = r.text(2)
            let major = r.optionalInt(3), minor = r.optionalInt(4)
            let tx = r.optionalNumber(5)
            let rssi = r.number(6)
            let distance = r.optionalNumber(7)
            let mac = s.count > 8 ? r.text(8) : ""
            if r.problem == nil, uuid.isEmpty, mac.isEmpty { r.fail("beacon has neither uuid nor mac") }
            let identity = BeaconIdentity(uuid: uuid.isEmpty ? nil : uuid, major: major, minor: minor, mac: mac.isEmpty ? nil : mac)
            return sample(
                r,
                .beacon(
                    BeaconObservation(
                        beacon: identity, rssiDbm: rssi, txPowerDbm: tx, reportedDistanceMeters: distance)), accuracy: nil)
        }
        if s.equals(line, 1, "TYPE_WAYPOINT") {
            var r = DelimitedFieldReader(line: line, fields: s, names: Self.waypointNames, strings: strings)
            let point = FloorFramePoint(xMeters: r.number(2), yMeters: r.number(3))
            return sample(
                r, .groundTruth(GroundTruthPosition(location: .floorFrame(point), level: floorName.map(LevelReference.floorName))),
                accuracy: nil)
        }
        return .skipped(recordType: s.text(line, 1))
    }

    /// Reads `key:value` pairs from a `#` line into the header.
    private mutating func absorbHeader(_ line: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: line.dropFirst(), as: UTF8.self)
        for pair in text.split(separator: "\t") {
            guard let colon = pair.firstIndex(of: ":") else { continue }
            let key = pair[..<colon].trimmingSpaces, value = pair[pair.index(after: colon)...].trimmingSpaces
            guard !value.isEmpty else { continue }
            switch key {
            case "startTime":
                if originMs == nil, let ms = Int(value) { originMs = ms; header.source["startTimeEpochMs"] = value }
            case "endTime": header.source["endTimeEpochMs"] = value
            case "SiteID": header.source["siteId"] = value
            case "SiteName": header.source["siteName"] = value
            case "FloorId": header.source["floorId"] = value
            case "FloorName": floorName = value; header.source["floorName"] = value
            case "Brand": header.device["manufacturer"] = value
            case "Model": header.device["model"] = value
            case "AndroidName": header.device["os"] = "Android " + value
            default: break
            }
        }
    }
}

extension Substring {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

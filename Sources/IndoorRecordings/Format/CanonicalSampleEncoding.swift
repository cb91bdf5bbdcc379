import IndoorGeometry
import IndoorJSON

/// Appends canonical JSON Lines text to a byte buffer.
///
/// Numbers are written in Swift's shortest round-trip form; `t` is rounded to the microsecond;
/// non-finite numbers become `null` (JSON has no NaN), which readers then report as malformed.
struct CanonicalLineEncoder {
    private var first = true

    /// Appends one sample line (with its newline).
    static func append(_ sample: SensorSample, to out: inout [UInt8]) {
        var e = CanonicalLineEncoder()
        out.append(UInt8(ascii: "{"))
        e.number("t", (sample.timeSeconds * 1e6).rounded() / 1e6, &out)
        e.string("type", sample.kind.rawValue, &out)
        switch sample.reading {
        case .accelerometer(let v), .gyroscope(let v), .magnetometer(let v):
            e.vector(v, "x", "y", "z", &out)
        case .accelerometerUncalibrated(let raw, let bias), .gyroscopeUncalibrated(let raw, let bias),
            .magnetometerUncalibrated(let raw, let bias):
            e.vector(raw, "x", "y", "z", &out)
            e.vector(bias, "bx", "by", "bz", &out)
        case .rotationVector(let q):
            e.quaternion(q, &out)
        case .attitude(let a):
            e.number("pitch", a.pitchRadians, &out)
            e.number("roll", a.rollRadians, &out)
            e.number("yaw", a.yawRadians, &out)
            if let q = a.quaternion { e.quaternion(q, &out) }
        case .pressure(let hPa):
            e.number("hPa", hPa, &out)
        case .beacon(let b):
            if let uuid = b.beacon.uuid { e.string("uuid", uuid, &out) }
            if let major = b.beacon.major { e.number("major", Double(major), &out) }
            if let minor = b.beacon.minor { e.number("minor", Double(minor), &out) }
            if let mac = b.beacon.mac { e.string("mac", mac, &out) }
            e.number("rssi", b.rssiDbm, &out)
            if let tx = b.txPowerDbm { e.number("tx", tx, &out) }
            if let d = b.reportedDistanceMeters { e.number("dist", d, &out) }
        case .wifi(let w):
            e.string("bssid", w.bssid, &out)
            if let ssid = w.ssid { e.string("ssid", ssid, &out) }
            e.number("rssi", w.rssiDbm, &out)
            if let f = w.frequencyMHz { e.number("freq", f, &out) }
            if let seen = w.lastSeenSeconds { e.number("seen", (seen * 1e6).rounded() / 1e6, &out) }
        case .gnss(let fix):
            e.number("lat", fix.coordinate.latitudeDegrees, &out)
            e.number("lon", fix.coordinate.longitudeDegrees, &out)
            if let v = fix.horizontalAccuracyMeters { e.number("hacc", v, &out) }
            if let v = fix.altitudeMeters { e.number("alt", v, &out) }
            if let v = fix.bearingRadians { e.number("bearing", v, &out) }
            if let v = fix.speedMetersPerSecond { e.number("speed", v, &out) }
            if let v = fix.satellitesInView { e.number("sats", Double(v), &out) }
            if let v = fix.satellitesUsed { e.number("satsUsed", Double(v), &out) }
            if let v = fix.fixTimeSeconds { e.number("fixTime", v, &out) }
        case .groundTruth(let g):
            switch g.location {
            case .local(let p):
                e.string("frame", "local", &out); e.number("x", p.x, &out); e.number("y", p.y, &out)
            case .floorFrame(let p):
                e.string("frame", "floor", &out); e.number("x", p.xMeters, &out); e.number("y", p.yMeters, &out)
            case .geographic(let c):
                e.number("lat", c.latitudeDegrees, &out); e.number("lon", c.longitudeDegrees, &out)
            }
            switch g.level {
            case .levelId(let id): e.string("level", id, &out)
            case .floorName(let name): e.string("floor", name, &out)
            case .floorNumber(let n): e.number("floorNumber", n, &out)
            case nil: break
            }
        case .marker(let text):
            e.string("text", text, &out)
        }
        if let accuracy = sample.accuracy { e.number("accuracy", Double(accuracy), &out) }
        out.append(UInt8(ascii: "}"))
        out.append(0x0A)
    }

    private mutating func key(_ name: StaticString, _ out: inout [UInt8]) {
        if !first { out.append(UInt8(ascii: ",")) }
        first = false
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.append(UInt8(ascii: "\""))
        out.append(UInt8(ascii: ":"))
    }

    private mutating func number(_ name: StaticString, _ value: Double, _ out: inout [UInt8]) {
        key(name, &out)
        guard value.isFinite else { out.append(contentsOf: "null".utf8); return }
        if value.rounded() == value, abs(value) < 1e15 {
            out.append(contentsOf: String(Int64(value)).utf8)
        } else {
            out.append(contentsOf: value.description.utf8)
        }
    }

    private mutating func string(_ name: StaticString, _ value: String, _ out: inout [UInt8]) {
        key(name, &out)
        var text = ""
        JSONValue.writeString(value, into: &text)
        out.append(contentsOf: text.utf8)
    }

    private mutating func vector(_ v: DeviceVector3, _ x: StaticString, _ y: StaticString, _ z: StaticString, _ out: inout [UInt8]) {
        number(x, v.x, &out); number(y, v.y, &out); number(z, v.z, &out)
    }

    private mutating func quaternion(_ q: Quaternion, _ out: inout [UInt8]) {
        number("qw", q.w, &out); number("qx", q.x, &out); number("qy", q.y, &out); number("qz", q.z, &out)
    }
}

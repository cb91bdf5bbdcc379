import Foundation
import IndoorGeometry
import IndoorJSON

extension BeaconRegistry {
    /// The `"format"` value of a registry file.
    public static let formatName = "indoornav-beacons"

    /// Loads a registry file: `{"format":"indoornav-beacons","version":1,"beacons":[…]}` or a bare array
    /// of beacon objects (fields in `Recordings/README.md`).
    public static func load(path: String) throws(RecordingError) -> BeaconRegistry {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .io(file: path, message: "cannot read: \(IOErrorText.reason(error))")
        }
        return try parse(Array(data), file: path)
    }

    /// Parses registry JSON text, naming `file` in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(RecordingError) -> BeaconRegistry {
        let value: JSONValue
        do { value = try JSONParser().parse(bytes).value } catch {
            throw .beaconRegistry(file: file, entry: nil, field: nil, message: "invalid JSON at \(error.position): \(error.message)")
        }
        let list: [JSONValue]
        if let array = value.array {
            list = array
        } else if let object = value.object {
            if let format = object["format"], format.string != formatName {
                throw .beaconRegistry(
                    file: file, entry: nil, field: "format", message: "is \(format.serialized()), expected \"\(formatName)\"")
            }
            if let version = object["version"], version.int != 1 {
                throw .beaconRegistry(
                    file: file, entry: nil, field: "version", message: "\(version.serialized()) is not supported (expected 1)")
            }
            guard let array = object["beacons"]?.array else {
                throw .beaconRegistry(file: file, entry: nil, field: "beacons", message: "missing or not an array")
            }
            list = array
        } else {
            throw .beaconRegistry(file: file, entry: nil, field: nil, message: "expected an object or an array, found \(value.typeName)")
        }
        var records: [BeaconRecord] = []
        for (index, item) in list.enumerated() {
            records.append(try record(item, index: index, file: file))
        }
        return try BeaconRegistry(beacons: records, file: file)
    }

    private static func record(_ item: JSONValue, index: Int, file: String) throws(RecordingError) -> BeaconRecord {
        guard let object = item.object else {
            throw .beaconRegistry(file: file, entry: "#\(index + 1)", field: nil, message: "expected an object, found \(item.typeName)")
        }
        let entry = object["id"]?.string ?? "#\(index + 1)"
        func fail(_ field: String, _ message: String) -> RecordingError {
            .beaconRegistry(file: file, entry: entry, field: field, message: message)
        }
        func string(_ key: String) throws(RecordingError) -> String? {
            guard let v = object[key], !v.isNull else { return nil }
            guard let s = v.string else { throw fail(key, "must be a string, found \(v.typeName)") }
            return s
        }
        func number(_ key: String, in source: [String: JSONValue]? = nil, prefix: String = "") throws(RecordingError) -> Double? {
            guard let v = (source ?? object)[key], !v.isNull else { return nil }
            guard let d = v.double, d.isFinite else { throw fail(prefix + key, "must be a number, found \(v.typeName)") }
            return d
        }
        func int(_ key: String) throws(RecordingError) -> Int? {
            guard let d = try number(key) else { return nil }
            guard let i = JSONValue.number(d).int else { throw fail(key, "\(d) is not an integer") }
            return i
        }
        guard let id = try string("id") else { throw fail("id", "missing") }
        let identity = BeaconIdentity(uuid: try string("uuid"), major: try int("major"), minor: try int("minor"), mac: try string("mac"))
        guard let positionValue = object["position"] else { throw fail("position", "missing") }
        guard let position = positionValue.object else { throw fail("position", "must be an object, found \(positionValue.typeName)") }
        let beaconPosition: BeaconPosition
        if position["lat"] != nil || position["lon"] != nil {
            guard let lat = try number("lat", in: position, prefix: "position."),
                let lon = try number("lon", in: position, prefix: "position.")
            else {
                throw fail("position", "needs both 'lat' and 'lon'")
            }
            beaconPosition = .geographic(GeoCoordinate(latitudeDegrees: lat, longitudeDegrees: lon))
        } else {
            guard let x = try number("x", in: position, prefix: "position."), let y = try number("y", in: position, prefix: "position.")
            else {
                throw fail("position", "needs 'x' and 'y' (metres, local frame) or 'lat' and 'lon'")
            }
            beaconPosition = .local(LocalPoint(x: x, y: y))
        }
        let level: LevelReference
        if let levelValue = object["level"], let levelNumber = levelValue.double {
            level = .floorNumber(levelNumber)
        } else if let id = try string("level") {
            level = .levelId(id)
        } else if let name = try string("floor") {
            level = .floorName(name)
        } else if let n = try number("floorNumber") {
            level = .floorNumber(n)
        } else {
            throw fail("level", "missing (give 'level', 'floor' or 'floorNumber')")
        }
        guard let tx = try number("txPowerDbm") else { throw fail("txPowerDbm", "missing (RSSI at 1 m, dBm)") }
        return BeaconRecord(
            id: id, identity: identity, position: beaconPosition, level: level, txPowerDbm: tx,
            pathLossExponent: try number("pathLossExponent"))
    }

    /// The registry as a JSON document in the file format ``load(path:)`` reads.
    public var json: JSONValue {
        let list: [JSONValue] = beacons.map { b in
            var o: [String: JSONValue] = ["id": .string(b.id), "txPowerDbm": .number(b.txPowerDbm)]
            if let uuid = b.identity.uuid { o["uuid"] = .string(uuid) }
            if let major = b.identity.major { o["major"] = .number(Double(major)) }
            if let minor = b.identity.minor { o["minor"] = .number(Double(minor)) }
            if let mac = b.identity.mac { o["mac"] = .string(mac) }
            switch b.position {
            case .local(let p): o["position"] = ["x": .number(p.x), "y": .number(p.y)]
            case .geographic(let c): o["position"] = ["lat": .number(c.latitudeDegrees), "lon": .number(c.longitudeDegrees)]
            }
            switch b.level {
            case .levelId(let id): o["level"] = .string(id)
            case .floorName(let name): o["floor"] = .string(name)
            case .floorNumber(let n): o["floorNumber"] = .number(n)
            }
            if let n = b.pathLossExponent { o["pathLossExponent"] = .number(n) }
            return .object(o)
        }
        return ["format": .string(Self.formatName), "version": 1, "beacons": .array(list)]
    }
}

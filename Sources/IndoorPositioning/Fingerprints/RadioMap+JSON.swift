import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorRecordings

extension RadioMap {
    /// The map as JSON: `format`, `version`, `frameReference` ({`latitude`, `longitude`} or null),
    /// `transmitters` (keys), `levels` ({`levelId`|`floorName`|`floorNumber`: value}), `walks` (names),
    /// `fingerprints` ({`x`, `y` metres, `level` index or null, `walk` index, `t` seconds, `tx` transmitter
    /// indices, `rssi` dBm}), `strideRatios` (per walk, a number or null) and `walkLegs` (per walk, its
    /// truth legs as `[level index or null, heading degrees clockwise from north, length metres, middle x,
    /// middle y]`, the middle left out where unknown); the last two are optional when reading (maps written
    /// without them measured none), and so is a leg's middle (maps written before legs had places). Positions are rounded to
    /// the centimetre, times to the millisecond, ratios to 1/10,000, headings to 0.01°.
    public var json: JSONValue {
        func rounded(_ value: Double, _ scale: Double) -> JSONValue { .finite((value * scale).rounded() / scale) }
        let frame: JSONValue =
            frameReference.map { ["latitude": .finite($0.latitudeDegrees), "longitude": .finite($0.longitudeDegrees)] } ?? .null
        let levelValues: [JSONValue] = levels.map { level in
            switch level {
            case .levelId(let id): ["levelId": .string(id)]
            case .floorName(let name): ["floorName": .string(name)]
            case .floorNumber(let n): ["floorNumber": .finite(n)]
            }
        }
        let prints: [JSONValue] = fingerprints.map { f in
            [
                "x": rounded(f.point.x, 100), "y": rounded(f.point.y, 100), "level": f.levelIndex.map { .number(Double($0)) } ?? .null,
                "walk": .number(Double(f.walkIndex)), "t": rounded(f.timeSeconds, 1000),
                "tx": .array(f.readings.map { .number(Double($0.transmitter)) }),
                "rssi": .array(f.readings.map { rounded($0.rssiDbm, 10) }),
            ]
        }
        return [
            "format": .string(Self.formatName), "version": .number(Double(Self.formatVersion)), "frameReference": frame,
            "transmitters": .array(transmitters.map(JSONValue.string)), "levels": .array(levelValues),
            "walks": .array(walks.map(JSONValue.string)), "fingerprints": .array(prints),
            "strideRatios": .array(strideRatios.map { $0.map { rounded($0, 10_000) } ?? .null }),
            "walkLegs": .array(
                walkLegs.map { legs in
                    .array(
                        legs.map { leg in
                            var parts: [JSONValue] = [
                                leg.levelIndex.map { .number(Double($0)) } ?? .null, rounded(leg.headingRadians * 180 / .pi, 100),
                                rounded(leg.lengthMeters, 100),
                            ]
                            if let middle = leg.midpoint {
                                parts += [rounded(middle.x, 100), rounded(middle.y, 100)]
                                if leg.weight != 1 { parts.append(rounded(leg.weight, 1_000_000)) }
                            }
                            return .array(parts)
                        })
                }),
        ]
    }

    /// Reads a map written by ``json``.
    /// - Throws: ``PositioningError/unreadable(file:message:)`` for a file that cannot be read,
    ///   ``PositioningError/malformedInput(file:line:message:)`` for bad JSON (its line) or a bad field
    ///   (line 0, the field named, e.g. `fingerprints[12].tx[3]`).
    public static func load(path: String) throws(PositioningError) -> RadioMap {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadable(file: path, message: "cannot read the radio map (\(IOErrorText.reason(error)))")
        }
        let value: JSONValue
        do { value = try JSONParser().parse(data).value } catch {
            throw .malformedInput(file: path, line: error.position.line, message: "not JSON: \(error.message)")
        }
        return try decode(value, file: path)
    }

    /// Decodes a map from its JSON value; `file` names the source in errors.
    public static func decode(_ value: JSONValue, file: String) throws(PositioningError) -> RadioMap {
        func bad(_ field: String, _ message: String) -> PositioningError {
            .malformedInput(file: file, line: 0, message: "\(field): \(message)")
        }
        guard value.object != nil else { throw bad("document", "expected an object, found \(value.typeName)") }
        guard value["format"]?.string == formatName else {
            throw bad("format", "expected \"\(formatName)\", found \(value["format"].map { $0.serialized() } ?? "nothing")")
        }
        guard let version = value["version"]?.int else { throw bad("version", "missing or not an integer") }
        guard version == formatVersion else {
            throw bad("version", "version \(version) is not supported (this build reads version \(formatVersion))")
        }
        var frame: GeoCoordinate?
        if let reference = value["frameReference"], !reference.isNull {
            guard let lat = reference["latitude"]?.double, let lon = reference["longitude"]?.double,
                (-90...90).contains(lat), (-180...180).contains(lon)
            else {
                throw bad("frameReference", "expected {latitude, longitude} in degrees")
            }
            frame = GeoCoordinate(latitudeDegrees: lat, longitudeDegrees: lon)
        }
        guard let transmitterValues = value["transmitters"]?.array else { throw bad("transmitters", "missing or not an array") }
        var transmitters: [String] = []
        for (i, t) in transmitterValues.enumerated() {
            guard let key = t.string, !key.isEmpty else { throw bad("transmitters[\(i)]", "expected a non-empty string") }
            transmitters.append(key)
        }
        guard let levelValues = value["levels"]?.array else { throw bad("levels", "missing or not an array") }
        var levels: [LevelReference] = []
        for (i, l) in levelValues.enumerated() {
            if let id = l["levelId"]?.string {
                levels.append(.levelId(id))
            } else if let name = l["floorName"]?.string {
                levels.append(.floorName(name))
            } else if let n = l["floorNumber"]?.double, n.isFinite {
                levels.append(.floorNumber(n))
            } else {
                throw bad("levels[\(i)]", "expected one of levelId, floorName (strings) or floorNumber (a number)")
            }
        }
        guard let walkValues = value["walks"]?.array else { throw bad("walks", "missing or not an array") }
        let walks = walkValues.map { $0.string ?? "" }
        var strideRatios: [Double?] = []
        if let ratios = value["strideRatios"], !ratios.isNull {
            guard let list = ratios.array, list.count == walks.count else {
                throw bad("strideRatios", "expected an array with one entry per walk (\(walks.count))")
            }
            for (i, r) in list.enumerated() {
                if r.isNull {
                    strideRatios.append(nil)
                } else if let ratio = r.double, RadioMapBuilder.strideRatioRange.contains(ratio) {
                    strideRatios.append(ratio)
                } else {
                    throw bad(
                        "strideRatios[\(i)]",
                        "expected null or a number from \(RadioMapBuilder.strideRatioRange.lowerBound) to \(RadioMapBuilder.strideRatioRange.upperBound)"
                    )
                }
            }
        }
        let walkLegs = try decodeWalkLegs(value["walkLegs"], walks: walks.count, levels: levels.count, bad: bad)
        guard let printValues = value["fingerprints"]?.array else { throw bad("fingerprints", "missing or not an array") }
        var fingerprints: [Fingerprint] = []
        fingerprints.reserveCapacity(printValues.count)
        for (i, f) in printValues.enumerated() {
            let at = "fingerprints[\(i)]"
            guard let x = f["x"]?.double, let y = f["y"]?.double, x.isFinite, y.isFinite else {
                throw bad(at, "x and y must be finite numbers (metres)")
            }
            var level: Int?
            if let l = f["level"], !l.isNull {
                guard let index = l.int, levels.indices.contains(index) else {
                    throw bad("\(at).level", "not an index into levels (0..<\(levels.count))")
                }
                level = index
            }
            guard let walk = f["walk"]?.int, walks.indices.contains(walk) else {
                throw bad("\(at).walk", "not an index into walks (0..<\(walks.count))")
            }
            guard let t = f["t"]?.double, t.isFinite else { throw bad("\(at).t", "missing or not a finite number (seconds)") }
            guard let tx = f["tx"]?.array, let rssi = f["rssi"]?.array else { throw bad(at, "tx and rssi must be arrays") }
            guard tx.count == rssi.count else { throw bad(at, "tx has \(tx.count) entries but rssi has \(rssi.count)") }
            var readings: [Reading] = []
            readings.reserveCapacity(tx.count)
            for (k, (index, strength)) in zip(tx, rssi).enumerated() {
                guard let transmitter = index.int, transmitters.indices.contains(transmitter) else {
                    throw bad("\(at).tx[\(k)]", "not an index into transmitters (0..<\(transmitters.count))")
                }
                guard let dbm = strength.double, dbm.isFinite, (-150...20).contains(dbm) else {
                    throw bad("\(at).rssi[\(k)]", "expected a signal strength in dBm between -150 and 20")
                }
                readings.append(Reading(transmitter: transmitter, rssiDbm: dbm))
            }
            fingerprints.append(
                Fingerprint(point: LocalPoint(x: x, y: y), levelIndex: level, walkIndex: walk, timeSeconds: t, readings: readings))
        }
        return RadioMap(
            frameReference: frame, transmitters: transmitters, levels: levels, walks: walks, fingerprints: fingerprints,
            strideRatios: strideRatios, walkLegs: walkLegs)
    }

    /// `walkLegs`: absent or null (none measured), else one array per walk of `[level, heading°, metres]`,
    /// `[level, heading°, metres, middle x, middle y]` or `[level, heading°, metres, middle x, middle y, weight]`
    /// (``WalkLeg/weight``, 1 when not written).
    private static func decodeWalkLegs(
        _ value: JSONValue?, walks: Int, levels: Int, bad: (String, String) -> PositioningError
    ) throws(PositioningError) -> [[WalkLeg]] {
        guard let value, !value.isNull else { return [] }
        guard let perWalk = value.array, perWalk.count == walks else {
            throw bad("walkLegs", "expected an array with one entry per walk (\(walks))")
        }
        var result: [[WalkLeg]] = []
        for (w, legsValue) in perWalk.enumerated() {
            guard let legs = legsValue.array else { throw bad("walkLegs[\(w)]", "expected an array of legs") }
            var walkLegs: [WalkLeg] = []
            for (i, leg) in legs.enumerated() {
                let at = "walkLegs[\(w)][\(i)]"
                guard let parts = leg.array, [3, 5, 6].contains(parts.count) else {
                    throw bad(
                        at,
                        "expected [level index or null, heading degrees, length metres] with optionally [middle x, middle y] metres and a weight"
                    )
                }
                var level: Int?
                if !parts[0].isNull {
                    guard let index = parts[0].int, (0..<levels).contains(index) else {
                        throw bad("\(at)[0]", "not an index into levels (0..<\(levels))")
                    }
                    level = index
                }
                guard let degrees = parts[1].double, (-360...360).contains(degrees) else {
                    throw bad("\(at)[1]", "expected a heading in degrees from -360 to 360")
                }
                guard let length = parts[2].double, length.isFinite, length > 0 else {
                    throw bad("\(at)[2]", "expected a positive length in metres")
                }
                var middle: LocalPoint?
                var weight = 1.0
                if parts.count == 6 {
                    guard let value = parts[5].double, (0...1).contains(value) else {
                        throw bad("\(at)[5]", "expected a weight from 0 to 1")
                    }
                    weight = value
                }
                if parts.count >= 5 {
                    guard let x = parts[3].double, let y = parts[4].double, x.isFinite, y.isFinite else {
                        throw bad("\(at)[3]", "expected the leg's middle as two finite numbers (x, y metres)")
                    }
                    middle = LocalPoint(x: x, y: y)
                }
                walkLegs.append(
                    WalkLeg(levelIndex: level, headingRadians: degrees * .pi / 180, lengthMeters: length, midpoint: middle, weight: weight))
            }
            result.append(walkLegs)
        }
        return result
    }
}

import IndoorGeometry
import IndoorJSON

/// One pass over a canonical sample line in the exact shape ``RecordingWriter`` writes —
/// `{"t":…,"type":"…",…}` without spaces or escapes, every other key one the kind uses, once — straight
/// into a ``SensorSample``: keys are matched as one machine word, numbers parsed on the spot, strings
/// interned. The motion, pressure, beacon and Wi-Fi kinds are decoded; anything else (another kind,
/// another shape, a value of the wrong type, a missing field, a duplicate or unknown key) gives `nil`,
/// and ``CanonicalLineDecoder`` reads the line the general way, which also words the problems. So this
/// path only ever hands out what the general one would.
struct CanonicalFastLine {
    /// Shares the Wi-Fi names (the general path's interner, so both hand out the same strings).
    let strings: StringInterner
    /// Shares the beacon UUIDs and MACs, upper-cased once per distinct text.
    let identifiers = StringInterner(uppercasing: true)

    init(strings: StringInterner) { self.strings = strings }

    /// Where a key's value goes: number slots first, then string slots.
    enum Slot: Int {
        case x, y, z, bx, by, bz, qw, qx, qy, qz, pitch, roll, yaw, hPa, major, minor, rssi, tx, dist, freq, seen, accuracy
        case uuid, mac, bssid, ssid

        /// Number slots come before ``uuid``.
        static let numberCount = Slot.uuid.rawValue
        /// All slots.
        static let count = Slot.ssid.rawValue + 1

        @inline(__always) var bit: UInt32 { 1 << UInt32(rawValue) }
        static func mask(_ slots: Slot...) -> UInt32 { slots.reduce(0) { $0 | $1.bit } }
    }

    /// The slot of the key whose (at most 8) UTF-8 bytes, first byte lowest, make `word`; `nil` for any
    /// other key. Each constant is its key's bytes read as a little-endian integer (checked by the tests
    /// against the key names).
    @inline(__always)
    static func slot(packedKey word: UInt64) -> Slot? {
        switch word {
        case 0x78: .x
        case 0x79: .y
        case 0x7a: .z
        case 0x7862: .bx
        case 0x7962: .by
        case 0x7a62: .bz
        case 0x7771: .qw
        case 0x7871: .qx
        case 0x7971: .qy
        case 0x7a71: .qz
        case 0x68_6374_6970: .pitch
        case 0x6c6c_6f72: .roll
        case 0x77_6179: .yaw
        case 0x61_5068: .hPa
        case 0x72_6f6a_616d: .major
        case 0x72_6f6e_696d: .minor
        case 0x6973_7372: .rssi
        case 0x7874: .tx
        case 0x7473_6964: .dist
        case 0x7165_7266: .freq
        case 0x6e65_6573: .seen
        case 0x7963_6172_7563_6361: .accuracy
        case 0x6469_7575: .uuid
        case 0x63_616d: .mac
        case 0x64_6973_7362: .bssid
        case 0x6469_7373: .ssid
        default: nil
        }
    }

    /// The kind whose canonical `type` (at most 8 bytes) packs to `word` as in ``slot(packedKey:)``, for
    /// the kinds this path decodes.
    @inline(__always)
    static func kind(packedType word: UInt64) -> SampleKind? {
        switch word {
        case 0x63_6361: .accelerometer
        case 0x77_6172_5f63_6361: .accelerometerUncalibrated
        case 0x6f72_7967: .gyroscope
        case 0x7761_725f_6f72_7967: .gyroscopeUncalibrated
        case 0x67_616d: .magnetometer
        case 0x77_6172_5f67_616d: .magnetometerUncalibrated
        case 0x6e6f_6974_6174_6f72: .rotationVector
        case 0x6564_7574_6974_7461: .attitude
        case 0x6572_7573_7365_7270: .pressure
        case 0x65_6c62: .beacon
        case 0x6966_6977: .wifi
        default: nil
        }
    }

    private static let vector = Slot.mask(.x, .y, .z)
    private static let bias = Slot.mask(.bx, .by, .bz)
    private static let quaternion = Slot.mask(.qw, .qx, .qy, .qz)
    private static let angles = Slot.mask(.pitch, .roll, .yaw)

    /// The sample of `line`, or `nil` when the line is not in the writer's shape (see the type's notes).
    @inline(__always)
    func decode(_ line: UnsafeBufferPointer<UInt8>) -> SensorSample? {
        guard let p = line.baseAddress else { return nil }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: Slot.numberCount) { numbers in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (Slot.count - Slot.numberCount)) { bounds in
                guard let numbers = numbers.baseAddress, let bounds = bounds.baseAddress else { return nil }
                return decode(p, line.count, numbers, bounds)
            }
        }
    }

    @inline(__always)
    private func decode(
        _ p: UnsafePointer<UInt8>, _ n: Int, _ numbers: UnsafeMutablePointer<Double>, _ bounds: UnsafeMutablePointer<Int>
    ) -> SensorSample? {
        // `{"t":`
        guard n >= 16, UnsafeRawPointer(p).loadUnaligned(as: UInt32.self) == 0x2274_227b, p[4] == 0x3A else { return nil }
        var i = 5
        guard let t = Self.number(p, &i, n) else { return nil }
        // `,"type":"`
        guard i + 9 < n, p[i] == 0x2C, UnsafeRawPointer(p + i + 1).loadUnaligned(as: UInt64.self) == 0x223a_2265_7079_7422
        else { return nil }
        i += 9
        guard let typeWord = Self.packedWord(p, &i, n), let kind = Self.kind(packedType: typeWord) else { return nil }
        var present: UInt32 = 0
        while true {
            guard i < n else { return nil }
            let c = p[i]
            if c == 0x7D {  // `}`
                guard i + 1 == n else { return nil }
                break
            }
            guard c == 0x2C, i + 1 < n, p[i + 1] == 0x22 else { return nil }
            i += 2
            guard let word = Self.packedWord(p, &i, n), i < n, p[i] == 0x3A, let slot = Self.slot(packedKey: word) else { return nil }
            i += 1
            guard present & slot.bit == 0 else { return nil }
            present |= slot.bit
            if slot.rawValue < Slot.numberCount {
                guard let value = Self.number(p, &i, n) else { return nil }
                numbers[slot.rawValue] = value
            } else {
                guard i < n, p[i] == 0x22 else { return nil }
                i += 1
                let start = i
                while i < n, p[i] != 0x22 {
                    guard p[i] != 0x5C else { return nil }
                    i += 1
                }
                guard i < n else { return nil }
                let k = 2 * (slot.rawValue - Slot.numberCount)
                bounds[k] = start
                bounds[k + 1] = i
                i += 1
            }
        }

        @inline(__always) func has(_ slot: Slot) -> Bool { present & slot.bit != 0 }
        @inline(__always) func number(_ slot: Slot) -> Double { numbers[slot.rawValue] }
        @inline(__always) func optionalNumber(_ slot: Slot) -> Double? { has(slot) ? numbers[slot.rawValue] : nil }
        /// `nil` (the general path words the problem) unless the value is a whole number it accepts.
        @inline(__always) func integer(_ slot: Slot) -> Int? {
            let d = numbers[slot.rawValue]
            // Whole and below 9e15 in magnitude, as the general path requires.
            guard abs(d) < 9e15, Double(Int(d)) == d else { return nil }
            return Int(d)
        }
        @inline(__always) func bytes(_ slot: Slot) -> UnsafeBufferPointer<UInt8> {
            let k = 2 * (slot.rawValue - Slot.numberCount)
            return UnsafeBufferPointer(start: p + bounds[k], count: bounds[k + 1] - bounds[k])
        }
        @inline(__always) func fits(required: UInt32, optional: UInt32) -> Bool {
            present & required == required && present & ~(required | optional | Slot.accuracy.bit) == 0
        }

        var accuracy: Int?
        if has(.accuracy) {
            guard let a = integer(.accuracy) else { return nil }
            accuracy = a
        }
        let reading: SensorReading
        switch kind {
        case .accelerometer, .gyroscope, .magnetometer:
            guard fits(required: Self.vector, optional: 0) else { return nil }
            let v = DeviceVector3(x: number(.x), y: number(.y), z: number(.z))
            reading = kind == .accelerometer ? .accelerometer(v) : kind == .gyroscope ? .gyroscope(v) : .magnetometer(v)
        case .accelerometerUncalibrated, .gyroscopeUncalibrated, .magnetometerUncalibrated:
            guard fits(required: Self.vector | Self.bias, optional: 0) else { return nil }
            let raw = DeviceVector3(x: number(.x), y: number(.y), z: number(.z))
            let bias = DeviceVector3(x: number(.bx), y: number(.by), z: number(.bz))
            reading =
                kind == .accelerometerUncalibrated
                ? .accelerometerUncalibrated(raw: raw, bias: bias)
                : kind == .gyroscopeUncalibrated
                    ? .gyroscopeUncalibrated(raw: raw, drift: bias) : .magnetometerUncalibrated(raw: raw, bias: bias)
        case .rotationVector:
            guard fits(required: Self.quaternion, optional: 0) else { return nil }
            reading = .rotationVector(Quaternion(w: number(.qw), x: number(.qx), y: number(.qy), z: number(.qz)))
        case .attitude:
            let withQuaternion = has(.qw)
            guard fits(required: Self.angles | (withQuaternion ? Self.quaternion : 0), optional: 0) else { return nil }
            reading = .attitude(
                Attitude(
                    pitchRadians: number(.pitch), rollRadians: number(.roll), yawRadians: number(.yaw),
                    quaternion: withQuaternion ? Quaternion(w: number(.qw), x: number(.qx), y: number(.qy), z: number(.qz)) : nil))
        case .pressure:
            guard fits(required: Slot.hPa.bit, optional: 0) else { return nil }
            reading = .pressure(hectopascals: number(.hPa))
        case .beacon:
            guard fits(required: Slot.rssi.bit, optional: Slot.mask(.uuid, .mac, .major, .minor, .tx, .dist)),
                has(.uuid) || has(.mac)
            else { return nil }
            var major: Int?
            var minor: Int?
            if has(.major) {
                guard let m = integer(.major) else { return nil }
                major = m
            }
            if has(.minor) {
                guard let m = integer(.minor) else { return nil }
                minor = m
            }
            let identity = BeaconIdentity(
                upperCaseUUID: has(.uuid) ? identifiers.string(bytes(.uuid)) : nil, major: major, minor: minor,
                upperCaseMAC: has(.mac) ? identifiers.string(bytes(.mac)) : nil)
            reading = .beacon(
                BeaconObservation(
                    beacon: identity, rssiDbm: number(.rssi), txPowerDbm: optionalNumber(.tx), reportedDistanceMeters: optionalNumber(.dist)
                ))
        case .wifi:
            guard fits(required: Slot.mask(.bssid, .rssi), optional: Slot.mask(.ssid, .freq, .seen)) else { return nil }
            reading = .wifi(
                WifiObservation(
                    bssid: strings.string(bytes(.bssid)), ssid: has(.ssid) ? strings.string(bytes(.ssid)) : nil, rssiDbm: number(.rssi),
                    frequencyMHz: optionalNumber(.freq), lastSeenSeconds: optionalNumber(.seen)))
        default:
            return nil
        }
        return SensorSample(timeSeconds: t, reading: reading, accuracy: accuracy)
    }

    /// The up to 8 bytes before the next `"` as one word (first byte lowest), `i` moved past the quote;
    /// `nil` for a longer text or one with a backslash or NUL.
    @inline(__always)
    private static func packedWord(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int) -> UInt64? {
        var word: UInt64 = 0
        var shift: UInt64 = 0
        while i < n {
            let c = p[i]
            i += 1
            if c == 0x22 { return word }
            guard shift < 64, c != 0x5C, c != 0 else { return nil }
            word |= UInt64(c) << shift
            shift += 8
        }
        return nil
    }

    /// The number at `p[i]`, which must end at a `,` or `}`; `i` moved past it. Plain decimals take
    /// ``IndoorJSON/NumberScanning/plainDecimalPrefix(_:from:to:)``; any other form goes to
    /// ``IndoorJSON/NumberScanning/doublePrefix(_:from:to:)``, the general path's own parser.
    @inline(__always)
    private static func number(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int) -> Double? {
        let start = i
        if let (value, k) = NumberScanning.plainDecimalPrefix(p, from: start, to: n), k < n, p[k] == 0x2C || p[k] == 0x7D {
            i = k
            return value
        }
        guard let (value, end) = NumberScanning.doublePrefix(p, from: start, to: n), end < n, p[end] == 0x2C || p[end] == 0x7D
        else { return nil }
        i = end
        return value
    }
}

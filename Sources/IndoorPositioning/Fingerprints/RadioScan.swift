import IndoorConfiguration
import IndoorRecordings

/// One radio scan: the transmitters heard at one time with their signal strength.
///
/// Transmitter keys are `wifi:<bssid>` (lower case) and `ble:<beacon identity>`, so Wi-Fi access points
/// and beacons share one map without colliding.
public struct RadioScan: Hashable, Sendable {
    /// Seconds on the recording's time axis.
    public var timeSeconds: Double
    /// Signal strength per transmitter key, dBm.
    public var readings: [String: Double]

    /// A scan.
    public init(timeSeconds: Double, readings: [String: Double]) { self.timeSeconds = timeSeconds; self.readings = readings }

    /// The key of a Wi-Fi access point.
    public static func key(wifi bssid: String) -> String { "wifi:" + bssid.lowercased() }
    /// The key of a beacon.
    public static func key(beacon: BeaconIdentity) -> String { "ble:" + beacon.description }
}

/// Groups a recording's Wi-Fi and beacon samples, in time order, into ``RadioScan``s.
///
/// A Wi-Fi scan is the run of Wi-Fi observations sharing one time stamp (both the ILC and the IPIN
/// formats write a scan's lines with the scan's time); it is complete when a later sample arrives.
/// Entries whose last-seen time is older than the scan by more than
/// ``FingerprintConfiguration/maximumStalenessSeconds`` are dropped (counted in ``staleEntries``),
/// as are readings weaker than ``FingerprintConfiguration/minimumRSSIDbm`` or not finite. Beacon
/// advertisements of the last ``FingerprintConfiguration/beaconWindowSeconds`` are averaged per beacon
/// and added to each scan; while no Wi-Fi is heard, a beacon-only scan is made every
/// ``FingerprintConfiguration/beaconScanIntervalSeconds``.
public struct RadioScanAssembler: Sendable {
    /// The tunables.
    public let configuration: FingerprintConfiguration
    /// Wi-Fi entries dropped as stale.
    public private(set) var staleEntries = 0
    /// Readings dropped as too weak or not finite.
    public private(set) var droppedReadings = 0

    private var pendingTime: Double?
    private var pending: [String: Double] = [:]
    private var pendingSeen: [Double] = []
    private var beaconReadings: [(timeSeconds: Double, key: String, rssiDbm: Double)] = []
    private var lastWifiTime = -Double.infinity
    private var lastScanTime = -Double.infinity

    /// An assembler with the given tunables.
    public init(configuration: FingerprintConfiguration = .standard) {
        self.configuration = configuration
    }

    /// Feeds one sample (any kind, time order); returns the scans it completes (at most two).
    public mutating func consume(_ sample: SensorSample) -> [RadioScan] {
        let t = sample.timeSeconds
        guard t.isFinite else { return [] }
        var done: [RadioScan] = []
        if let time = pendingTime, t > time, let scan = finishPending() { done.append(scan) }
        switch sample.reading {
        case .wifi(let observation):
            if let time = pendingTime, t != time, let scan = finishPending() { done.append(scan) }
            pendingTime = t
            lastWifiTime = t
            if let seen = observation.lastSeenSeconds, seen.isFinite, t - seen > configuration.maximumStalenessSeconds {
                staleEntries += 1
            } else if usable(observation.rssiDbm) {
                let key = RadioScan.key(wifi: observation.bssid)
                pending[key] = max(pending[key] ?? -.infinity, observation.rssiDbm)
                if let seen = observation.lastSeenSeconds, seen.isFinite, seen <= t { pendingSeen.append(seen) }
            }
        case .beacon(let observation):
            guard usable(observation.rssiDbm) else { break }
            beaconReadings.append((t, RadioScan.key(beacon: observation.beacon), observation.rssiDbm))
            let quietWifi = t - lastWifiTime > 2 * configuration.beaconScanIntervalSeconds + configuration.beaconWindowSeconds
            if quietWifi, pendingTime == nil, t - lastScanTime >= configuration.beaconScanIntervalSeconds {
                lastScanTime = t
                let readings = beaconAverages(at: t)
                if !readings.isEmpty { done.append(RadioScan(timeSeconds: t, readings: readings)) }
            }
        default:
            break
        }
        return done
    }

    /// Completes the scan in progress, if any (call at the end of a recording).
    public mutating func finish() -> RadioScan? { finishPending() }

    private mutating func usable(_ rssiDbm: Double) -> Bool {
        guard rssiDbm.isFinite, rssiDbm >= configuration.minimumRSSIDbm, rssiDbm <= 20 else {
            droppedReadings += 1
            return false
        }
        return true
    }

    private mutating func finishPending() -> RadioScan? {
        guard let delivered = pendingTime else { return nil }
        pendingTime = nil
        var readings = pending
        pending.removeAll(keepingCapacity: true)
        // A scan measures each access point when it was last seen, up to a few seconds before the scan is
        // delivered: the scan is dated at the median of those times (when reported), which is where the
        // walker was while it was measured.
        var time = delivered
        if configuration.dateScansByLastSeen, !pendingSeen.isEmpty {
            let sorted = pendingSeen.sorted()
            time = sorted[sorted.count / 2]
        }
        pendingSeen.removeAll(keepingCapacity: true)
        for (key, value) in beaconAverages(at: delivered) { readings[key] = value }
        lastScanTime = delivered
        return readings.isEmpty ? nil : RadioScan(timeSeconds: time, readings: readings)
    }

    /// Mean RSSI per beacon over the window ending at `time` (older readings are forgotten).
    private mutating func beaconAverages(at time: Double) -> [String: Double] {
        let start = time - configuration.beaconWindowSeconds
        beaconReadings.removeAll { $0.timeSeconds < start }
        var sums: [String: (total: Double, count: Double)] = [:]
        for reading in beaconReadings where reading.timeSeconds <= time {
            let s = sums[reading.key] ?? (0, 0)
            sums[reading.key] = (s.total + reading.rssiDbm, s.count + 1)
        }
        return sums.mapValues { $0.total / $0.count }
    }
}

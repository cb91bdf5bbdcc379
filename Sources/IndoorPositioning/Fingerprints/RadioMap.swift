import IndoorGeometry
import IndoorRecordings

/// A radio map: fingerprints (the transmitters heard, with their signal strength) at surveyed places
/// on surveyed levels, built once per venue from walks with ground truth (``RadioMapBuilder``) and
/// matched against live scans (``FingerprintMatcher``).
///
/// Points are in a local frame: the frame at ``frameReference`` when known (so a map can be used with
/// another frame, see ``reframed(to:)``), else the frame of the walks it was built from (e.g. an ILC floor
/// plan's). Stored as JSON (``RadioMap/json``, ``RadioMap/decode(_:file:)``), format
/// ``formatName`` version ``formatVersion``, documented in `Sources/IndoorPositioning/README.md`.
public struct RadioMap: Hashable, Sendable {
    /// One surveyed scan.
    public struct Fingerprint: Hashable, Sendable {
        /// Where it was heard, local frame.
        public var point: LocalPoint
        /// Index into ``RadioMap/levels``, when the walk knew its level.
        public var levelIndex: Int?
        /// Index into ``RadioMap/walks``.
        public var walkIndex: Int
        /// Seconds on its walk's time axis.
        public var timeSeconds: Double
        /// (transmitter index into ``RadioMap/transmitters``, dBm), sorted by transmitter index.
        public var readings: [Reading]

        /// A fingerprint; `readings` are sorted here.
        public init(point: LocalPoint, levelIndex: Int?, walkIndex: Int, timeSeconds: Double, readings: [Reading]) {
            self.point = point
            self.levelIndex = levelIndex
            self.walkIndex = walkIndex
            self.timeSeconds = timeSeconds
            self.readings = readings.sorted { $0.transmitter < $1.transmitter }
        }
    }

    /// One transmitter's signal strength in a fingerprint.
    public struct Reading: Hashable, Sendable {
        /// Index into ``RadioMap/transmitters``.
        public var transmitter: Int
        /// dBm.
        public var rssiDbm: Double

        /// A reading.
        public init(transmitter: Int, rssiDbm: Double) { self.transmitter = transmitter; self.rssiDbm = rssiDbm }
    }

    /// `"indoornav-radio-map"`.
    public static let formatName = "indoornav-radio-map"
    /// The format version this code writes and reads.
    public static let formatVersion = 1

    /// The geographic reference of the local frame, when the walks had one.
    public var frameReference: GeoCoordinate?
    /// Transmitter keys (``RadioScan/key(wifi:)``, ``RadioScan/key(beacon:)``).
    public var transmitters: [String]
    /// The levels fingerprints refer to.
    public var levels: [LevelReference]
    /// Names of the walks the fingerprints come from (file names).
    public var walks: [String]
    /// The fingerprints.
    public var fingerprints: [Fingerprint]
    /// Per walk (parallel to ``walks``): its ground-truth distance over the distance its dead-reckoning
    /// steps covered (``RadioMapBuilder``), `nil` where not measured. See ``surveyedStrideScale``.
    public var strideRatios: [Double?]
    /// Per walk (parallel to ``walks``): the legs of its ground truth on one level (``WalkLeg``), empty
    /// where not measured. See ``walkedDirections(levels:venue:)``.
    public var walkLegs: [[WalkLeg]]

    /// A map.
    /// - Parameters:
    ///   - strideRatios: per walk, or empty (none measured); other lengths are padded or cut to `walks`.
    ///   - walkLegs: per walk, or empty (none measured); padded or cut likewise.
    public init(
        frameReference: GeoCoordinate?, transmitters: [String], levels: [LevelReference], walks: [String],
        fingerprints: [Fingerprint], strideRatios: [Double?] = [], walkLegs: [[WalkLeg]] = []
    ) {
        self.frameReference = frameReference
        self.transmitters = transmitters
        self.levels = levels
        self.walks = walks
        self.fingerprints = fingerprints
        self.strideRatios = (0..<walks.count).map { $0 < strideRatios.count ? strideRatios[$0] : nil }
        self.walkLegs = (0..<walks.count).map { $0 < walkLegs.count ? walkLegs[$0] : [] }
    }

    /// Walks with a measured stride ratio that ``surveyedStrideScale`` needs. 3.
    public static let minimumStrideWalks = 3

    /// The median stride ratio of the walks (at least ``minimumStrideWalks`` measured), `nil` otherwise:
    /// how much longer the surveyors' strides were than the dead-reckoning model made them. The fusion
    /// starts its stride-scale state there (``FusionConfiguration/initialStrideScale``) and refines it
    /// from fixes, so a site whose walkers (or phones) step longer than the model's constant starts close.
    public var surveyedStrideScale: Double? {
        let measured = strideRatios.compactMap { $0 }.sorted()
        guard measured.count >= Self.minimumStrideWalks else { return nil }
        let middle = measured.count / 2
        return measured.count % 2 == 1 ? measured[middle] : (measured[middle - 1] + measured[middle]) / 2
    }

    /// Counts for a summary line.
    public struct Summary: Hashable, Sendable, CustomStringConvertible {
        /// Walks, fingerprints, transmitters (Wi-Fi, beacons), levels.
        public var walks: Int, fingerprints: Int, wifiTransmitters: Int, beaconTransmitters: Int, levels: Int
        /// `126 walks, 9,812 fingerprints, 3,107 transmitters (3,020 Wi-Fi, 87 beacons), 5 levels`.
        public var description: String {
            "\(walks) walks, \(fingerprints) fingerprints, \(wifiTransmitters + beaconTransmitters) transmitters "
                + "(\(wifiTransmitters) Wi-Fi, \(beaconTransmitters) beacons), \(levels) levels"
        }
    }

    /// Counts of walks, fingerprints, transmitters and levels.
    public var summary: Summary {
        let wifi = transmitters.filter { $0.hasPrefix("wifi:") }.count
        return Summary(
            walks: walks.count, fingerprints: fingerprints.count, wifiTransmitters: wifi,
            beaconTransmitters: transmitters.count - wifi, levels: levels.count)
    }

    /// The same map with its points in `frame` (through geographic coordinates). Unchanged when the map or
    /// the target has no geographic reference, or when they are the same frame. ``walkLegs`` keep their
    /// headings: both frames are east-north tangent planes, whose axes differ by a negligible angle over a
    /// venue's distances.
    public func reframed(to frame: LocalFrame?) -> RadioMap {
        guard let frame, let reference = frameReference, reference != frame.reference else { return self }
        let source = LocalFrame(reference: reference)
        var copy = self
        copy.frameReference = frame.reference
        for index in copy.fingerprints.indices {
            copy.fingerprints[index].point = frame.localPoint(from: source.geoCoordinate(from: copy.fingerprints[index].point))
        }
        for walk in copy.walkLegs.indices {
            for leg in copy.walkLegs[walk].indices {
                guard let middle = copy.walkLegs[walk][leg].midpoint else { continue }
                copy.walkLegs[walk][leg].midpoint = frame.localPoint(from: source.geoCoordinate(from: middle))
            }
        }
        return copy
    }

    /// The map without the fingerprints (and stride ratios and legs) of the walks `excluded` returns true for (cross-validation).
    public func excludingWalks(where excluded: (String) -> Bool) -> RadioMap {
        var copy = self
        let drop = Set(walks.indices.filter { excluded(walks[$0]) })
        copy.fingerprints.removeAll { drop.contains($0.walkIndex) }
        for index in drop {
            copy.strideRatios[index] = nil
            copy.walkLegs[index] = []
        }
        return copy
    }
}

import Foundation
import IndoorConfiguration
import IndoorGeometry
import IndoorRecordings
import IndoorVenue
import Testing

@testable import IndoorPositioning

@Suite struct BeaconProviderTests {
    static let tx = -59.0
    static let exponent = 2.0

    static func mac(_ n: Int) -> String { String(format: "AA:BB:CC:00:00:%02X", n) }

    /// Beacons at the given points (level per beacon), tx −59 dBm, n = 2.
    static func map(_ points: [(Double, Double)], levels: [String]? = nil) throws -> BeaconMap {
        try BeaconMap(registry: try registry(points, levels: levels), frame: nil)
    }

    /// Beacons `B0`, `B1`, … at `points` (local frame) on `levels` (default all `L0`).
    static func registry(_ points: [(Double, Double)], levels: [String]? = nil) throws -> BeaconRegistry {
        let records = points.enumerated().map { i, p in
            BeaconRecord(
                id: "B\(i)", identity: BeaconIdentity(mac: mac(i)), position: .local(LocalPoint(x: p.0, y: p.1)),
                level: .levelId(levels?[i] ?? "L0"), txPowerDbm: tx, pathLossExponent: exponent)
        }
        return try BeaconRegistry(beacons: records)
    }

    /// RSSI the model predicts at distance d (written out, not through PathLossModel): −59 − 20 log₁₀ d.
    static func rssi(from anchor: (Double, Double), to p: LocalPoint) -> Double {
        let d = ((anchor.0 - p.x) * (anchor.0 - p.x) + (anchor.1 - p.y) * (anchor.1 - p.y)).squareRoot()
        return tx - 20 * log10(d)
    }

    static func reading(_ beacon: Int, rssi: Double, t: Double) -> SensorSample {
        SensorSample(timeSeconds: t, reading: .beacon(BeaconObservation(beacon: BeaconIdentity(mac: mac(beacon)), rssiDbm: rssi)))
    }

    static let square = [(0.0, 0.0), (12.0, 0.0), (12.0, 10.0), (0.0, 10.0)]

    @Test(arguments: [LocalPoint(x: 3, y: 4), LocalPoint(x: 9.5, y: 1.2), LocalPoint(x: 6, y: 5), LocalPoint(x: 15, y: 12)])
    func noiseFreeRangesRecoverThePositionWithinOneCentimetre(truth: LocalPoint) throws {
        let provider = BeaconPositionProvider(map: try Self.map(Self.square))
        var fix: IndoorLocation?
        for (i, anchor) in Self.square.enumerated() {
            fix = provider.consume(Self.reading(i, rssi: Self.rssi(from: anchor, to: truth), t: 1 + 0.01 * Double(i))) ?? fix
        }
        // The first reading yields a fallback fix; a fix with all four needs the next interval.
        fix = provider.consume(Self.reading(0, rssi: Self.rssi(from: Self.square[0], to: truth), t: 2.1))
        let location = try #require(fix)
        #expect(location.point.distance(to: truth) < 0.01)
        #expect(provider.fittedFixCount == 1)
        #expect(location.levelID == "L0" && location.source == "beacon")
        // Never more confident than the configured floor of 1 m per axis.
        #expect(location.covariance.xx >= 1 && location.covariance.yy >= 1 && location.isValid)
    }

    @Test func noisyRangesGiveABoundedErrorAndAnHonestCovariance() throws {
        let configuration = try BeaconProviderConfiguration { $0.fixIntervalSeconds = 1 }
        let anchors = Self.square + [(6.0, -3.0), (6.0, 13.0)]
        let provider = BeaconPositionProvider(map: try Self.map(anchors), configuration: configuration)
        var generator = SeededGenerator(seed: 42)
        let truth = LocalPoint(x: 4, y: 6)
        var errors: [Double] = []
        var inside = 0
        for step in 0..<600 {
            let t = Double(step) * 0.05
            let beacon = step % anchors.count
            let rssi = Self.rssi(from: anchors[beacon], to: truth) + 3 * generator.gaussian()
            guard let fix = provider.consume(Self.reading(beacon, rssi: rssi, t: t)), t > 3 else { continue }
            let error = fix.point.distance(to: truth)
            errors.append(error)
            if error <= 3 * fix.horizontalAccuracyMeters { inside += 1 }
        }
        #expect(errors.count >= 25)
        let stats = try #require(ErrorStatistics(errors))
        #expect(stats.mean < 2.0, "mean \(stats.mean)")
        #expect(stats.max < 5.0, "max \(stats.max)")
        // Honest covariance: almost every error within three sigma of the worst axis.
        #expect(Double(inside) >= 0.95 * Double(errors.count))
    }

    @Test func fewerThanThreeBeaconsFallBackToTheWeightedCentroid() throws {
        let anchors = [(0.0, 0.0), (10.0, 0.0)]
        let provider = BeaconPositionProvider(
            map: try Self.map(anchors), configuration: try BeaconProviderConfiguration { $0.fixIntervalSeconds = 0 })
        _ = provider.consume(Self.reading(0, rssi: -59 - 20 * log10(2), t: 0))  // 2 m
        let fix = try #require(provider.consume(Self.reading(1, rssi: -59 - 20 * log10(8), t: 0.1)))  // 8 m
        // Weights 1/2² and 1/8²: x = (0·(1/4) + 10·(1/64)) / (1/4 + 1/64) = 10/17.
        #expect(abs(fix.point.x - 10.0 / 17) < 1e-6)
        #expect(abs(fix.point.y) < 1e-9)
        // One sigma max(5 m, nearest range 2 m) = 5 m.
        #expect(abs(fix.horizontalAccuracyMeters - 5) < 1e-9)
        #expect(provider.fallbackFixCount == 2 && provider.fittedFixCount == 0)
    }

    @Test func collinearBeaconsDoNotGiveAnOverconfidentFix() throws {
        let anchors = [(0.0, 0.0), (5.0, 0.0), (10.0, 0.0)]
        let provider = BeaconPositionProvider(
            map: try Self.map(anchors), configuration: try BeaconProviderConfiguration { $0.fixIntervalSeconds = 0 })
        let truth = LocalPoint(x: 4, y: 0)
        var fix: IndoorLocation?
        for (i, a) in anchors.enumerated() { fix = provider.consume(Self.reading(i, rssi: Self.rssi(from: a, to: truth), t: 0)) }
        let location = try #require(fix)
        #expect(location.isValid)
        #expect(location.covariance.yy >= 1)
    }

    @Test func levelIsVotedByTheHeardBeaconsWeightedByInverseSquareRange() throws {
        let anchors = [(0.0, 0.0), (10.0, 0.0), (0.0, 10.0), (5.0, 5.0)]
        let map = try Self.map(anchors, levels: ["L1", "L1", "L1", "L2"])
        let provider = BeaconPositionProvider(map: map, configuration: try BeaconProviderConfiguration { $0.fixIntervalSeconds = 0 })
        // Ranges 4, 8, 8 m on L1 and 2 m on L2: weights 1/16 + 1/64 + 1/64 = 6/64 against 16/64.
        let ranges = [4.0, 8.0, 8.0, 2.0]
        var fix: IndoorLocation?
        for (i, d) in ranges.enumerated() { fix = provider.consume(Self.reading(i, rssi: -59 - 20 * log10(d), t: 0)) }
        let location = try #require(fix)
        #expect(location.levelID == "L2")
        #expect(abs(location.levelProbability - 16.0 / 22) < 1e-9)
        // One beacon on L2 is too few to fit on its own, so all four are fitted together.
        // Readings 1 and 2 gave fallback fixes, readings 3 and 4 fits.
        #expect(provider.fittedFixCount == 2 && provider.fallbackFixCount == 2)
        #expect(location.isValid)
        // Now the L1 beacons come closer: 1 m each → L1 wins with 3 / (3 + 1/4).
        for i in 0..<3 { fix = provider.consume(Self.reading(i, rssi: -59, t: 10)) }
        fix = provider.consume(Self.reading(3, rssi: -59 - 20 * log10(2), t: 10))
        #expect(fix?.levelID == "L1")
        #expect(abs((fix?.levelProbability ?? 0) - 3 / 3.25) < 1e-9)
    }

    @Test func badReadingsAreReportedUnknownBeaconsIgnored() throws {
        let provider = BeaconPositionProvider(map: try Self.map(Self.square))
        let recorder = ProviderEventRecorder()
        provider.addListener { recorder.events.append($0) }
        provider.start()
        #expect(provider.consume(Self.reading(0, rssi: .nan, t: 0)) == nil)
        #expect(provider.consume(Self.reading(0, rssi: 50, t: 0)) == nil)
        #expect(provider.consume(Self.reading(0, rssi: -70, t: .infinity)) == nil)
        let stranger = SensorSample(
            timeSeconds: 0,
            reading: .beacon(
                BeaconObservation(
                    beacon: BeaconIdentity(uuid: "11111111-2222-3333-4444-555555555555", major: 1, minor: 2), rssiDbm: -60)))
        #expect(provider.consume(stranger) == nil)
        #expect(provider.consume(SensorSample(timeSeconds: 0, reading: .accelerometer(DeviceVector3(x: 0, y: 0, z: 9.8)))) == nil)
        #expect(provider.consume(SensorSample(timeSeconds: 0, reading: .marker(""))) == nil)
        #expect(recorder.errors.count == 3)
        #expect(provider.rejectedSampleCount == 3)
        #expect(provider.unknownBeaconCount == 1)
        #expect(recorder.locations.isEmpty)
        // It keeps going: a good reading afterwards yields a fix.
        #expect(provider.consume(Self.reading(1, rssi: -70, t: 1)) != nil)
        #expect(recorder.locations.count == 1)
    }

    @Test func readingsOlderThanTheWindowAreForgotten() throws {
        let configuration = try BeaconProviderConfiguration {
            $0.rssiWindowSeconds = 2
            $0.fixIntervalSeconds = 0
        }
        let provider = BeaconPositionProvider(map: try Self.map(Self.square), configuration: configuration)
        _ = provider.consume(Self.reading(0, rssi: -60, t: 0))
        _ = provider.consume(Self.reading(1, rssi: -60, t: 0.5))
        // At t = 3 only beacon 2 is within the window: the fix is that beacon.
        let fix = provider.consume(Self.reading(2, rssi: -60, t: 3))
        #expect(fix?.point == LocalPoint(x: 12, y: 10))
    }

    @Test func fixesAreRateLimitedAndDeliveredOnlyWhileStarted() throws {
        let provider = BeaconPositionProvider(map: try Self.map(Self.square))
        let recorder = ProviderEventRecorder()
        provider.addListener { recorder.events.append($0) }
        var returned = 0
        for step in 0..<50 {
            if provider.consume(Self.reading(step % 4, rssi: -70, t: Double(step) * 0.1)) != nil { returned += 1 }
        }
        // Readings span 0 … 4.9 s with one fix per second: at 0, 1, 2, 3 and 4 s.
        #expect(returned == 5)
        #expect(recorder.events.isEmpty)
        provider.start()
        provider.consume(Self.reading(0, rssi: -70, t: 6))
        provider.stop()
        provider.consume(Self.reading(0, rssi: -70, t: 8))
        #expect(recorder.events.count == 3)
        #expect(recorder.events.first == .started && recorder.events.last == .stopped)
    }

    @Test func pathLossModelByHand() {
        let model = PathLossModel(txPowerDbm: -59, exponent: 2)
        #expect(abs(model.rssiDbm(atDistanceMeters: 10) - -79) < 1e-12)
        #expect(abs(model.distanceMeters(rssiDbm: -79) - 10) < 1e-9)
        // σ_d = d · ln10 / (10 n) · σ = 10 · 2.302585 / 20 · 4 = 4.60517 m
        #expect(abs(model.distanceSigmaMeters(distanceMeters: 10, rssiSigmaDb: 4) - 4.605170186) < 1e-8)
    }

    @Test func beaconMapNeedsAFrameForGeographicPositions() throws {
        let record = BeaconRecord(
            id: "G", identity: BeaconIdentity(mac: Self.mac(1)),
            position: .geographic(GeoCoordinate(latitudeDegrees: 49.46, longitudeDegrees: 11.11)),
            level: .floorNumber(-2), txPowerDbm: -59)
        let registry = try BeaconRegistry(beacons: [record])
        #expect(throws: PositioningError.beaconPositionUnavailable(beaconID: "G", reason: "geographic position needs a local frame")) {
            try BeaconMap(registry: registry, frame: nil)
        }
        let map = try BeaconMap(
            registry: registry, frame: LocalFrame(reference: GeoCoordinate(latitudeDegrees: 49.46, longitudeDegrees: 11.11)))
        #expect(map.beacons[0].point.distance(to: .zero) < 1e-6)
        #expect(map.beacons[0].floorNumber == -2 && map.beacons[0].levelID == nil)
        #expect(throws: PositioningError.emptyBeaconMap) { try BeaconMap(registry: try BeaconRegistry(beacons: []), frame: nil) }
    }

    @Test func aMaximumRangeBelowTheMinimumIsRefused() {
        #expect(throws: ConfigurationError.self) {
            try BeaconProviderConfiguration {
                $0.minimumRangeMeters = 5
                $0.maximumRangeMeters = 2
            }
        }
    }
}

@Suite struct BeaconMapVenueTests {
    @Test func venueFrameAndLevelsResolveTheRegistry() throws {
        let reference = GeoCoordinate(latitudeDegrees: 49.4611, longitudeDegrees: 11.1112)
        let frame = LocalFrame(reference: reference)
        let levels = [
            Level(
                id: "ground", ordinal: 0, name: LocalizedName("Ground floor", language: "en"),
                shortName: LocalizedName("EG", language: "de"), floorNumber: 0),
            Level(id: "basement", ordinal: -2, floorNumber: -2),
        ]
        let venue = Venue(
            id: "v", name: LocalizedName("Museum", language: "en"), defaultLanguage: "en", frame: frame,
            buildings: [], levels: levels, spaces: [], openings: [], pois: [], connectors: [],
            graph: NavigationGraph(nodes: [], edges: [], source: .authored))
        // A beacon 10 m north of the reference, placed through the frame itself.
        let north = frame.geoCoordinate(from: LocalPoint(x: 0, y: 10))
        let records = [
            BeaconRecord(
                id: "A", identity: BeaconIdentity(mac: "AA:00:00:00:00:01"), position: .geographic(north),
                level: .floorNumber(-2), txPowerDbm: -59),
            BeaconRecord(
                id: "B", identity: BeaconIdentity(mac: "AA:00:00:00:00:02"), position: .local(LocalPoint(x: 3, y: 4)),
                level: .floorName("EG"), txPowerDbm: -59),
            BeaconRecord(
                id: "C", identity: BeaconIdentity(mac: "AA:00:00:00:00:03"), position: .local(.zero),
                level: .levelId("roof"), txPowerDbm: -59),
        ]
        let map = try BeaconMap(registry: try BeaconRegistry(beacons: records), venue: venue)
        #expect(map.beacons[0].point.distance(to: LocalPoint(x: 0, y: 10)) < 1e-3)
        #expect(map.beacons[0].levelID == "basement" && map.beacons[0].floorNumber == -2)
        #expect(map.beacons[1].levelID == "ground" && map.beacons[1].floorNumber == 0)
        // A level the venue does not know keeps the plain mapping.
        #expect(map.beacons[2].levelID == "roof" && map.beacons[2].floorNumber == nil)
        #expect(map.index(of: BeaconIdentity(mac: "aa:00:00:00:00:02")) == 1)
        #expect(map.index(of: BeaconIdentity(mac: "AA:00:00:00:00:09")) == nil)
    }
}

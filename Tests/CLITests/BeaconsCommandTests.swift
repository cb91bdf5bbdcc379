import Foundation
import IndoorJSON
import Testing

/// `indoornav beacons audit` on generated IPIN-format walks and malformed inputs.
@Suite(.serialized) struct BeaconsCommandTests {
    static let latitude = 49.4611
    static let longitude = 11.1110
    /// Degrees of longitude per metre east at that latitude (WGS-84 sphere approximation is enough here).
    static let degreesPerMeterEast = 1 / (111_320 * cos(latitude * .pi / 180))

    /// BLE1 really at 5 m east, BLE2 at 35 m east, both 2 m north of a 40 m walk east on floor 0.
    static let truePositionsMeters = [(5.0, 2.0), (35.0, 2.0)]

    static func coordinate(_ east: Double, _ north: Double) -> (Double, Double) {
        (latitude + north / 111_320, longitude + east * degreesPerMeterEast)
    }

    /// An IPIN GetSensorData logfile of the walk: POSI every 10 s, each beacon heard every 0.5 s with
    /// −59 − 20 log₁₀ d dBm from its true position.
    static func logfile() -> String {
        var lines = ["% generated walk for the audit test"]
        for k in 0...160 {
            let t = Double(k) * 0.5
            let east = t / 2
            if k % 20 == 0 {
                let (lat, lon) = coordinate(east, 0)
                lines.append(String(format: "POSI;%.3f;%d;%.9f;%.9f;0;100", t, k / 20 + 1, lat, lon))
            }
            for (n, p) in truePositionsMeters.enumerated() {
                let d = ((p.0 - east) * (p.0 - east) + p.1 * p.1).squareRoot()
                let rssi = (-59 - 20 * log10(d)).rounded()
                lines.append(
                    String(
                        format: "BLE4;%.3f;iBeacon;BE:AC:20:23:00:%02d;%.0f;0;1;%d;11111111-1111-BEAC-2023-111111111111",
                        t, n + 1, rssi, n + 1))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A `BLE_Locations.csv` with the beacons at `positions` (metres east, north), floor 0.
    static func registry(_ positions: [(Double, Double)]) -> String {
        var lines = ["bleID,Lat,Lon,floor"]
        for (n, p) in positions.enumerated() {
            let (lat, lon) = coordinate(p.0, p.1)
            lines.append(String(format: "\"BLE%d\",%.12f,%.12f,00", n + 1, lat, lon))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func folder(registryPositions: [(Double, Double)]) throws -> (walks: URL, registry: URL) {
        let folder = try CLIRunner.temporaryDirectory()
        let walks = folder.appendingPathComponent("walks")
        try FileManager.default.createDirectory(at: walks, withIntermediateDirectories: true)
        try logfile().write(to: walks.appendingPathComponent("walk.txt"), atomically: true, encoding: .utf8)
        let registry = folder.appendingPathComponent("BLE_Locations.csv")
        try Self.registry(registryPositions).write(to: registry, atomically: true, encoding: .utf8)
        return (walks, registry)
    }

    @Test func aCorrectRegistryPasses() throws {
        let inputs = try Self.folder(registryPositions: Self.truePositionsMeters)
        let result = try CLIRunner.run(["beacons", "audit", inputs.walks.path, "--beacons", inputs.registry.path])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("BLE1: consistent"))
        #expect(result.stdout.contains("BLE2: consistent"))
        #expect(result.stdout.contains("no suspect beacons"))
    }

    @Test func swappedBeaconsAreReportedWithExitThree() throws {
        let inputs = try Self.folder(registryPositions: Self.truePositionsMeters.reversed())
        let result = try CLIRunner.run(["beacons", "audit", inputs.walks.path, "--beacons", inputs.registry.path, "--json"])
        #expect(result.status == 3, "\(result.stdout)\n\(result.stderr)")
        let json = try #require(result.json)
        #expect(json["suspects"]?.array?.compactMap(\.string) == ["BLE1", "BLE2"])
        let beacons = try #require(json["beacons"]?.array)
        #expect(beacons.first?["nearestMappedBeacon"]?.string == "BLE2")
        #expect(beacons.last?["nearestMappedBeacon"]?.string == "BLE1")
        #expect((beacons.first?["rssiDistanceCorrelation"]?.double ?? -1) > 0.5)
        #expect((beacons.first?["centroidOffsetMeters"]?.double ?? 0) > 25)
        #expect(json["walks"]?.array?.count == 1)
    }

    @Test func anExchangedPairIsWrittenBackInPlace() throws {
        let inputs = try Self.folder(registryPositions: Self.truePositionsMeters.reversed())
        let out = inputs.registry.deletingLastPathComponent().appendingPathComponent("fixed.json")
        let result = try CLIRunner.run([
            "beacons", "audit", inputs.walks.path, "--beacons", inputs.registry.path, "--corrected-out", out.path, "--json",
        ])
        #expect(result.status == 3, "\(result.stdout)\n\(result.stderr)")
        let exchanges = try #require(result.json?["exchanges"]?.array)
        #expect(exchanges.count == 1)
        #expect(exchanges.first?["first"]?.string == "BLE1" && exchanges.first?["second"]?.string == "BLE2")
        #expect(result.stderr.contains("wrote \(out.path): BLE1 and BLE2 put back in each other's place"), "\(result.stderr)")
        // The written registry holds each beacon where the walk's readings put it (coordinates computed
        // here from the true places, not read from the tool).
        let written = try JSONParser().parse(try String(contentsOf: out, encoding: .utf8)).value
        let beacons = try #require(written["beacons"]?.array)
        #expect(written["format"]?.string == "indoornav-beacons")
        for (n, place) in Self.truePositionsMeters.enumerated() {
            let record = try #require(beacons.first { $0["id"]?.string == "BLE\(n + 1)" })
            let (lat, lon) = Self.coordinate(place.0, place.1)
            #expect(abs((record["position"]?["lat"]?.double ?? 0) - lat) < 1e-9, "\(record)")
            #expect(abs((record["position"]?["lon"]?.double ?? 0) - lon) < 1e-9, "\(record)")
        }
        let again = try CLIRunner.run(["beacons", "audit", inputs.walks.path, "--beacons", out.path])
        #expect(again.status == 0 && again.stdout.contains("no suspect beacons"), "\(again.stdout)\n\(again.stderr)")

        // Nothing exchanged: the registry is written as it was, and said so.
        let correct = try Self.folder(registryPositions: Self.truePositionsMeters)
        let same = correct.registry.deletingLastPathComponent().appendingPathComponent("same.json")
        let unchanged = try CLIRunner.run([
            "beacons", "audit", correct.walks.path, "--beacons", correct.registry.path, "--corrected-out", same.path,
        ])
        #expect(unchanged.status == 0 && unchanged.stderr.contains("no exchanged pair, the registry as it was"), "\(unchanged.stderr)")
        #expect(!unchanged.stdout.contains("exchanged:"))
        let text = try CLIRunner.run(["beacons", "audit", inputs.walks.path, "--beacons", inputs.registry.path])
        #expect(
            text.stdout.range(
                of: #"exchanged: BLE1 is heard loudest \d+\.\d m from BLE2's place, BLE2 \d+\.\d m from BLE1's"#,
                options: .regularExpression)
                != nil, "\(text.stdout)")

        // The registry itself, a walk and a folder are never written over.
        let before = try Data(contentsOf: inputs.registry)
        for target in [inputs.registry.path, inputs.walks.appendingPathComponent("walk.txt").path, inputs.walks.path] {
            let refused = try CLIRunner.run([
                "beacons", "audit", inputs.walks.path, "--beacons", inputs.registry.path, "--corrected-out", target,
            ])
            #expect(refused.status == 64, "\(target): \(refused.status) \(refused.stderr)")
            #expect(refused.stderr.contains(target), "\(target): \(refused.stderr)")
        }
        #expect(try Data(contentsOf: inputs.registry) == before)
        #expect(FileManager.default.fileExists(atPath: inputs.walks.appendingPathComponent("walk.txt").path))
    }

    @Test func badInputIsAClearError() throws {
        let inputs = try Self.folder(registryPositions: Self.truePositionsMeters)
        let noRegistry = try CLIRunner.run(["beacons", "audit", inputs.walks.path])
        #expect(noRegistry.status == 64)
        #expect(noRegistry.stderr.contains("missing --beacons FILE"))
        let noPath = try CLIRunner.run(["beacons", "audit", "--beacons", inputs.registry.path])
        #expect(noPath.status == 64)
        #expect(noPath.stderr.contains("missing PATH"))
        let missing = try CLIRunner.run(["beacons", "audit", "/nonexistent/walks", "--beacons", inputs.registry.path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent/walks does not exist"))
        let unknownSubcommand = try CLIRunner.run(["beacons", "check"])
        #expect(unknownSubcommand.status == 64)
        #expect(unknownSubcommand.stderr.contains("expected one of audit"))
        let badFlag = try CLIRunner.run(["beacons", "audit", inputs.walks.path, "--beacons", inputs.registry.path, "--min-readings", "2"])
        #expect(badFlag.status == 64)
        #expect(badFlag.stderr.contains("--min-readings"))
        let badOffset = try CLIRunner.run([
            "beacons", "audit", inputs.walks.path, "--beacons", inputs.registry.path, "--suspect-offset", "far",
        ])
        #expect(badOffset.status == 64)
        #expect(badOffset.stderr.contains("--suspect-offset"))
        let badVenue = try CLIRunner.run([
            "beacons", "audit", inputs.walks.path, "--beacons", inputs.registry.path, "--venue", "/nonexistent/venue",
        ])
        #expect(badVenue.status == 1)
        #expect(badVenue.stderr.contains("indoornav beacons audit:") && badVenue.stderr.contains("/nonexistent/venue"))

        // A registry line with a latitude that is not a number names the file and line.
        let broken = inputs.registry.deletingLastPathComponent().appendingPathComponent("broken.csv")
        try "bleID,Lat,Lon,floor\n\"BLE1\",north,11.1,00\n".write(to: broken, atomically: true, encoding: .utf8)
        let badRegistry = try CLIRunner.run(["beacons", "audit", inputs.walks.path, "--beacons", broken.path])
        #expect(badRegistry.status == 1)
        #expect(badRegistry.stderr.contains("broken.csv"))

        // Walks without ground truth: nothing to audit.
        let plain = inputs.walks.deletingLastPathComponent().appendingPathComponent("plain")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        let withoutTruth = Self.logfile().split(separator: "\n").filter { !$0.hasPrefix("POSI") }.joined(separator: "\n")
        try withoutTruth.write(to: plain.appendingPathComponent("walk.txt"), atomically: true, encoding: .utf8)
        try "not a recording at all".write(to: plain.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let noTruth = try CLIRunner.run(["beacons", "audit", plain.path, "--beacons", inputs.registry.path])
        #expect(noTruth.status == 1)
        #expect(noTruth.stderr.contains("walk.txt: fewer than two truth points"))
        #expect(noTruth.stderr.contains("notes.txt: not a recording"))
        #expect(noTruth.stderr.contains("no walk with ground truth"))
    }
}

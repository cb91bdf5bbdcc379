import Foundation
import IndoorGeometry
import IndoorJSON
import Testing
import VenueFixtures

@testable import IndoorRouting
@testable import IndoorVenue

/// Assembled routes (sections, maneuvers, instructions, legs, notices) pinned on seeded requests: each
/// response's route JSON (`RouteJSON.encode`) and its full-precision `Codable` form are hashed (FNV-1a
/// 64) and compared with the digests the implementation gave when they were recorded. Any change to
/// the output of route assembly shows up here, naming the request.
///
/// Requests per venue: seeded random graph nodes and points off the graph (up to 3 m away), POI pairs,
/// and options cycling through fastest/shortest, German, imperial, `accessible`, an avoided connector
/// kind, a pass-through and a stopover waypoint with a stop, and a car route with `routeHead` where the
/// venue has vehicle connectors. To record new digests after an intended output change, run with
/// `INDOORNAV_PRINT_ROUTE_DIGESTS=1` and paste the printed lists into `Fixtures/route-output-digests.json`.
@Suite struct RouteOutputPinTests {
    /// The requests of one venue: `count` of them, seeded.
    static func requests(_ venue: Venue, count: Int, seed: UInt64) -> [RouteRequest] {
        var rng = SeededGenerator(seed: seed)
        let nodes = venue.graph.nodes
        let pois = venue.pois.filter { poi in venue.graph.nodes.isEmpty == false && (try? venue.levelIndex(poi.levelID)) != nil }
        let hasVehicleConnectors = venue.graph.edges.contains { $0.kind.connectorKind == .driveRamp || $0.kind.connectorKind == .carLift }
        func randomPlace() -> Place {
            if !pois.isEmpty, Int.random(in: 0..<4, using: &rng) == 0 {
                return .feature(id: pois[Int.random(in: 0..<pois.count, using: &rng)].id)
            }
            let node = nodes[Int.random(in: 0..<nodes.count, using: &rng)]
            var point = node.point
            if Bool.random(using: &rng) {
                point = point + LocalVector(dx: Double.random(in: -3...3, using: &rng), dy: Double.random(in: -3...3, using: &rng))
            }
            return .local(point, level: venue.levels[Int(node.levelIndex)].id)
        }
        var out: [RouteRequest] = []
        for k in 0..<count {
            var request = RouteRequest(from: randomPlace(), to: randomPlace())
            request.options.optimization = k % 2 == 0 ? .fastest : .shortest
            switch k % 9 {
            case 1: request.options.language = "de"
            case 2: request.options.units = .imperial
            case 3: request.options.directionMode = "accessible"
            case 4: request.options.avoid = [.elevator, .escalator]
            case 5: request.waypoints = [Waypoint(randomPlace(), passThrough: true)]
            case 6:
                request.waypoints = [Waypoint(randomPlace(), stopDurationSeconds: 45)]
                request.destinationStopDurationSeconds = 120
            case 7 where hasVehicleConnectors:
                request.options.transportMode = .car
                request.options.enableOption = k % 2 == 0 ? .routeHead : .entireRoute
            case 8: request.destinations.append(randomPlace())
            default: break
            }
            out.append(request)
        }
        return out
    }

    /// The digests pinned for venue `name` (`Fixtures/route-output-digests.json`).
    static func pinned(_ name: String) throws -> [String] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/route-output-digests", withExtension: "json"))
        let value = try JSONParser().parse(String(decoding: try Data(contentsOf: url), as: UTF8.self)).value
        let digests = value[name]?.array?.compactMap(\.string)
        return try #require(digests, "no digests pinned for \(name)")
    }

    /// FNV-1a 64 of a response's route JSON and of its full-precision encoding, as 16 hex digits.
    static func digest(_ response: RouteResponse, venue: Venue) throws -> (digest: String, json: String) {
        let json = RouteJSON.encode(response, venue: venue).serialized()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var hasher = FNV1a64()
        hasher.combine(Array(json.utf8))
        hasher.combine(try encoder.encode(response.route))
        return (hasher.hexDigest, json)
    }

    /// Routes every request and compares the digests with `expected` (printing them when asked to).
    func check(_ name: String, _ venue: Venue, count: Int, seed: UInt64, expected: [String]) throws {
        let router = IndoorRouter(venue: venue)
        var found: [String] = []
        var routed = 0
        for (k, request) in Self.requests(venue, count: count, seed: seed).enumerated() {
            let response = try router.route(request)
            if response.route != nil { routed += 1 }
            let (digest, json) = try Self.digest(response, venue: venue)
            found.append(digest)
            if k < expected.count, expected[k] != digest {
                Issue.record(
                    "\(name) request \(k) (\(request.origin) → \(request.destinations), waypoints \(request.waypoints.map(\.place))): digest \(digest), pinned \(expected[k]); JSON now: \(json.prefix(3000))"
                )
            }
        }
        if ProcessInfo.processInfo.environment["INDOORNAV_PRINT_ROUTE_DIGESTS"] == "1" {
            print(
                "\"\(name)\": [\n"
                    + stride(from: 0, to: found.count, by: 6).map { i in
                        "    " + found[i..<min(found.count, i + 6)].map { "\"\($0)\"," }.joined(separator: " ")
                    }.joined(separator: "\n") + "\n]")
        }
        #expect(found.count == expected.count, "\(name): \(found.count) requests, \(expected.count) pinned")
        // Most requests find a route, so the pins cover assembly and not only failures.
        #expect(routed * 10 >= count * 7, "\(name): only \(routed) of \(count) requests routed")
    }

    @Test func campus() throws {
        try check("campus", try VenueLoader.load(path: CampusGoldenTests.campus), count: 90, seed: 41, expected: try Self.pinned("campus"))
    }

    @Test func generatedVenue() throws {
        try check("generated", try HierarchyTests.generatedVenue(), count: 90, seed: 43, expected: try Self.pinned("generated"))
    }

    @Test func goldenVenue() throws {
        try check("golden", TestVenues.golden(), count: 36, seed: 47, expected: try Self.pinned("golden"))
    }

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: PolymapPath.imdf + "/manifest.json"),
            "polymap-imdf is absent from the shared data folder (../shared/data or $INDOORNAV_SHARED_DATA)"))
    func polymap() throws {
        try check("polymap", try VenueLoader.load(path: PolymapPath.imdf), count: 90, seed: 53, expected: try Self.pinned("polymap"))
    }

}

/// polymap's IMDF folder in the shared data (`$INDOORNAV_SHARED_DATA`, else `../shared/data` beside the checkout).
enum PolymapPath {
    static let imdf =
        (ProcessInfo.processInfo.environment["INDOORNAV_SHARED_DATA"] ?? RouteTruthTests.root + "/../shared/data")
        + "/polymap-imdf/IMDFData"
}

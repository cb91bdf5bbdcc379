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
/// `INDOORNAV_PRINT_ROUTE_DIGESTS=1` and paste the printed lists.
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
                "\(name): [\n"
                    + stride(from: 0, to: found.count, by: 6).map { i in
                        "    " + found[i..<min(found.count, i + 6)].map { "\"\($0)\"," }.joined(separator: " ")
                    }.joined(separator: "\n") + "\n]")
        }
        #expect(found.count == expected.count, "\(name): \(found.count) requests, \(expected.count) pinned")
        // Most requests find a route, so the pins cover assembly and not only failures.
        #expect(routed * 10 >= count * 7, "\(name): only \(routed) of \(count) requests routed")
    }

    @Test func campus() throws {
        try check("campus", try VenueLoader.load(path: CampusGoldenTests.campus), count: 90, seed: 41, expected: Self.campusDigests)
    }

    @Test func generatedVenue() throws {
        try check("generated", try HierarchyTests.generatedVenue(), count: 90, seed: 43, expected: Self.generatedDigests)
    }

    @Test func goldenVenue() throws {
        try check("golden", TestVenues.golden(), count: 36, seed: 47, expected: Self.goldenDigests)
    }

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: PolymapPath.imdf + "/manifest.json"),
            "polymap-imdf is absent from the shared data folder (../shared/data or $INDOORNAV_SHARED_DATA)"))
    func polymap() throws {
        try check("polymap", try VenueLoader.load(path: PolymapPath.imdf), count: 90, seed: 53, expected: Self.polymapDigests)
    }

    static let campusDigests: [String] = [
        "13e2d50a4fa494bc", "157a2834c188dfd9", "522222aed821bdab", "f0ed7640f164883c", "2d5b819c0906f65d", "08c659c2b4f9b877",
        "8ecf65254248d1ab", "c22e8e7896c2d98e", "f386c9fcc6de9443", "6281f490a222f65c", "a311014e50cea1d9", "8235c38ea132c062",
        "cc2b89855e4d915d", "baa6256523ce5be0", "f403e36899d36e7b", "e20479c16642d98d", "54ca40e947c40de7", "7ae4c8fcc0c7063d",
        "fb455de5ff0b3f69", "5f23cfb52fde8d61", "27aba46db0825ead", "bbbebb97f6395a5d", "afac662e372e4747", "7e36ad0595770cca",
        "03c918367b18b538", "83df54ad76a3e3fd", "2c2407356d992812", "8a2eb330522178ea", "a92be021dfaad7c9", "673873637484482a",
        "111da1d4dcadca2e", "880deaa01e15c3fe", "3d53bbbc6ee16c5b", "b21126af556b42ac", "410bbf9e5e921f3f", "b594858e8bc9f418",
        "01feeb2d63fc54a5", "e3f5a8fde1e1dba1", "1731045a72a4d412", "2047c73dcb7de58e", "b1851675d3efbf26", "aec255a08ec3a753",
        "343f07f13cdd302c", "22fd56adb5a0196e", "d1c7591e1295aea6", "c1dda987dac1d593", "087066fd8ea7f6b5", "be0e2c1fa830c997",
        "dbf4d81475e0aced", "f543333d217e2bec", "aa8edf2602657171", "29bde52509e81acf", "9d69ab3028603c5c", "024e44f16754fed7",
        "3acab2cb73f428fd", "1bf348979cfa9ddc", "2341078f0cf2fe8d", "c603a2f5850d4605", "b26765d27e117d6b", "008400c3ac0a238b",
        "da146f3aee9343c0", "7d0aa4c608ab634d", "1fabb8cb500a83b1", "538bd99b091ddaa2", "1a9be09131a47c2c", "94fc7f385bd3a061",
        "f29dac9f9a9fdbc5", "98a69f7c2644ecd9", "1c14978f9c2739e9", "3db7ca5d1909ddc2", "b97646d513b64ab4", "1f98973698652055",
        "53799e491c1743b7", "76a11435612cdab5", "f00ba500d3649fbc", "93753ade3dc8692d", "f029a8c48a6927a9", "2db93ce041178fdd",
        "4ce9226acc3d7378", "9eea0086671ff921", "5405137554d65119", "dfea2d01b056963b", "a804af0475309db3", "c7bc40c99b71e425",
        "2ef3f956b308668e", "e201a4d660aa39e6", "3c04184ac4f719e5", "d27c124ddfb21a9b", "2721ae8766f0d427", "2b67e2593e899d43",
    ]
    static let generatedDigests: [String] = [
        "48ba8e676dda0e82", "4cf61547d842222e", "e072dc18b1091636", "e07284b121584b94", "ed511a4b983d19db", "6d4f8e3f284c43da",
        "999b995a7d283d3e", "028082eca8ac8df8", "334c237386efcf41", "11a193bedb9c114b", "e5c493dadb0c3b70", "5902e9cd9482e222",
        "4905b995fbb83664", "b094891c288fb26a", "6dd71cdf4b260f29", "0997a8003a6793a8", "56460fe3d50c9095", "bf3319a2766835b3",
        "35d4c757bd78c750", "46c72ebcf4082a88", "48114f5cadd2a0de", "b307089a9d24894c", "0f86c97d195bf803", "62ee6aa9ac4ee126",
        "cff0d1f0c6866044", "b95ec715e34146f9", "72a2c3c70d7ff2e3", "a41f91be038d7296", "23c5f06044107e0b", "299fb7082ee49640",
        "09148c59d4353a92", "1a86fecd82a02e0d", "f0949057d05e2525", "e2859949292c693d", "a6e6aedb549338f4", "e7e5959b01100c69",
        "ae2c9bbe814b8218", "08814aeb1b532a8d", "5459da4d04bd1449", "5481babc0e065051", "b6d36bff60df6d35", "b64f269ae4e9cf2d",
        "e632bd987bf3597f", "62a4a30911b3af0b", "df89c6c4bdea2a88", "df811ce554145517", "cf84feb666574f26", "3dc8112399c99fa4",
        "fc67433dbe8a148c", "93038ae2fb097330", "b4a2fe46c7381b5f", "afac4256678059da", "45939a23405e2509", "15b6d5fbf24defb6",
        "0ac8e825b9e776e9", "86f11cc28c06b164", "5c9b821a059b25be", "3195b8741ae143d3", "f74450ba10d21e42", "56fec1704f1bd807",
        "13ae21cdd8c34971", "9f642471c2a076aa", "e70078f8068742b6", "a2c14a5e3bf298be", "475635c3c1b4fde1", "e8537c5501032e35",
        "e7340b7ba8998943", "6c343788d670f052", "be822f90de5e7c7e", "e60c120454980a80", "e7c55ce4b13cc151", "9741725a92079909",
        "77297fafd7e15f67", "2a288fe139d1aa90", "5ae36e72227ddefc", "1a652e74117189c1", "85ee84171586bff4", "986e2a8df28aede8",
        "1a55e1942f94de6d", "5b8eb28dd88925f2", "db388bdbfd2b9e24", "9c2a030a38d55d83", "68e110cc379dadc4", "16cead16d4ef8606",
        "bb3ee56aab53bb3e", "d05e112880c712ae", "2a48b3bba30218a0", "b3837aaf09476e55", "d4363dfd93c20f6d", "de6616f9634f02e8",
    ]
    static let goldenDigests: [String] = [
        "5c2e2ae89eac8c04", "952f173836ac2b88", "4d1011960de032ae", "3febe193354b15a4", "5940db1c3ca2387c", "75d7100437de90cf",
        "4828349db8121ed1", "13eeb765c53d452f", "5925251ae2003f6a", "2c34f531267d9402", "5ad1949951ae6de2", "3bfcdca9a2cc5aba",
        "2ad63f44c96efea2", "986a12758a28f989", "32920554b72492ee", "3d47ff4f345d25ef", "1fc6f27512450b73", "2d5648c6ef0017e1",
        "a2fef598a4f11243", "0e4952e1f675dad9", "854843fa4c17e628", "dceccae97c3c20cb", "f0eeb4277a03499d", "e6f51f8c48cdc624",
        "fa05d35366d6ac44", "d3a8687e0df8355d", "0737dc130e470b23", "6b4810718afaa53b", "3231caf2fbff2f6a", "e01cd2b0abc3f1f3",
        "571cb126f44621f1", "4938fe6361f9754a", "103594e7955bb91d", "0af0f3c234ff1d27", "0b20a946afb26ab2", "0b20a946afb26ab2",
    ]
    static let polymapDigests: [String] = [
        "c69edb7ce78ba33d", "3f2689bea773feea", "1ef3a1faec8c1374", "f080ce8a315a2d18", "5d41659abfef2b32", "9bd393b88db80419",
        "d2797f70be819a83", "bf13ac5ffb1ef51c", "3d91bf909bf39aa9", "80a1a4c442201103", "6178328d06500bd0", "0d2dd28601c8aaca",
        "6328b616979f0169", "c92f7156cd223ba0", "0c8c5a2e297552e3", "9f689085f5a23d4f", "f91c358444e6cca7", "e6bcaeac4fccdb06",
        "087af5c27082e1db", "b5a36a5dff027606", "2668325cb55cfca2", "f080ce8a315a2d18", "3b1d37cffd6cc870", "bc72169b57c0130b",
        "395bd25a193b2aff", "dbb9e5670926e805", "a42bedeca5af8474", "be071e7c47c3bd0a", "451a4d4314108e48", "ec72f4364ee9e854",
        "bd993e262d6002ec", "91257f7ecd15aef7", "6552ccb0b9ee5084", "d96f5a8396b13471", "ba6a786a08f4615b", "1d4ee619efe87095",
        "4794685e2dea6d8c", "c34c9aa934d464a7", "4bbfe8877c2d3461", "9d32252c909ce692", "3797f309012b4fef", "5c66f39a2d5bbc8f",
        "60f63147515b92cc", "a0ae82f3c4696a9d", "ccb45ad60df13b0a", "b2ada49783a0bea0", "850d49918d91d2c6", "f3461f13e4b84911",
        "f080ce8a315a2d18", "08aa5991f227fd5c", "17557036b4f27279", "032c7dadc90a146a", "31b1abe6f14da908", "aa2cc03ee4c8b58b",
        "059a227e78ba5633", "6eac71e1955cb4d3", "efb4ab24e874865c", "59fee92998b804ea", "d786f58bec667548", "252ec3818801b2df",
        "888aa59a943e608c", "299d890d038abad9", "2b181ecfef481e40", "a1903e2f014b4e1d", "bfe45b8ab340187b", "f205443df5795b5e",
        "4c0f55411bd588c2", "272120fa9a2bf0c9", "1143c80c7866def9", "64456569f223d285", "808aca41225961ea", "b2e4c2da79447aa1",
        "130434e0b4a5c489", "f3c7fcf34e1d039d", "6d08ac9480035817", "f080ce8a315a2d18", "728c91ce59903041", "3538df51992ad008",
        "b2d593f891e97818", "836afe99958391af", "1e1bf2fb469ac44f", "ff31b24d2bbc020a", "404b10b56c8a5194", "6377bfd1a5119ae3",
        "f080ce8a315a2d18", "02b79702035b2508", "264e202edbeceb91", "9be9b240f7e7bbba", "f91e66d86da884a4", "ddf522f888b0c887",
    ]
}

/// polymap's IMDF folder in the shared data (`$INDOORNAV_SHARED_DATA`, else `../shared/data` beside the checkout).
enum PolymapPath {
    static let imdf =
        (ProcessInfo.processInfo.environment["INDOORNAV_SHARED_DATA"] ?? RouteTruthTests.root + "/../shared/data")
        + "/polymap-imdf/IMDFData"
}

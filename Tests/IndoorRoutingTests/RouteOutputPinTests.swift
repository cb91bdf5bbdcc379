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
        "e00ceb491fb7dae4", "745174aac7606581", "008ebb57a64a9546", "7b50a6e5512b4e8e", "c558c3329f149824", "8c36dc832d6398d7",
        "e36527c3c0dcc07f", "77dde59872dcaae0", "678003b73cd6eb90", "cf417f9deffc11ae", "b7861cf3953f41ad", "7a9d805294eda69d",
        "6e0410789b1b96d3", "0e50460f050d9cdb", "80fbe97ed56cb35d", "8fec2828a79f2039", "a2966da1821d98f7", "b68a95fd704dff79",
        "5aab9a0cfedf72d5", "c0079acbe47570cf", "b48aeba07cfb37b7", "e5f094bd46778929", "4bb90c2308c258ba", "d767fcc21b78ccd0",
        "65d5da752045ecb1", "4541b03eab9f937b", "0b6b8619f8847039", "c75e32c195985fee", "b2ed9f10f846df95", "bb26555e0d9d947c",
        "3156c38467fd15eb", "43df9cb20b19863a", "c4e1540d8285cf65", "83f35df0c3acf7cc", "80d2312ec2afa4d1", "26e497de85db9cda",
        "a607282a1012e0bc", "1ce183af5867f331", "881b900769fd5ddb", "d1ced01de7672a8e", "7363b2d55e8436b8", "955b5426b401d256",
        "d2668a46c91546be", "55e75d89430fe196", "985f27dedb2a2f72", "0389b26f3756d512", "7e43f9cd4ff71158", "7e5f9c68f2388904",
        "86234d63b638ebaf", "a04fb7b4aba98dd1", "0ddfc9d4417a39e6", "7df14211e161c460", "8340dd59f80cba55", "5567150f30bbd575",
        "e6797ee463f3bd3c", "77fac2c1c413c4c5", "a320f8f6f397e3f8", "5fa4f124c74e5b00", "05348c413da59873", "9d7845520b86899e",
        "7dd820a14e4661b0", "b055670a38b2e29e", "781a1dec8578d52c", "7084a692ee6789da", "9d9880ed0c12fe7d", "125e63c5ece862fc",
        "31df3cfd577ca388", "41c29c1405768a51", "fbd5e684a6c3c8ec", "05e497a585443665", "4c2c6ee16acc7205", "de03a533edad9be7",
        "716d0b85fa761505", "ef2186484b4b617c", "aadf81b16a7169cf", "cbedd7e5308de838", "23fe40532025aec4", "52dd9f37f35cd2b5",
        "d4346690012bbe2c", "a624bb7c6da8bd5d", "fc2cb7aaa1968cd0", "05b72843b0374fc1", "00b89bc680a71b07", "313a1f448bb6599f",
        "e916ac3f334f2526", "c89e0b506191819c", "648e30e984cad97c", "5056989bb2385a1b", "8b6cb7d82c0ef191", "b16b4ec7fe709510",
    ]
    static let generatedDigests: [String] = [
        "f8c4843cc6ce1188", "cab7e97073f22648", "b0363b209d6b3750", "e201534158158370", "7cedf2fec3946708", "9c853093c921835c",
        "d5a8243be3f1f2bf", "1e8b4db335bfd8da", "97ee7ed292622e13", "246fffd552f45805", "6d694bb62bf8f29b", "84c5e2222e26b0bb",
        "28aed00882218596", "4d54d1232086dec2", "75ebb7c6fb01d632", "1c6d8cbc0498a410", "a6175175c60f1d78", "9642bbf9d39632c5",
        "b88ef79ef9df7482", "aeb8865692e3ca1d", "b1d4c6142373626e", "f7911f113a9c64fe", "272775cc6c85713f", "bbfff2d3cb7ed6e2",
        "2193db691aef4120", "1db475fd6712c1cc", "5fbebc374a48e165", "1a081ebed2f1aa94", "4ad820fa2c1b2ec5", "8c9742382aa08127",
        "9412ef2fdb6eb4db", "f43e6462cd3bf373", "202a5736b42c5ef6", "4cd110e2a715b57e", "88679431d9e68a4f", "97001e25c7ba300e",
        "dec52765c1ad52e9", "4d6a05b366ed6f46", "58571fe812e0d1c5", "d63b3db9b62b5bbc", "a7aa63c16ffa923c", "affc9eda64c6d705",
        "5e8b6ef17b88a23a", "1bdaa20f089cd740", "afc8e7fa87560e77", "a877b1b9a4869cb4", "15db0272eb611704", "d4289b2b4d06f9f3",
        "dd397fac4fb0164c", "60332934f3d6a2fa", "6d4a9cfb5ca15dcc", "3df091af70806e7f", "2b0440b453d4ce99", "8c71e13628b13475",
        "e5623f71e963e504", "23bbc26efe63990f", "de3a35c2bc1d493b", "cfb6f2b8f0c20510", "29065c878422c9fe", "db9e386d232f91b9",
        "9efc9fd93c6d0046", "08e150bc52b276d7", "73018b97384ced24", "7bcb0aa33c5ba2fd", "63d32f6d1c0bfbd6", "04f623650a843615",
        "c77bf15f05d64f85", "9cf56c57697286e3", "64babacaf0792c46", "eab27ffc5ad3a278", "66aeb8db3f01cf8b", "676c3a467f58985c",
        "b2097a7bb827de12", "0ad56135e244da2a", "60b62c59fed660e0", "8b0849ee8a91b4c1", "f562f8562aa8452c", "8d681be589857880",
        "200b21c758a7e6c2", "42c0aa6a5fde65be", "6c32479f1187db81", "0c43a7829308a146", "e1fc449f8cb221a2", "a56b137507ad2349",
        "a0077fb183cc2b30", "b7c807f08bf4fa37", "877cdff11a3f9d29", "586a7af427efbd41", "9f361a226e1030d0", "fd3cb3e6bc6044da",
    ]
    static let goldenDigests: [String] = [
        "deafbabd369ca46c", "4e82a1d3456566ea", "506ebd13ebe6e9e4", "bae9913a091fb532", "4b1b8d93a4223da2", "0958dd4187443d27",
        "6126fdf747062c35", "dabeb41b0e291c05", "f4c3308799bd2f70", "a1855fcd20b034de", "d24635d7c9a5e188", "e060d6ca1e936818",
        "1b096b525139be14", "a73caca2722c6269", "b97e2bbaae7c3b52", "6f301faf2332cb6b", "0bbd5e533d0b9a12", "140c516001744571",
        "2a8634a54160f0f7", "a195620509481087", "d1c2354bd8ea4c3a", "ba20e1fd2741cb93", "6abb207ed0340f7b", "293438fd7fcaa7cb",
        "be9f1fe92bac2e16", "094cd0a9dc5129e8", "c75c2ece3f724e73", "5813755ee46f66ef", "d8cc7136e9a11ffe", "91ff3cebd669100b",
        "84872ceea630bb29", "f398ea1a720a70c2", "81105db6665ca989", "59b3317815f8320d", "3d87bfe35e86af32", "3d87bfe35e86af32",
    ]
    static let polymapDigests: [String] = [
        "28800907a0ad24bf", "5cb43cb542d59464", "e24659bfa3c4f1bc", "f080ce8a315a2d18", "508b61bbdafda560", "d70e00013b6f255d",
        "3213a6bc94400a8e", "a509b541ecea6b4e", "69afc06bb3e67f2f", "528c5daa9f69f53b", "b2ee48679052499c", "6a00478c4c46d49c",
        "1c3de34b00768e0d", "fc75e1a5ae2af508", "002ac9ed4f8a1407", "57ad8ab488dbbb8f", "2a762e0e8bf72bfc", "5591223c32afcd53",
        "4fa5f294cc929613", "0a22202440a693bc", "8221e7e30c1f065a", "f080ce8a315a2d18", "15b004540abec306", "fb44d68852dc0813",
        "1f631c7f9a5f8ef7", "a11c56ded167bfee", "9f78a26c75fc14d6", "31f689cf2c8e6375", "8fca90d9ba3fddf2", "4ae2aa876488fa0f",
        "478d841fafb06178", "cdfba5a777468a3a", "3c81ee2d8ccd667f", "56d9cf3e657081c7", "c72da5a1cb386ec1", "4ad671060a63950d",
        "18e93637dd2f6597", "0f50f7d27a571859", "d78b0f6f55b5257b", "a5306af2a4d13e66", "0962859401a03067", "4ee957e1da842d45",
        "d8d302dc5d884e35", "38210fb4c15f3130", "c7e7a63203269052", "f290415d9333022d", "c9e95c96c7393727", "93475b8fcbf93405",
        "f080ce8a315a2d18", "8c60b811272a50ae", "9795b6894295ec7d", "1a9d81a1dca0a819", "bd33a897f12c6190", "f848248d65bb6c82",
        "78ea2dff6dc97543", "a069b414071a5a3e", "76a92e9627861a24", "381d3ee7ba2aab10", "8ef248ace7c99842", "0f86238864475529",
        "dff331383cadafc4", "12b47035e600ca8b", "2fa6017f89940bbe", "f70c4d033556e9a1", "f09366979e196d2d", "7ed8247e22a62976",
        "9ef6d4c7c7602340", "c60d95e9e9402792", "29b757aef87065ca", "a221256fb0aa4a0f", "eb0e081adfb7591e", "4bfd2af2f17dd0eb",
        "cfec531a68b14a29", "a788e0c0568fc783", "d59ac9c288b0ef19", "f080ce8a315a2d18", "4c7b052948d14402", "8e8dc3a2bd595200",
        "1fcc97b0e47e497e", "b895188325f25f69", "16c8c76dd5a774b7", "0a27073b0398af7c", "84d28ed3d6174e2c", "80e58ab38e29fc95",
        "f080ce8a315a2d18", "aebcb1b2222778fc", "264e202edbeceb91", "8fcf8366079a75f8", "f75bf211c5967cce", "f5b77ff16dc9fd9f",
    ]
}

/// polymap's IMDF folder in the shared data (`$INDOORNAV_SHARED_DATA`, else `../shared/data` beside the checkout).
enum PolymapPath {
    static let imdf =
        (ProcessInfo.processInfo.environment["INDOORNAV_SHARED_DATA"] ?? RouteTruthTests.root + "/../shared/data")
        + "/polymap-imdf/IMDFData"
}

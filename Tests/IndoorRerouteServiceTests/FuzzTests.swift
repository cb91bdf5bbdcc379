import Foundation
import IndoorJSON
import Testing
import VenueFixtures

@testable import IndoorRerouteService

/// Random and mutated bodies on every endpoint: the service answers each with a documented status and
/// a JSON body, and never crashes.
@Suite struct FuzzTests {
    static let seeds: [UInt64] = [1, 2, 3]

    /// The content type every fuzzed body is sent with.
    static let json = ["content-type": "application/json"]

    static let validBodies: [(String, String)] = [
        (
            "/venues/golden/routes",
            #"{"from":"entrance","to":["office"],"via":[{"place":"10,0@L0","stop":5}],"avoid":["stairs"],"mode":"accessible","optimize":"fastest","transport":"pedestrian","speed":1.2,"units":"imperial","lang":"de","maxMatchDistance":30}"#
        ),
        (
            "/sessions",
            #"{"venue":"golden","destination":"office","via":[{"place":{"x":20,"y":10,"level":"L0"},"pass":true}],"options":{"lang":"en","speed":1.3},"location":{"x":0,"y":0,"level":"L0","accuracyMeters":3,"timeSeconds":0,"headingDegrees":90,"headingAccuracyDegrees":20,"levelProbability":0.9,"raw":{"x":0.5,"y":0,"accuracyMeters":5,"timeSeconds":0}}}"#
        ),
        (
            "/sessions/SESSION/locations",
            #"{"locations":[{"x":1,"y":0,"level":"L0","accuracyMeters":3,"timeSeconds":1},{"latitude":52.52,"longitude":13.4,"level":"L0","accuracyMeters":3,"timeSeconds":2}]}"#
        ),
        ("/sessions/SESSION/transition", "{}"),
    ]

    static let allowed: Set<Int> = [200, 201, 204, 400, 404, 405, 413, 422, 503]

    /// Byte-level mutations: flip, insert, delete, duplicate a span, truncate.
    static func mutate(_ bytes: [UInt8], _ g: inout SeededGenerator) -> [UInt8] {
        var b = bytes
        let interesting: [UInt8] = Array("{}[]\":,0-1e9.9nulltruefalse\\u0000 ".utf8) + [0xff, 0xc3, 0x28, 0]
        for _ in 0..<Int.random(in: 1...4, using: &g) {
            guard !b.isEmpty else { b = [interesting.randomElement(using: &g) ?? 0]; continue }
            let i = Int.random(in: 0..<b.count, using: &g)
            switch Int.random(in: 0..<5, using: &g) {
            case 0: b[i] = interesting.randomElement(using: &g) ?? 0
            case 1: b.insert(interesting.randomElement(using: &g) ?? 0, at: i)
            case 2: b.remove(at: i)
            case 3: let j = min(b.count, i + Int.random(in: 1...12, using: &g)); b.insert(contentsOf: b[i..<j], at: i)
            default: b = Array(b[..<i])
            }
        }
        return b
    }

    /// Random JSON values of every type, nested up to `depth`.
    static func randomJSON(_ g: inout SeededGenerator, depth: Int) -> JSONValue {
        let keys = [
            "from", "to", "via", "venue", "destination", "location", "options", "x", "y", "level", "accuracyMeters",
            "timeSeconds", "locations", "speed", "place", "stop", "pass", "avoid", "latitude", "longitude", "raw", "id",
        ]
        switch Int.random(in: 0..<(depth > 0 ? 8 : 5), using: &g) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &g))
        case 2: return .number([0, -1, 1e308, -1e-300, 0.5, 49_999, 50_000, 3, 1e15].randomElement(using: &g) ?? 0)
        case 3:
            return .string(
                ["", "L0", "L1", "office", "entrance", "golden", "x,y@L0", "1,2@L0", "geo:91,0@L0", "\u{0}"].randomElement(using: &g) ?? "")
        case 4: return .number(Double.random(in: -1e6...1e6, using: &g))
        case 5: return .array((0..<Int.random(in: 0...6, using: &g)).map { _ in randomJSON(&g, depth: depth - 1) })
        default:
            var o: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &g) { o[keys.randomElement(using: &g) ?? "x"] = randomJSON(&g, depth: depth - 1) }
            return .object(o)
        }
    }

    @Test(arguments: seeds) func mutatedAndRandomBodiesNeverCrash(seed: UInt64) throws {
        var configuration = ServiceConfiguration.standard
        configuration.maximumSessions = 50
        let service = try RerouteService(
            venues: try VenueCatalog(venues: [TestVenues.golden()]), configuration: configuration,
            clock: ManualClock().clock, sessionIDs: SessionIDs.seeded(seed))
        var g = SeededGenerator(seed: seed)
        var statuses: [Int: Int] = [:]
        for round in 0..<400 {
            // A live session for the session endpoints (re-created when the fuzzer deleted or filled it).
            let create = service.handle(
                HTTPRequest(
                    method: "POST", path: "/sessions",
                    body: Array(
                        #"{"venue":"golden","destination":"office","location":{"x":0,"y":0,"level":"L0","accuracyMeters":3,"timeSeconds":0}}"#
                            .utf8), headers: Self.json))
            let sessionID = (try? JSONParser().parse(create.body).value)?["id"]?.string ?? "missing"
            for (path, valid) in Self.validBodies {
                let p = path.replacingOccurrences(of: "SESSION", with: sessionID)
                let body: [UInt8]
                if round % 2 == 0 {
                    body = Self.mutate(Array(valid.utf8), &g)
                } else {
                    var value = Self.randomJSON(&g, depth: 4)
                    if Bool.random(using: &g), var o = (try? JSONParser().parse(valid).value)?.object, !o.isEmpty {
                        // Replace one member of a valid body with a random value.
                        let key = o.keys.sorted()[Int.random(in: 0..<o.count, using: &g)]
                        o[key] = value
                        value = .object(o)
                    }
                    body = Array(value.serialized().utf8)
                }
                for method in ["POST", round % 50 == 0 ? "GET" : "POST"] {
                    let r = service.handle(HTTPRequest(method: method, path: p, body: body, headers: Self.json))
                    statuses[r.status, default: 0] += 1
                    #expect(Self.allowed.contains(r.status), "\(p) \(String(decoding: body, as: UTF8.self)) → \(r.status)")
                    if r.status != 204 {
                        #expect(
                            (try? JSONParser().parse(r.body)) != nil, "response is not JSON: \(String(decoding: r.body, as: UTF8.self))")
                    }
                }
            }
            if round % 3 == 0 { _ = service.handle(HTTPRequest(method: "DELETE", path: "/sessions/\(sessionID)")) }
        }
        // The fuzzer reached both rejections and successes.
        #expect((statuses[400] ?? 0) > 0)
        #expect((statuses[422] ?? 0) > 0)
        #expect((statuses[200] ?? 0) > 0)
    }

    @Test func randomPathsAndQueriesNeverCrash() throws {
        let service = try RerouteService(venues: try VenueCatalog(venues: [TestVenues.golden()]), clock: ManualClock().clock)
        var g = SeededGenerator(seed: 9)
        let segments = [
            "", "venues", "golden", "pois", "routes", "sessions", "locations", "transition", "health", "metrics", "%00", "..",
            String(repeating: "a", count: 300),
        ]
        for _ in 0..<2_000 {
            let path =
                "/" + (0..<Int.random(in: 0...5, using: &g)).map { _ in segments.randomElement(using: &g) ?? "" }.joined(separator: "/")
            let method = ["GET", "POST", "DELETE", "PUT", "PATCH", ""].randomElement(using: &g) ?? "GET"
            let query = [
                "q": String(repeating: "ü", count: Int.random(in: 0...300, using: &g)),
                "lang": ["", "de", "xx"].randomElement(using: &g) ?? "",
            ]
            let r = service.handle(HTTPRequest(method: method, path: path, query: query, body: []))
            #expect(Self.allowed.contains(r.status) || (r.status == 200 && path.hasSuffix("metrics")), "\(method) \(path) → \(r.status)")
        }
    }

    @Test func garbageOverTheWireNeverCrashesTheServer() throws {
        let f = try ServiceFixture()
        var g = SeededGenerator(seed: 5)
        let id = try f.createSession()
        for _ in 0..<60 {
            let body = Self.mutate(Array(Self.validBodies[2].1.utf8), &g)
            let r = try f.client.request("POST", "/sessions/\(id)/locations", bodyBytes: body)
            #expect(Self.allowed.contains(r.status))
        }
        #expect(try f.client.request("GET", "/health").status == 200)
    }
}

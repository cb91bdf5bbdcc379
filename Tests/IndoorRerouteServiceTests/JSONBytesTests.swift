import IndoorJSON
import IndoorRouting
import Testing

@testable import IndoorRerouteService

/// The response writer gives byte for byte the text of `JSONValue.serialized()`.
@Suite struct JSONBytesTests {
    @Test(arguments: 0..<200)
    func sameTextAsTheReferenceWriter(seed: Int) {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
        let strings = ["", "plain", "quote\"back\\slash", "line\nfeed\r\t", "\u{01}\u{1f}ctl", "café ünïcödé 日本", "emoji 🧭", "\u{7f}"]
        let numbers: [Double] = [
            0, -0.0, 1, -1, 42, 1e15, 999_999_999_999_999, -1e15 + 1, 0.1, -2.5, 1.0 / 3, 1e-7, 6.02e23, .nan, .infinity,
        ]
        func value(_ depth: Int) -> JSONValue {
            switch next() % (depth > 3 ? 4 : 6) {
            case 0: return .null
            case 1: return .bool(next() % 2 == 0)
            case 2: return .number(numbers[Int(next() % UInt64(numbers.count))])
            case 3: return .string(strings[Int(next() % UInt64(strings.count))])
            case 4: return .array((0..<Int(next() % 4)).map { _ in value(depth + 1) })
            default:
                var o: [String: JSONValue] = [:]
                for _ in 0..<Int(next() % 5) { o[strings[Int(next() % UInt64(strings.count))] + String(next() % 3)] = value(depth + 1) }
                return .object(o)
            }
        }
        let v = value(0)
        #expect(String(decoding: JSONBytes.encode(v), as: UTF8.self) == v.serialized())
    }

    /// Session answers are written member by member (``JSONObjectBytes``): every one is valid JSON whose
    /// keys come in the order the tree writer sorts them, so re-writing the parsed answer gives the same bytes.
    @Test func sessionAnswersAreInTreeOrder() throws {
        let f = try ServiceFixture()
        var answers: [TestHTTPClient.Response] = []
        answers.append(
            try f.client.request(
                "POST", "/sessions",
                body:
                    #"{"venue":"golden","destination":"office","location":{"x":0,"y":0,"level":"L0","accuracyMeters":3,"timeSeconds":0,"headingDegrees":90,"headingAccuracyDegrees":20,"levelProbability":0.9,"raw":{"x":0.5,"y":0,"accuracyMeters":5,"timeSeconds":0}}}"#
            ))
        let id = try #require(try f.json(answers[0])["id"]?.string)
        // Along the route, then off it (off-route verdict, reroute), a stale fix, and a batch.
        for fix in ServiceFixture.walk(from: .init(x: 0, y: 0), to: .init(x: 10, y: 0), level: "L0", t0: 0)
            + ServiceFixture.walk(from: .init(x: 10, y: 0), to: .init(x: 10, y: -12), level: "L0", t0: 8) + [
                ServiceFixture.fix(0, 0, "L0", t: 1)
            ]
        {
            answers.append(try f.client.request("POST", "/sessions/\(id)/locations", body: fix))
        }
        answers.append(
            try f.client.request(
                "POST", "/sessions/\(id)/locations",
                body: "[\(ServiceFixture.fix(10, -12, "L0", t: 40)),\(ServiceFixture.fix(10, -11, "L0", t: 41))]"))
        answers.append(try f.client.request("GET", "/sessions/\(id)"))
        answers.append(try f.client.request("GET", "/sessions"))
        answers.append(try f.client.request("POST", "/sessions", body: #"{"venue":"golden","destination":"office"}"#))
        answers.append(try f.client.request("GET", "/sessions"))
        for answer in answers {
            #expect(answer.status == 200 || answer.status == 201, "\(answer.text)")
            #expect(JSONBytes.encode(try f.json(answer)) == answer.body, "\(answer.text)")
        }
        let events = answers.compactMap { try? f.json($0)["events"]?.array }.joined().compactMap { $0["type"]?.string }
        #expect(events.contains("rerouted") && events.contains("offRoute"), "\(events)")
        #expect(answers.contains { (try? f.json($0)["rejected"]?.array?.isEmpty) == false })
    }

    /// A session's cached maneuver JSON is the maneuver's own JSON, whichever maneuvers came before.
    @Test func cachedManeuversAreTheirOwnJSON() throws {
        let f = try ServiceFixture()
        _ = try f.createSession()
        let route = try #require(f.service.storedSessions().first?.navigation.route)
        let venue = try #require(f.service.venues["golden"]?.venue)
        let maneuvers = route.sections.flatMap(\.maneuvers)
        #expect(maneuvers.count >= 3)
        let cache = ManeuverJSONCache()
        for m in maneuvers + maneuvers.reversed() + [maneuvers[0], maneuvers[0]] {
            var out: [UInt8] = []
            cache.write(m, venue: venue, into: &out)
            #expect(out == JSONBytes.encode(RouteJSON.maneuver(m, venue: venue)))
        }
        var none: [UInt8] = []
        cache.write(nil, venue: venue, into: &none)
        #expect(String(decoding: none, as: UTF8.self) == "null")
    }

    @Test func integersAtTheEdges() {
        for n: Int64 in [0, 7, -7, 10, -10, 123_456_789, -999_999_999_999_999, 999_999_999_999_999] {
            var out: [UInt8] = []
            JSONBytes.writeInteger(n, into: &out)
            #expect(String(decoding: out, as: UTF8.self) == String(n))
        }
    }
}

/// The Redis store's compact binary form: exact round trips, and damaged bytes are errors, not crashes.
@Suite struct CompactCoderTests {
    @Test func storedSessionsRoundTripExactly() throws {
        let f = try ServiceFixture()
        let id = try f.createSession()
        for fix in ServiceFixture.walk(from: .init(x: 0, y: 0), to: .init(x: 10, y: 0), level: "L0", t0: 0)
            + ServiceFixture.walk(from: .init(x: 10, y: 0), to: .init(x: 10, y: -10), level: "L0", t0: 8)
        {
            _ = try f.client.request("POST", "/sessions/\(id)/locations", body: fix)
        }
        let stored = try #require(f.service.storedSessions().first)
        #expect(stored.navigation.route != nil)
        let bytes = try CompactCoder.encode(stored)
        #expect(try CompactCoder.decode(StoredSession.self, from: bytes) == stored)
        // Every truncation and a flipped tag are errors.
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 300)) {
            #expect(throws: (any Error).self) { try CompactCoder.decode(StoredSession.self, from: Array(bytes[..<cut])) }
        }
        var damaged = bytes
        damaged[4] = 99
        #expect(throws: (any Error).self) { try CompactCoder.decode(StoredSession.self, from: damaged) }
        #expect(throws: (any Error).self) { try CompactCoder.decode(StoredSession.self, from: bytes + [0]) }
    }

    @Test func primitivesAndContainers() throws {
        struct Sample: Codable, Equatable {
            var a: Int8 = -5, b: UInt16 = 65_000, c: Float = 1.5, d: Double = -0.0, e: String? = nil, f: [Int: String] = [3: "x", -1: "y"]
            var g: [[Bool]] = [[true], [], [false, true]], h: Int64 = .min, i: UInt64 = .max, j: Double = .nan
            static func == (l: Sample, r: Sample) -> Bool {
                l.a == r.a && l.b == r.b && l.c == r.c && l.d.bitPattern == r.d.bitPattern && l.e == r.e && l.f == r.f && l.g == r.g
                    && l.h == r.h && l.i == r.i && l.j.isNaN == r.j.isNaN
            }
        }
        var s = Sample()
        #expect(try CompactCoder.decode(Sample.self, from: CompactCoder.encode(s)) == s)
        s.e = "é"
        #expect(try CompactCoder.decode(Sample.self, from: CompactCoder.encode(s)) == s)
        #expect(throws: DecodingError.self) { try CompactCoder.decode(Sample.self, from: CompactCoder.encode([1, 2])) }
    }

    private enum Key: CodingKey { case list, name, inner }

    /// Written straight into the bytes: nested containers filled before their parent continues round-trip,
    /// a value that encodes nothing is an empty container; a container written after a later one, and
    /// `superEncoder`, are errors rather than wrong bytes.
    @Test func containersWrittenInPlace() throws {
        struct Manual: Codable, Equatable {
            var list: [Int], name: String, inner: [String: Double]
            init(list: [Int], name: String, inner: [String: Double]) { self.list = list; self.name = name; self.inner = inner }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: Key.self)
                var u = try c.nestedUnkeyedContainer(forKey: .list)
                list = []
                while !u.isAtEnd { list.append(try u.decode(Int.self)) }
                name = try c.decode(String.self, forKey: .name)
                inner = try c.decode([String: Double].self, forKey: .inner)
            }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Key.self)
                var u = c.nestedUnkeyedContainer(forKey: .list)
                for x in list { try u.encode(x) }
                try c.encode(name, forKey: .name)
                try c.encode(inner, forKey: .inner)
            }
        }
        let many = Manual(list: Array(0..<300), name: "n", inner: ["a": 1.5, "b": -2])
        #expect(try CompactCoder.decode(Manual.self, from: CompactCoder.encode(many)) == many)
        let none = Manual(list: [], name: "", inner: [:])
        #expect(try CompactCoder.decode(Manual.self, from: CompactCoder.encode(none)) == none)
        struct Nothing: Codable, Equatable {
            init() {}
            init(from decoder: any Decoder) throws {}
            func encode(to encoder: any Encoder) throws {}
        }
        #expect(try CompactCoder.decode([Nothing].self, from: CompactCoder.encode([Nothing(), Nothing()])).count == 2)

        struct Interleaved: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Key.self)
                var u = c.nestedUnkeyedContainer(forKey: .list)
                try c.encode("later member", forKey: .name)
                try u.encode(1)
            }
        }
        #expect(throws: EncodingError.self) { try CompactCoder.encode(Interleaved()) }
        struct Super: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Key.self)
                var s = c.superEncoder().singleValueContainer()
                try s.encode(1)
            }
        }
        #expect(throws: EncodingError.self) { try CompactCoder.encode(Super()) }
    }
}

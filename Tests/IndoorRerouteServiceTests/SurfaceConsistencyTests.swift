import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorRouting
import IndoorVenue
import Testing
import VenueFixtures

/// The same 200 seeded route requests through the library, the `indoornav route` binary (a real
/// process) and `POST /venues/{id}/routes` (a real loopback server) give the same route (sections'
/// transport modes and polylines, legs, length), the same notices and the same failures.
@Suite(.serialized) struct SurfaceConsistencyTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The tool built beside the test bundle (`swift build --build-tests` builds it).
    static var binary: String {
        let beside = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("indoornav").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return packageRoot + "/.build/debug/indoornav"
    }

    /// One request in the three forms.
    struct Request: CustomStringConvertible {
        var venueIndex: Int
        var from: String
        var to: String
        var via: String?
        var avoid: String?
        var mode: String?
        var optimize: String?
        var transport: String?

        var arguments: [String] {
            var out = ["--from", from, "--to", to]
            if let via { out += ["--via", via] }
            if let avoid { out += ["--avoid", avoid] }
            if let mode { out += ["--mode", mode] }
            if let optimize { out += ["--optimize", optimize] }
            if let transport { out += ["--transport", transport] }
            return out
        }

        var body: String {
            var members: [String: JSONValue] = ["from": .string(from), "to": .string(to)]
            if let via { members["via"] = .array([.string(via)]) }
            if let avoid { members["avoid"] = .string(avoid) }
            if let mode { members["mode"] = .string(mode) }
            if let optimize { members["optimize"] = .string(optimize) }
            if let transport { members["transport"] = .string(transport) }
            return JSONValue.object(members).serialized()
        }

        var description: String { "venue \(venueIndex): " + arguments.joined(separator: " ") }

        /// The request as the library takes it (the same parsing the CLI and the service use).
        func library() throws -> RouteRequest {
            var options = RouteOptions()
            for name in avoid?.split(separator: ",") ?? [] {
                if let kind = ConnectorKind(rawValue: String(name)) { options.avoid.insert(kind) }
            }
            options.directionMode = mode
            if let optimize, let o = Optimization(rawValue: optimize) { options.optimization = o }
            if let transport, let t = TransportMode(rawValue: transport) { options.transportMode = t }
            return try RouteRequest(
                origin: try PlaceSpecifier.parsing(from), destinations: [try PlaceSpecifier.parsing(to)],
                waypoints: try via.map { [try PlaceSpecifier.parsing($0)] } ?? [], options: options)
        }
    }

    /// What is compared: the outcome (`route`, `none` with notices, or `refused`), then per section the
    /// transport mode and polyline, the legs' level/building/context, the length and the notice codes.
    struct Outcome: Equatable, CustomStringConvertible {
        var kind: String
        var notices: [String] = []
        var sections: [String] = []
        var polylines: [[(x: Double, y: Double, level: String)]] = []
        var legs: [String] = []
        var lengthMeters: Double = 0

        static func == (a: Outcome, b: Outcome) -> Bool {
            guard a.kind == b.kind, a.notices == b.notices, a.sections == b.sections, a.legs == b.legs,
                abs(a.lengthMeters - b.lengthMeters) <= 0.01, a.polylines.count == b.polylines.count
            else { return false }
            for (p, q) in zip(a.polylines, b.polylines) {
                guard p.count == q.count else { return false }
                for (u, v) in zip(p, q) where u.level != v.level || abs(u.x - v.x) > 0.01 || abs(u.y - v.y) > 0.01 { return false }
            }
            return true
        }

        var description: String {
            "\(kind) notices \(notices) sections \(sections) legs \(legs) length \(lengthMeters) points \(polylines.map(\.count))"
        }

        /// From a ``RouteJSON`` document.
        init(json: JSONValue) {
            let codes = (json["notices"]?.array ?? []).compactMap { $0["code"]?.string }
            notices = codes.sorted()
            guard json["route"]?.isNull != true, let sections = json["sections"]?.array else {
                kind = "none"
                return
            }
            kind = "route"
            self.sections = sections.map { $0["transportMode"]?.string ?? "?" }
            polylines = sections.map { section in
                (section["polyline"]?.array ?? []).map {
                    (x: $0["x"]?.double ?? .nan, y: $0["y"]?.double ?? .nan, level: $0["level"]?.string ?? "")
                }
            }
            legs = (json["legs"]?.array ?? []).map {
                "\($0["level"]?.string ?? "-")/\($0["building"]?.string ?? "-")/\($0["routeContext"]?.string ?? "-")"
            }
            lengthMeters = json["lengthMeters"]?.double ?? .nan
        }

        init(refused: Void) { kind = "refused" }
    }

    /// Place references of a venue: POIs, spaces, points at space centres, a point far outside and an
    /// id nobody has.
    static func places(_ venue: Venue, random: inout SplitMix64) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4 where !venue.pois.isEmpty: return venue.pois[Int.random(in: 0..<venue.pois.count, using: &random)].id
        case 0..<7:
            let space = venue.spaces[Int.random(in: 0..<venue.spaces.count, using: &random)]
            return space.id
        case 7, 8:
            let space = venue.spaces[Int.random(in: 0..<venue.spaces.count, using: &random)]
            let c = space.polygon.centroid
            return String(format: "%.2f,%.2f", c.x, c.y) + "@" + space.levelID
        default:
            let unknown = "no-such-place-\(Int.random(in: 0..<100, using: &random))"
            return Int.random(in: 0..<2, using: &random) == 0 ? unknown : "5000,5000@\(venue.levels[0].id)"
        }
    }

    static func requests(venues: [Venue], count: Int, seed: UInt64) -> [Request] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { i in
            let v = i % venues.count
            let venue = venues[v]
            var r = Request(venueIndex: v, from: places(venue, random: &random), to: places(venue, random: &random))
            if Int.random(in: 0..<10, using: &random) == 0 { r.via = places(venue, random: &random) }
            let avoidances = ["stairs", "elevator", "stairs,escalator"]
            if Int.random(in: 0..<5, using: &random) == 0 { r.avoid = avoidances[Int.random(in: 0..<3, using: &random)] }
            if Int.random(in: 0..<7, using: &random) == 0 { r.mode = "accessible" }
            if Int.random(in: 0..<5, using: &random) == 0 { r.optimize = "shortest" }
            if Int.random(in: 0..<12, using: &random) == 0 { r.transport = "car" }
            return r
        }
    }

    /// Runs the binary; the outcome of its JSON (exit 0 or 2), or `refused` (exit 1 or 64).
    static func cli(_ venuePath: String, _ request: Request) throws -> (Outcome, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["route", venuePath] + request.arguments + ["--format", "json"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0, 2: return (Outcome(json: try JSONParser().parse(data).value), errors)
        default: return (Outcome(refused: ()), errors)
        }
    }

    @Test func twoHundredRequestsAgreeOnEverySurface() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.binary), "indoornav is not built at \(Self.binary)")
        var paths = [Self.packageRoot + "/Recordings/venues/campus"]
        let polymap = Self.packageRoot + "/../shared/data/polymap-imdf"
        if FileManager.default.fileExists(atPath: polymap + "/IMDFData/manifest.json") {
            paths.append(polymap)
        } else {
            print("SurfaceConsistencyTests: \(polymap) is absent; the polymap venue is left out")
        }
        let generated = try GeneratedVenues.write(
            .sized(levels: 2, parking: 1, corridors: 2, scale: 0.2), prefix: "indoornav-consistency"
        ).directory
        defer { try? FileManager.default.removeItem(atPath: generated) }
        paths.append(generated)
        let venues = try paths.map { try VenueLoader.load(path: $0) }
        let routers = venues.map { IndoorRouter(venue: $0) }
        let fixture = try ServiceFixture(venues: venues)

        let requests = Self.requests(venues: venues, count: 200, seed: 31)
        var disagreements: [String] = []
        var routed = 0, none = 0, refused = 0
        for request in requests {
            let venue = venues[request.venueIndex]
            let library: Outcome
            do {
                let response = try routers[request.venueIndex].route(try request.library())
                library = Outcome(json: RouteJSON.encode(response, venue: venue))
            } catch {
                library = Outcome(refused: ())
            }
            let (cli, cliErrors) = try Self.cli(paths[request.venueIndex], request)
            let r = try fixture.client.request("POST", "/venues/\(venue.id)/routes", body: request.body)
            let http = r.status == 200 ? Outcome(json: try fixture.json(r)) : Outcome(refused: ())
            if library != cli || library != http {
                let answers = "library: \(library)\n  cli: \(cli) \(cliErrors.prefix(200))\n  http \(r.status): \(http)"
                disagreements.append("\(request)\n  \(answers) \(r.text.prefix(200))")
            }
            switch library.kind {
            case "route": routed += 1
            case "none": none += 1
            default: refused += 1
            }
        }
        let summary = "\(disagreements.count) of 200 disagree:\n" + disagreements.prefix(5).joined(separator: "\n")
        #expect(disagreements.isEmpty, "\(summary)")
        // The mix exercises routes, routes not found and refused requests.
        let mix = "routed \(routed), none \(none), refused \(refused); " + requests.prefix(12).map(\.description).joined(separator: " | ")
        #expect(routed >= 80 && none >= 10, "\(mix)")
    }
}

import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorRerouteService
import IndoorVenue
import VenueFixtures

/// A running server on an ephemeral loopback port over the golden venue, with a hand-moved clock.
final class ServiceFixture: Sendable {
    let clock = ManualClock(startSeconds: 1_000)
    let service: RerouteService
    let daemon: HTTPDaemon
    let client: TestHTTPClient

    init(
        configure: (inout ServiceConfiguration) -> Void = { _ in }, venues: [Venue] = [TestVenues.golden()],
        threading: HTTPServerConfiguration.Threading = .pool(threads: 2),
        store: ((VenueCatalog, ServiceConfiguration) -> any SessionStore)? = nil, idSeed: UInt64 = 42,
        http configureHTTP: (inout HTTPServerConfiguration) -> Void = { _ in }
    ) throws {
        var configuration = ServiceConfiguration.standard
        configure(&configuration)
        let catalog = try VenueCatalog(venues: venues)
        let service = try RerouteService(
            venues: catalog, configuration: configuration, store: store?(catalog, configuration),
            clock: clock.clock, sessionIDs: SessionIDs.seeded(idSeed))
        var http = HTTPServerConfiguration.standard
        http.port = 0
        http.threading = threading
        http.maximumBodyBytes = configuration.maximumBodyBytes
        configureHTTP(&http)
        self.service = service
        self.daemon = try HTTPDaemon(configuration: http, rejected: { service.record(rejected: $0) }) { service.handle($0) }
        self.client = TestHTTPClient(port: daemon.port, checksContract: true)
    }

    deinit { daemon.stop(graceSeconds: 1) }

    func json(_ response: TestHTTPClient.Response) throws -> JSONValue {
        try JSONParser().parse(response.body).value
    }

    /// `{"x":…,"y":…,"level":…,"accuracyMeters":…,"timeSeconds":…}`.
    static func fix(_ x: Double, _ y: Double, _ level: String, t: Double, accuracy: Double = 2) -> String {
        "{\"x\":\(x),\"y\":\(y),\"level\":\"\(level)\",\"accuracyMeters\":\(accuracy),\"timeSeconds\":\(t)}"
    }

    /// Fixes every `stepSeconds` walking at `speed` m/s from `a` to `b` (exclusive of `a`).
    static func walk(
        from a: LocalPoint, to b: LocalPoint, level: String, t0: Double, speed: Double = 1.3, stepSeconds: Double = 1
    ) -> [String] {
        let d = a.distance(to: b)
        let steps = max(1, Int((d / (speed * stepSeconds)).rounded(.up)))
        return (1...steps).map { i in
            let f = Double(i) / Double(steps)
            return fix(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, level, t: t0 + Double(i) * stepSeconds)
        }
    }

    /// Creates a session towards `destination` from (x, y) on `level` and returns its id.
    func createSession(destination: String = "office", x: Double = 0, y: Double = 0, level: String = "L0") throws -> String {
        let r = try client.request(
            "POST", "/sessions",
            body: "{\"venue\":\"golden\",\"destination\":\"\(destination)\",\"location\":\(Self.fix(x, y, level, t: 0))}")
        guard r.status == 201, let id = try json(r)["id"]?.string else {
            throw TestHTTPClient.ClientError(description: "create failed: \(r.status) \(r.text)")
        }
        return id
    }
}

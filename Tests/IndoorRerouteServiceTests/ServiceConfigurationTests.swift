import IndoorConfiguration
import Testing

@testable import IndoorRerouteService

/// The session layer's numeric tunables come from one table: validation, `serve`'s flag ranges and the
/// README's table (checked by CLITests) all read it.
@Suite struct ServiceConfigurationTests {
    @Test func theStandardIsValidAndTheTableNamesTheBadField() throws {
        _ = try ServiceConfiguration.standard.validated()
        var c = ServiceConfiguration.standard
        c.maximumSessions = 0
        #expect(throws: ServiceError.invalidConfiguration(field: "maximumSessions", reason: "0 is outside 1 ... 1000000")) {
            try c.validated()
        }
        c = .standard
        c.journalFlushIntervalSeconds = .nan
        #expect(throws: ServiceError.self) { try c.validated() }
        c = .standard
        c.fairShareFraction = 1.5
        #expect(throws: ServiceError.invalidConfiguration(field: "fairShareFraction", reason: "1.5 is outside 0 ... 1")) {
            try c.validated()
        }
    }

    @Test func flagRangesComeFromTheTable() {
        #expect(ServiceConfiguration.tunable(at: \.maximumSessions)?.range == TunableRange(1...1_000_000))
        #expect(ServiceConfiguration.tunable(at: \.sessionCreationsPerMinute)?.range == TunableRange(0...10_000_000))
        #expect(ServiceConfiguration.tunable(at: \.fairShareFraction)?.range == TunableRange(0...1))
        #expect(ServiceConfiguration.tunable(at: \.journalFlushIntervalSeconds)?.range == TunableRange(0.01...1))
        #expect(ServiceConfiguration.tunable(at: \.maximumSessions)?.kind == .wholeNumber)
        #expect(ServiceConfiguration.tunable(at: \.fairShareFraction)?.kind == .real)
    }

    @Test func theHTTPLayerTooReadsItsTable() throws {
        _ = try HTTPServerConfiguration.standard.validated()
        var c = HTTPServerConfiguration.standard
        c.port = 70_000
        #expect(throws: ServiceError.invalidConfiguration(field: "port", reason: "70000 is outside 0 ... 65535")) { try c.validated() }
        c = .standard
        c.threading = .pool(threads: 0)
        #expect(throws: ServiceError.invalidConfiguration(field: "threads", reason: "0 is outside 1 ... 64")) { try c.validated() }
        c = .standard
        c.bindAddress = "localhost"
        #expect(throws: ServiceError.self) { try c.validated() }
        #expect(HTTPServerConfiguration.tunable(at: \.connectionLimit)?.range == TunableRange(1...65_536))
        #expect(HTTPServerConfiguration.tunable(at: \.requestReadTimeoutSeconds)?.range == TunableRange(0.1...3_600))
    }

    @Test func theRedisPoolReadsItsTable() throws {
        var c = try RedisConfiguration(url: "redis://127.0.0.1:6379/2")
        _ = try c.validated()
        c.maximumIdleConnections = 0
        #expect(throws: ServiceError.invalidConfiguration(field: "redis.maximumIdleConnections", reason: "0 is outside 1 ... 256")) {
            try c.validated()
        }
        c = try RedisConfiguration(url: "redis://127.0.0.1")
        c.timeoutSeconds = .infinity
        #expect(throws: ServiceError.self) { try c.validated() }
        #expect(try RedisConfiguration(url: "redis-sentinel://127.0.0.1/m").createReplicas == 1)
    }
}

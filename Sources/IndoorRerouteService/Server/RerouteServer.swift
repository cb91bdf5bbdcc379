import Foundation
import IndoorVenue

/// The reroute service running: its venues loaded, its session store chosen (memory, memory with a
/// journal and state file, or Redis), sessions restored from the state file and its journal, and the
/// HTTP daemon listening. What `indoornav serve` starts; ``stop(graceSeconds:)`` finishes the requests in
/// flight and writes the sessions once more.
public final class RerouteServer {
    /// What to start.
    public struct Setup: Sendable {
        /// A venue folder or archive, a directory of them, or a venue store directory.
        public var venuesDirectory: String
        /// How each venue is loaded (a graph choice; by default the store's: authored graph, else derived).
        public var loadVenue: @Sendable (String) throws(VenueError) -> Venue = VenueStore.defaultLoader
        /// The service's limits and behaviour.
        public var service = ServiceConfiguration.standard
        /// The HTTP layer's address, limits and threading.
        public var http = HTTPServerConfiguration.standard
        /// The state file (and its journal beside it), for an in-memory store that survives restarts.
        public var stateFile: String?
        /// Redis for the sessions instead of memory (excludes ``stateFile``).
        public var redis: RedisConfiguration?
        /// What to check of Redis's own durability at start.
        public var durability = RedisDurability.check

        /// A set-up serving `venuesDirectory` with the default limits, memory sessions and HTTP configuration.
        public init(venuesDirectory: String) { self.venuesDirectory = venuesDirectory }
    }

    /// Why the service could not start: Redis refused or failed the durability check (``RedisPersistence``).
    public struct RedisStartError: Error, CustomStringConvertible {
        /// What Redis answered.
        public let underlying: any Error
        /// The underlying error's description.
        public var description: String { "\(underlying)" }
    }

    /// The port the daemon listens on (the one asked for, or the free one picked for port 0).
    public var port: Int { daemon.port }
    /// The ids of the venues served.
    public let venueIDs: [String]
    /// Seconds loading the venues took.
    public let loadSeconds: Double
    /// Requests being answered now.
    public var requestsInFlight: Int { daemon.requestsInFlight }
    /// The state file, when sessions are kept in one.
    public let stateFile: String?

    private let daemon: HTTPDaemon
    private let saver: SessionStateSaver?

    /// Starts the service. A bad state file or journal stops the start before the venues are loaded
    /// (nothing is overwritten); restored sessions go into a new state file at once and the replayed
    /// journal is deleted. `log` hears warnings (journal lines skipped, Redis durability, sessions
    /// restored, failed periodic writes).
    public init(_ setup: Setup, log: @escaping @Sendable (String) -> Void) throws {
        let service = setup.service
        stateFile = setup.stateFile
        let stored = try setup.stateFile.flatMap { path throws(SessionStateError) -> SessionJournalReplay? in
            let snapshot = try SessionStateFile.load(path: path)
            let replay = try SessionJournalReplay.replay(statePath: path, snapshot: snapshot)
            return snapshot == nil && SessionJournal.segments(of: path).isEmpty ? nil : replay
        }
        for line in stored?.warnings ?? [] { log(line) }
        let started = Date()
        let catalog = try VenueCatalog.load(directory: setup.venuesDirectory, loader: setup.loadVenue)
        loadSeconds = Date().timeIntervalSince(started)
        venueIDs = catalog.ids
        let journal = try setup.stateFile.map { path throws(SessionStateError) in
            try SessionJournal(
                statePath: path, flushIntervalSeconds: service.journalFlushIntervalSeconds,
                commitTimeoutSeconds: service.journalCommitTimeoutSeconds)
        }
        let store = try Self.store(setup, catalog: catalog, journal: journal, log: log)
        let app = try RerouteService(venues: catalog, configuration: service, store: store)
        if let path = setup.stateFile {
            let writer = SessionStateSaver(
                service: app, path: path, intervalSeconds: service.stateSaveIntervalSeconds, journal: journal, log: log)
            if let stored {
                let report = app.restore(stored.sessions)
                log(
                    "restored \(report.restored) session(s) from \(path) and \(stored.records) journal record(s) "
                        + "(\(report.expired) expired, \(report.failures.count) not restorable)")
                for failure in report.failures.prefix(20) { log("  \(failure)") }
                try writer.writeNow()
            }
            saver = writer
        } else {
            saver = nil
        }
        daemon = try HTTPDaemon(configuration: setup.http, rejected: { app.record(rejected: $0) }) { request in app.handle(request) }
    }

    /// The session store the set-up asks for: memory with a journal beside the state file, Redis (its
    /// durability checked first), or nil for the service's own in-memory store.
    private static func store(
        _ setup: Setup, catalog: VenueCatalog, journal: SessionJournal?, log: (String) -> Void
    ) throws -> (any SessionStore)? {
        let service = setup.service
        if let journal {
            return JournaledSessionStore(
                memory: InMemorySessionStore(
                    capacity: service.maximumSessions, perOwnerCapacity: service.maximumSessionsPerClient,
                    fairShareFraction: service.fairShareFraction, ttlSeconds: service.sessionTTLSeconds,
                    retryAfterSeconds: service.retryAfterSeconds),
                journal: journal)
        }
        guard let redis = setup.redis else { return nil }
        let pool = RedisConnectionPool(configuration: try redis.validated())
        do {
            if let warning = try RedisPersistence.ensure(setup.durability, pool: pool) { log(warning) }
        } catch { throw RedisStartError(underlying: error) }
        return RedisSessionStore(
            pool: pool, venues: catalog, capacity: service.maximumSessions, perOwnerCapacity: service.maximumSessionsPerClient,
            fairShareFraction: service.fairShareFraction, ttlSeconds: service.sessionTTLSeconds,
            retryAfterSeconds: service.retryAfterSeconds)
    }

    /// Stops accepting connections, finishes the requests in flight (up to `graceSeconds`), and writes
    /// the sessions to the state file once more; returns how many were written (nil without a state file).
    public func stop(graceSeconds: Double = 10) throws -> Int? {
        daemon.stop(graceSeconds: graceSeconds)
        return try saver?.finish()
    }
}

import Dispatch
import Foundation
import IndoorCommandLine
import IndoorJSON
import IndoorRerouteService
import IndoorVenue

/// `indoornav serve --venues DIR [--graph derived|authored|FILE|DIR] [--bind 127.0.0.1] [--port 8080]
/// [--max-sessions N] [--session-ttl S] [--threads N | --thread-per-connection] [--max-body BYTES]
/// [--cors-origin ORIGIN]… [--state-file PATH [--state-interval S] [--journal-interval S] | --sessions redis://…|unix://…|redis-sentinel://…] [--api-keys FILE]
/// [--client-sessions N] [--fair-share F] [--client-creates N] [--max-creates N] [--client-closures N] [--venue-closures N] [--client-connections N] [--read-timeout S]
/// [--header-timeout S] [--max-connections N] [--trusted-proxy CIDR]… [--redis-durability check|require|set]`: the reroute
/// service (and its live map at `/`) until SIGTERM/SIGINT.
enum ServeCommand {
    static let spec = CommandSpec(
        path: ["serve"], summary: "run the HTTP reroute service (docs/openapi.yaml) and its live map at / until SIGTERM",
        inputs: Inputs.self, notes: ["SIGTERM/SIGINT finish the requests in flight and exit 0."],
        examples: ["serve --venues Recordings/venues --port 8080 --cors-origin http://localhost:3000"])

    /// The defaults the options show and use: the library's.
    private static let http = HTTPServerConfiguration.standard
    private static let service = ServiceConfiguration.standard

    struct Inputs: RunnableInputs {
        @Option(
            .value(
                "--venues", "DIR", "a venue folder or .zip, a directory of them, or a venue store directory",
                example: "--venues Recordings/venues", required: true))
        var directory: String
        @Option(
            SharedOptions.graph.with(
                help: "which navigation graph every venue gets; FILE or DIR (a node/edge graph.geojson) suits a single venue"))
        var graph: String?
        @Option(.value("--bind", "ADDRESS", "address to listen on", default: http.bindAddress, example: "--bind 0.0.0.0"))
        var bindAddress: String
        @Option(
            .tunable(
                \HTTPServerConfiguration.port, "--port", "PORT", "port to listen on (0 picks a free one and prints it)", example: "--port 0"
            ))
        var port: Int
        @Option(
            .tunable(
                \ServiceConfiguration.maximumSessions, "--max-sessions", "N", "live navigation sessions at most",
                example: "--max-sessions 500"))
        var maximumSessions: Int
        @Option(
            .tunable(
                \ServiceConfiguration.sessionTTLSeconds, "--session-ttl", "S", "seconds an idle session is kept",
                example: "--session-ttl 1800"))
        var sessionTTLSeconds: Double
        @Option(
            .integer(
                "--threads", "N", "worker threads", in: HTTPServerConfiguration.threadRange,
                defaultText: "2; with --sessions 4 per core (requests wait on the store)", example: "--threads 4"))
        var threads: Int?
        @Option(.flag("--thread-per-connection", "one thread per connection instead of a pool (excludes --threads)"))
        var perConnection: Bool
        @Option(
            .tunable(\ServiceConfiguration.maximumBodyBytes, "--max-body", "BYTES", "largest request body", example: "--max-body 131072"))
        var maximumBodyBytes: Int
        @Option(
            .repeated(
                "--cors-origin", "ORIGIN",
                "a web origin allowed to call the service from a browser: http[s]://host[:port] or * (repeatable)",
                example: "--cors-origin http://localhost:3000"))
        var corsOrigins: [String]
        @Option(
            .value(
                "--state-file", "PATH",
                "load sessions from PATH (and its journal PATH.journal.N) at start; journal every change, and write them to PATH atomically every --state-interval and on SIGTERM/SIGINT",
                example: "--state-file sessions.state"))
        var stateFile: String?
        @Option(
            .tunable(
                \ServiceConfiguration.stateSaveIntervalSeconds, "--state-interval", "S",
                "seconds between state-file writes (needs --state-file)", example: "--state-interval 10"))
        var stateInterval: Double?
        @Option(
            .tunable(
                \ServiceConfiguration.journalFlushIntervalSeconds, "--journal-interval", "S",
                "seconds between writes (each fsync'd) of the journal beside --state-file: the most accepted fixes a crash loses (a created session is answered once on disk)",
                example: "--journal-interval 0.2"))
        var journalInterval: Double?
        @Option(
            .value(
                "--api-keys", "FILE",
                "one 'NAME KEY' (or 'NAME KEY admin': may delete any closure) per line; requests then need 'Authorization: Bearer KEY' (not /health, the viewer page, /venues, POIs) and a session answers only its creator's key",
                example: "--api-keys clients.keys"))
        var keyFile: String?
        @Option(
            .tunable(
                \ServiceConfiguration.maximumSessionsPerClient, "--client-sessions", "N",
                "live sessions one client (its API key, else its address) may hold", example: "--client-sessions 10"))
        var maximumSessionsPerClient: Int
        @Option(
            .tunable(
                \ServiceConfiguration.fairShareFraction, "--fair-share", "F",
                "once this fraction of --max-sessions is live, a client may create only while it holds fewer than that many divided among the clients holding sessions (0 = off; across instances with --sessions)",
                example: "--fair-share 0"))
        var fairShare: Double?
        @Option(
            .tunable(
                \ServiceConfiguration.sessionCreationsPerClientPerMinute, "--client-creates", "N",
                "sessions one client may create a minute", example: "--client-creates 60"))
        var creationsPerClientPerMinute: Int
        @Option(
            .tunable(
                \ServiceConfiguration.sessionCreationsPerMinute, "--max-creates", "N",
                "sessions all clients together may create a minute on this instance (503 serviceCreationRateLimited beyond; 0 = no budget)",
                example: "--max-creates 6000"))
        var creationsPerMinute: Int
        @Option(
            .tunable(
                \ServiceConfiguration.maximumClosuresPerClient, "--client-closures", "N",
                "closures not yet ended one client may hold (only it or an admin key deletes them)", example: "--client-closures 10"))
        var maximumClosuresPerClient: Int
        @Option(
            .tunable(
                \ServiceConfiguration.maximumClosuresPerVenue, "--venue-closures", "N",
                "closures not yet ended one venue may hold, from every client", example: "--venue-closures 200"))
        var maximumClosuresPerVenue: Int
        @Option(
            .tunable(
                \HTTPServerConfiguration.perClientConnectionLimit, "--client-connections", "N",
                "open connections from one address (trusted proxies exempt); one more is answered 429", example: "--client-connections 16"))
        var perClientConnectionLimit: Int
        @Option(
            .tunable(
                \HTTPServerConfiguration.requestReadTimeoutSeconds, "--read-timeout", "S",
                "seconds a client has to deliver a whole request", example: "--read-timeout 5"))
        var requestReadTimeoutSeconds: Double
        @Option(
            .tunable(
                \HTTPServerConfiguration.requestHeaderTimeoutSeconds, "--header-timeout", "S",
                "seconds a client has to deliver the request line and headers (idle keep-alive too; at most --read-timeout)",
                example: "--header-timeout 2"))
        var requestHeaderTimeoutSeconds: Double
        @Option(
            .tunable(
                \HTTPServerConfiguration.connectionLimit, "--max-connections", "N",
                "open connections; one more is answered 503 with Retry-After at once", example: "--max-connections 10000"))
        var connectionLimit: Int
        @Option(
            .repeated(
                "--trusted-proxy", "CIDR",
                "a load balancer (A.B.C.D[/N]) whose X-Forwarded-For/Forwarded names the client, exempt from --client-connections (repeatable)",
                example: "--trusted-proxy 10.0.0.0/8"))
        var trustedProxies: [String]
        @Option(
            .value(
                "--sessions", "URL",
                "keep sessions in Redis at redis://HOST[:PORT][/DB], on the same machine and cheaper per request unix:///PATH/redis.sock[?db=N], or behind Redis Sentinel redis-sentinel://HOST[:PORT][,HOST[:PORT]…]/MASTERNAME[/DB] (follows failovers; a create is answered once a replica has it); shared by every instance with the same server (excludes --state-file)",
                example: "--sessions redis://127.0.0.1:6379/0"))
        var redisURL: String?
        @Option(
            .choice(
                "--redis-durability", RedisDurability.self,
                "at start, whether Redis keeps what it acknowledged across its own crash (appendonly yes, appendfsync everysec or always): check warns, require refuses to start, set turns it on (needs --sessions)",
                default: .check, example: "--redis-durability require"))
        var durabilityChoice: RedisDurability?

        func run() throws -> Int32 {
            var http = HTTPServerConfiguration.standard
            var service = ServiceConfiguration.standard
            (http.bindAddress, http.port, http.maximumBodyBytes) = (bindAddress, port, maximumBodyBytes)
            (service.maximumSessions, service.sessionTTLSeconds, service.maximumBodyBytes) = (
                maximumSessions, sessionTTLSeconds, maximumBodyBytes
            )
            service.corsAllowedOrigins = corsOrigins
            if let stateInterval {
                guard stateFile != nil else { throw UsageError("--state-interval needs --state-file") }
                service.stateSaveIntervalSeconds = stateInterval
            }
            if let journalInterval {
                guard stateFile != nil else { throw UsageError("--journal-interval needs --state-file") }
                service.journalFlushIntervalSeconds = journalInterval
            }
            if let stateFile, stateFile.isEmpty { throw UsageError("--state-file needs a path") }
            if redisURL != nil && stateFile != nil { throw UsageError("--sessions and --state-file exclude each other") }
            let redis: RedisConfiguration?
            do { redis = try redisURL.map { url throws(RedisError) in try RedisConfiguration(url: url) } } catch {
                throw UsageError("--sessions: \(error)")
            }
            if durabilityChoice != nil && redisURL == nil { throw UsageError("--redis-durability needs --sessions") }
            let durability = durabilityChoice ?? .check
            service.maximumSessionsPerClient = maximumSessionsPerClient
            if let fairShare { service.fairShareFraction = fairShare }
            service.sessionCreationsPerClientPerMinute = creationsPerClientPerMinute
            service.sessionCreationsPerMinute = creationsPerMinute
            (service.maximumClosuresPerClient, service.maximumClosuresPerVenue) = (maximumClosuresPerClient, maximumClosuresPerVenue)
            (http.perClientConnectionLimit, http.connectionLimit) = (perClientConnectionLimit, connectionLimit)
            (http.requestReadTimeoutSeconds, http.requestHeaderTimeoutSeconds) = (requestReadTimeoutSeconds, requestHeaderTimeoutSeconds)
            http.trustedProxies = trustedProxies
            do { _ = try TrustedProxies(http.trustedProxies) } catch { throw UsageError("--trusted-proxy: \(error)") }
            if perConnection && threads != nil { throw UsageError("--threads and --thread-per-connection exclude each other") }
            http.threading =
                perConnection
                ? .threadPerConnection
                : threads.map { .pool(threads: $0) }
                    ?? .defaultPool(remoteSessions: redisURL != nil, processors: ProcessInfo.processInfo.activeProcessorCount)
            if let keyFile {
                do { service.apiKeys = try APIKeys.read(path: keyFile) } catch {
                    throw ToolFailure("--api-keys: \(IOErrorText.sentence(error, path: keyFile))")
                }
            }
            do { _ = try service.validated() } catch { throw UsageError("\(error)") }

            var setup = RerouteServer.Setup(venuesDirectory: directory)
            (setup.service, setup.http, setup.stateFile, setup.redis, setup.durability) = (service, http, stateFile, redis, durability)
            if let graph {
                let options = VenueGraphChoice.options(graph)
                setup.loadVenue = { path throws(VenueError) in try VenueLoader.load(path: path, options: options) }
            }
            // Signals are caught before the port opens, so a SIGTERM right after "listening" is never lost.
            let stop = DispatchSemaphore(value: 0)
            var sources: [DispatchSourceSignal] = []
            for sig in [SIGTERM, SIGINT] {
                signal(sig, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
                source.setEventHandler { stop.signal() }
                source.resume()
                sources.append(source)
            }
            let server: RerouteServer
            do { server = try RerouteServer(setup) { warn("indoornav serve: \($0)") } } catch let error as RerouteServer.RedisStartError {
                throw ToolFailure("--sessions: \(error)")
            }
            warn(
                "loaded \(server.venueIDs.count) venue(s) (\(server.venueIDs.joined(separator: ", "))) in \(String(format: "%.1f", server.loadSeconds)) s"
            )
            FileHandle.standardOutput.write(Data("listening on http://\(http.bindAddress):\(server.port)\n".utf8))

            stop.wait()
            warn("stopping: finishing \(server.requestsInFlight) request(s) in flight")
            let written = try server.stop(graceSeconds: 10)
            sources.forEach { $0.cancel() }
            if let written { warn("wrote \(written) session(s) to \(stateFile ?? "")") }
            warn("stopped")
            return 0
        }
    }
}

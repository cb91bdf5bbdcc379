import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Every open connection of an ``HTTPDaemon`` with what it is doing, and a watchdog thread that closes
/// connections too slow to deliver a request (slowloris) and, while the daemon drains, idle ones.
///
/// A connection must deliver its request line and headers within
/// ``HTTPServerConfiguration/requestHeaderTimeoutSeconds`` and the whole request — headers and body —
/// within ``HTTPServerConfiguration/requestReadTimeoutSeconds`` of opening or of its previous answer;
/// the idle timeout of libmicrohttpd restarts with every byte, so a client trickling a header line
/// every few seconds would otherwise hold its connection for ever.
///
/// Admission: a connection beyond ``HTTPServerConfiguration/connectionLimit`` open ones is answered
/// 503 (`tooManyConnections`), one beyond ``HTTPServerConfiguration/perClientConnectionLimit`` from its
/// address (trusted proxies exempt) 429 (`clientConnectionLimit`), both with `Retry-After`, at once:
/// the answer is written when the connection opens, its sending side is shut, any request on it is
/// dropped unanswered, and it is shut down entirely after ``refusedLingerSeconds``. libmicrohttpd's own
/// table is larger by ``HTTPDaemon/tableHeadroom``, so the refusal is written rather than the
/// connection left waiting in the backlog. Slow connections are closed with
/// `shutdown(2)` on their socket; libmicrohttpd then sees the end of the stream and closes them itself.
/// A socket is only shut down under the lock that the close notification takes, so it is never one
/// already handed back to the system.
///
/// - Complexity: O(1) per event under one lock; each watchdog pass O(open connections).
final class ConnectionWatch: Sendable {
    /// What a connection is doing.
    enum Phase: Sendable {
        /// Opened or answered; no request line yet.
        case waiting
        /// A request line arrived; headers are being read.
        case reading
        /// The headers arrived; the body is being read.
        case body
        /// Refused at opening (its answer written); shut down after ``ConnectionWatch/refusedLingerSeconds``.
        case refused
        /// The request is being handled or its answer sent (no deadline).
        case answering
    }

    struct Entry: Sendable {
        var socket: Int32
        var phase: Phase
        /// When the current deadline started (opening or the previous answer), monotonic seconds.
        var sinceSeconds: Double
        var shutDown = false
        /// The peer's IPv4 address when it counts against the per-address limit (not refused, not a
        /// trusted proxy).
        var countedAddress: UInt32?
    }

    struct Table: Sendable {
        var entries: [UInt: Entry] = [:]
        /// Connections admitted (not refused) and open.
        var admitted = 0
        var perAddress: [UInt32: Int] = [:]
    }

    /// Requests must be complete this long after the connection opened or was last answered.
    let readTimeoutSeconds: Double
    /// Request line and headers must arrive this long after the connection opened or was last answered.
    let headerTimeoutSeconds: Double
    /// Open connections admitted at once.
    let connectionLimit: Int
    /// Open connections admitted from one address (trusted proxies exempt).
    let perClientLimit: Int
    let trustedProxies: TrustedProxies
    /// The `Retry-After` of refusals.
    let retryAfterSeconds: Int
    /// A refused connection is shut down entirely this long after its answer was written.
    static let refusedLingerSeconds = 1.0
    /// While draining, a connection waiting this long after its last answer is closed.
    static let drainIdleSeconds = 0.25

    private let entries = Mutex(Table())
    private let running = Atomic<Bool>(true)
    private let drainingFlag = Atomic<Bool>(false)
    private let closedSlow = Atomic<Int>(0)
    private let finished = DispatchSemaphore(value: 0)
    private let wake = DispatchSemaphore(value: 0)

    init(
        readTimeoutSeconds: Double, headerTimeoutSeconds: Double = .infinity, connectionLimit: Int = .max, perClientLimit: Int = .max,
        trustedProxies: TrustedProxies = TrustedProxies(), retryAfterSeconds: Int = 1
    ) {
        self.readTimeoutSeconds = readTimeoutSeconds
        self.headerTimeoutSeconds = min(headerTimeoutSeconds, readTimeoutSeconds)
        self.connectionLimit = connectionLimit
        self.perClientLimit = perClientLimit
        self.trustedProxies = trustedProxies
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// Monotonic seconds.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Starts the watchdog thread; it checks every quarter of the read timeout (at most every second,
    /// at least every 50 ms) until ``stopWatching()``.
    func startWatching() {
        let interval = min(1, max(0.05, headerTimeoutSeconds / 4))
        let thread = Thread { [self] in
            while running.load(ordering: .relaxed) {
                let seconds = interval * (drainingFlag.load(ordering: .relaxed) ? 0.2 : 1)
                _ = wake.wait(timeout: .now() + .nanoseconds(Int(seconds * 1e9)))
                if running.load(ordering: .relaxed) { sweep(nowSeconds: Self.now()) }
            }
            finished.signal()
        }
        thread.name = "indoornav-connection-watch"
        thread.start()
    }

    /// Stops the watchdog thread and waits for it.
    func stopWatching() {
        guard running.exchange(false, ordering: .relaxed) else { return }
        wake.signal()
        finished.wait()
    }

    // MARK: - Events (from libmicrohttpd's threads)

    /// A connection opened from `address` (a dotted quad, empty when unknown); returns the refusal to
    /// write on it, or nil when it is admitted.
    func opened(_ key: UInt, socket: Int32, address: String) -> ServiceError? {
        let now = Self.now()
        let number = TrustedProxies.ipv4(address)
        let counted = trustedProxies.contains(address) ? nil : number
        return entries.withLock { t -> ServiceError? in
            var entry = Entry(socket: socket, phase: .waiting, sinceSeconds: now)
            var refusal: ServiceError?
            if t.admitted >= connectionLimit {
                refusal = .tooManyConnections(limit: connectionLimit, retryAfterSeconds: retryAfterSeconds)
            } else if let counted, t.perAddress[counted, default: 0] >= perClientLimit {
                refusal = .clientConnectionLimit(limit: perClientLimit, retryAfterSeconds: retryAfterSeconds)
            }
            if refusal != nil {
                entry.phase = .refused
            } else {
                t.admitted += 1
                if let counted {
                    t.perAddress[counted, default: 0] += 1
                    entry.countedAddress = counted
                }
            }
            t.entries[key] = entry
            return refusal
        }
    }

    func closed(_ key: UInt) {
        entries.withLock { t in
            guard let entry = t.entries.removeValue(forKey: key), entry.phase != .refused else { return }
            t.admitted -= 1
            if let address = entry.countedAddress {
                let left = (t.perAddress[address] ?? 1) - 1
                t.perAddress[address] = left > 0 ? left : nil
            }
        }
    }

    func requestLineArrived(_ key: UInt) {
        entries.withLock { t in
            if t.entries[key]?.phase == .waiting { t.entries[key]?.phase = .reading }
        }
    }

    /// The headers of a request arrived; false when the connection was refused (drop the request).
    func headersArrived(_ key: UInt) -> Bool {
        entries.withLock { t in
            guard let entry = t.entries[key], entry.phase != .refused else { return false }
            t.entries[key]?.phase = .body
            return true
        }
    }

    func answering(_ key: UInt) {
        entries.withLock { t in
            if t.entries[key]?.phase != .refused { t.entries[key]?.phase = .answering }
        }
    }

    func answered(_ key: UInt) {
        let now = Self.now()
        entries.withLock { t in
            guard t.entries[key]?.phase != .refused else { return }
            t.entries[key]?.phase = .waiting
            t.entries[key]?.sinceSeconds = now
        }
    }

    // MARK: - State

    /// Connections open now.
    var openConnections: Int { entries.withLock { $0.entries.count } }

    /// Connections closed so far for not delivering a request in time.
    var slowConnectionsClosed: Int { closedSlow.load(ordering: .relaxed) }

    /// Whether the daemon is draining (every answer then closes its connection).
    var isDraining: Bool { drainingFlag.load(ordering: .relaxed) }

    /// From now on every answer carries `Connection: close`, and connections idle since their last
    /// answer are closed.
    func startDraining() { drainingFlag.store(true, ordering: .relaxed) }

    /// One watchdog pass: shuts down connections past their header or read deadline, refused ones
    /// after ``refusedLingerSeconds``, and while draining those waiting for longer than
    /// ``drainIdleSeconds``.
    func sweep(nowSeconds: Double) {
        let draining = isDraining
        var slow = 0
        entries.withLock { t in
            for (key, entry) in t.entries where !entry.shutDown && entry.phase != .answering {
                let waited = nowSeconds - entry.sinceSeconds
                let tooSlow: Bool
                switch entry.phase {
                case .waiting, .reading: tooSlow = waited > headerTimeoutSeconds
                case .body: tooSlow = waited > readTimeoutSeconds
                case .refused, .answering: tooSlow = false
                }
                let lingered = entry.phase == .refused && waited > Self.refusedLingerSeconds
                let idleWhileDraining = draining && entry.phase == .waiting && waited >= Self.drainIdleSeconds
                guard tooSlow || lingered || idleWhileDraining else { continue }
                shutdown(entry.socket, Int32(SHUT_RDWR))
                t.entries[key]?.shutDown = true
                if tooSlow { slow += 1 }
            }
        }
        if slow > 0 { closedSlow.add(slow, ordering: .relaxed) }
    }
}

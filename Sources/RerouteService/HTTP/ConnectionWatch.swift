import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Every open connection of an ``HTTPDaemon`` with what it is doing, and a watchdog thread that closes
/// connections too slow to deliver a request (slowloris) and, while the daemon drains, idle ones.
///
/// A connection must deliver each complete request — request line, headers and body — within
/// ``HTTPServerConfiguration/requestReadTimeoutSeconds`` of opening or of its previous answer; the
/// idle timeout of libmicrohttpd restarts with every byte, so a client trickling a header line every
/// few seconds would otherwise hold its connection for ever. Slow connections are closed with
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
        /// A request line arrived; headers or body are being read.
        case reading
        /// The request is being handled or its answer sent (no deadline).
        case answering
    }

    struct Entry: Sendable {
        var socket: Int32
        var phase: Phase
        /// When the current deadline started (opening or the previous answer), monotonic seconds.
        var sinceSeconds: Double
        var shutDown = false
    }

    /// Requests must be complete this long after the connection opened or was last answered.
    let readTimeoutSeconds: Double
    /// While draining, a connection waiting this long after its last answer is closed.
    static let drainIdleSeconds = 0.25

    private let entries = Mutex<[UInt: Entry]>([:])
    private let running = Atomic<Bool>(true)
    private let drainingFlag = Atomic<Bool>(false)
    private let closedSlow = Atomic<Int>(0)
    private let finished = DispatchSemaphore(value: 0)
    private let wake = DispatchSemaphore(value: 0)

    init(readTimeoutSeconds: Double) {
        self.readTimeoutSeconds = readTimeoutSeconds
    }

    /// Monotonic seconds.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Starts the watchdog thread; it checks every quarter of the read timeout (at most every second,
    /// at least every 50 ms) until ``stopWatching()``.
    func startWatching() {
        let interval = min(1, max(0.05, readTimeoutSeconds / 4))
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

    func opened(_ key: UInt, socket: Int32) {
        let now = Self.now()
        entries.withLock { $0[key] = Entry(socket: socket, phase: .waiting, sinceSeconds: now) }
    }

    func closed(_ key: UInt) { _ = entries.withLock { $0.removeValue(forKey: key) } }

    func requestLineArrived(_ key: UInt) { entries.withLock { $0[key]?.phase = .reading } }

    func answering(_ key: UInt) { entries.withLock { $0[key]?.phase = .answering } }

    func answered(_ key: UInt) {
        let now = Self.now()
        entries.withLock { table in
            table[key]?.phase = .waiting
            table[key]?.sinceSeconds = now
        }
    }

    // MARK: - State

    /// Connections open now.
    var openConnections: Int { entries.withLock { $0.count } }

    /// Connections closed so far for not delivering a request in time.
    var slowConnectionsClosed: Int { closedSlow.load(ordering: .relaxed) }

    /// Whether the daemon is draining (every answer then closes its connection).
    var isDraining: Bool { drainingFlag.load(ordering: .relaxed) }

    /// From now on every answer carries `Connection: close`, and connections idle since their last
    /// answer are closed.
    func startDraining() { drainingFlag.store(true, ordering: .relaxed) }

    /// One watchdog pass: shuts down connections past their read deadline, and while draining those
    /// waiting for longer than ``drainIdleSeconds``.
    func sweep(nowSeconds: Double) {
        let draining = isDraining
        var slow = 0
        entries.withLock { table in
            for (key, entry) in table where !entry.shutDown && entry.phase != .answering {
                let waited = nowSeconds - entry.sinceSeconds
                let tooSlow = waited > readTimeoutSeconds
                let idleWhileDraining = draining && entry.phase == .waiting && waited >= Self.drainIdleSeconds
                guard tooSlow || idleWhileDraining else { continue }
                shutdown(entry.socket, Int32(SHUT_RDWR))
                table[key]?.shutDown = true
                if tooSlow { slow += 1 }
            }
        }
        if slow > 0 { closedSlow.add(slow, ordering: .relaxed) }
    }
}

import Foundation
import IndoorGeometry
import Synchronization

/// Monotonic seconds for the service (TTL, latency). Injected so tests can move time by hand.
public typealias ServiceClock = @Sendable () -> Double

/// Clocks the service uses.
public enum ServiceClocks {
    /// Seconds since an arbitrary start, never going back (system uptime).
    public static let monotonic: ServiceClock = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

/// A clock that only moves when told to (for tests and replays).
public final class ManualClock: Sendable {
    private let seconds: Mutex<Double>

    /// A clock reading `startSeconds`.
    public init(startSeconds: Double = 0) { seconds = Mutex(startSeconds) }

    /// The current reading.
    public var nowSeconds: Double { seconds.withLock { $0 } }

    /// Moves the clock forward by `deltaSeconds`.
    public func advance(by deltaSeconds: Double) { seconds.withLock { $0 += deltaSeconds } }

    /// The clock as a ``ServiceClock``.
    public var clock: ServiceClock { { [self] in nowSeconds } }
}

/// Session ids: 128 random bits as 32 lowercase hex digits.
public enum SessionIDs {
    /// Ids from the system's cryptographic generator.
    public static let random: @Sendable () -> String = {
        var generator = SystemRandomNumberGenerator()
        return hex(generator.next(), generator.next())
    }

    /// Ids from a seeded SplitMix64 sequence, for reproducible tests.
    public static func seeded(_ seed: UInt64) -> @Sendable () -> String {
        let state = Mutex(SplitMix64(seed: seed))
        return {
            state.withLock { generator in hex(generator.next(), generator.next()) }
        }
    }

    static func hex(_ a: UInt64, _ b: UInt64) -> String {
        func pad(_ v: UInt64) -> String { let s = String(v, radix: 16); return String(repeating: "0", count: 16 - s.count) + s }
        return pad(a) + pad(b)
    }
}

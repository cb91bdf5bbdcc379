import Synchronization

/// A token bucket per client for `POST /sessions`: each client may create up to `perMinute` sessions
/// at once, then one every `60 / perMinute` seconds. Kept per instance (behind a load balancer each
/// instance allows its own `perMinute`). The instance's budget for all clients together is one more
/// limiter whose only client is ``everyone``.
///
/// - Complexity: O(1) per creation; buckets that are full again are dropped when more than
///   ``maximumTrackedClients`` clients are tracked.
final class CreationRateLimiter: Sendable {
    struct Bucket { var tokens: Double; var updatedSeconds: Double }

    /// Sessions a client may create per minute (and at once).
    let perMinute: Int
    /// Clients whose buckets are kept before full ones are dropped.
    static let maximumTrackedClients = 10_000
    private let buckets = Mutex<[String: Bucket]>([:])
    private let refusal: @Sendable (_ perMinute: Int, _ retryAfterSeconds: Int) -> ServiceError

    /// The client name of the instance-wide limiter.
    static let everyone = ""

    /// A limiter of `perMinute` creations per client, refusing with `refusal` (by default
    /// ``ServiceError/creationRateLimited(perMinute:retryAfterSeconds:)``).
    init(
        perMinute: Int,
        refusal: @escaping @Sendable (Int, Int) -> ServiceError = { .creationRateLimited(perMinute: $0, retryAfterSeconds: $1) }
    ) {
        self.perMinute = perMinute
        self.refusal = refusal
    }

    /// Takes one creation for `client` at `nowSeconds`.
    /// - Throws: the limiter's refusal with the seconds until the next creation is allowed.
    func take(client: String, nowSeconds: Double) throws(ServiceError) {
        let capacity = Double(perMinute)
        let perSecond = capacity / 60
        let wait: Double? = buckets.withLock { table in
            if table.count >= Self.maximumTrackedClients {
                table = table.filter { $0.value.tokens + (nowSeconds - $0.value.updatedSeconds) * perSecond < capacity }
            }
            var bucket = table[client] ?? Bucket(tokens: capacity, updatedSeconds: nowSeconds)
            bucket.tokens = min(capacity, bucket.tokens + max(0, nowSeconds - bucket.updatedSeconds) * perSecond)
            bucket.updatedSeconds = nowSeconds
            defer { table[client] = bucket }
            guard bucket.tokens >= 1 else { return (1 - bucket.tokens) / perSecond }
            bucket.tokens -= 1
            return nil
        }
        if let wait { throw refusal(perMinute, max(1, Int(wait.rounded(.up)))) }
    }
}

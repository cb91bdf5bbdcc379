import Synchronization

/// Counters of the service, rendered in the Prometheus text exposition format (version 0.0.4).
///
/// Latency is a cumulative histogram over request handling time (parse to encoded response), in
/// seconds. - Complexity: recording O(log buckets) under one lock.
public final class ServiceMetrics: Sendable {
    /// Upper bounds of the latency buckets, in seconds.
    public static let latencyBucketsSeconds: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

    struct RequestKey: Hashable { var route: String; var method: String; var status: Int }

    struct State {
        var requests: [RequestKey: Int] = [:]
        var bucketCounts = [Int](repeating: 0, count: ServiceMetrics.latencyBucketsSeconds.count)
        var latencyCount = 0
        var latencySumSeconds = 0.0
        var reroutes: [String: Int] = [:]
        var rejected: [String: Int] = [:]
        var sessionsCreated = 0
        var sessionsExpired = 0
        var limitRejections: [String: Int] = [:]
        var storeErrors = 0
    }

    private let state = Mutex(State())

    /// Empty counters.
    public init() {}

    /// Methods counted under their own name; any other is counted as `other`.
    public static let methodLabels: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]

    /// The metric label of an HTTP method: itself when in ``methodLabels``, else `other` (labels come
    /// from a closed set, so unknown methods cannot grow the metrics).
    public static func methodLabel(_ method: String) -> String { methodLabels.contains(method) ? method : "other" }

    /// Counts one request by its route template (e.g. `/sessions/{id}/locations`), method (see
    /// ``methodLabel(_:)``) and status, and adds its handling time to the histogram.
    public func recordRequest(route: String, method rawMethod: String, status: Int, seconds: Double) {
        let method = Self.methodLabel(rawMethod)
        let bounds = Self.latencyBucketsSeconds
        var lo = 0, hi = bounds.count
        while lo < hi { let mid = (lo + hi) / 2; if bounds[mid] < seconds { lo = mid + 1 } else { hi = mid } }
        state.withLock { s in
            s.requests[RequestKey(route: route, method: method, status: status), default: 0] += 1
            if lo < bounds.count { s.bucketCounts[lo] += 1 }
            s.latencyCount += 1
            s.latencySumSeconds += max(0, seconds)
        }
    }

    /// Counts reroutes by reason (`offRoute`, `sectionTransition`, `requested`).
    public func recordReroute(reason: String, count: Int = 1) { state.withLock { $0.reroutes[reason, default: 0] += count } }

    /// Counts a rejected input by reason (`malformedJSON`, `badRequest`, `payloadTooLarge`, `unprocessable`,
    /// `staleFix`, …).
    public func recordRejected(reason: String, count: Int = 1) { state.withLock { $0.rejected[reason, default: 0] += count } }

    /// Counts a request or connection refused by a limit, by kind (``ServiceError/limitKind``).
    public func recordLimitRejection(kind: String) { state.withLock { $0.limitRejections[kind, default: 0] += 1 } }

    /// Counts a request the session store failed (`storeUnavailable`).
    public func recordStoreError() { state.withLock { $0.storeErrors += 1 } }

    /// Limit rejections counted for a kind.
    public func limitRejectionCount(kind: String) -> Int { state.withLock { $0.limitRejections[kind] ?? 0 } }

    /// Store errors counted.
    public var storeErrorCount: Int { state.withLock { $0.storeErrors } }

    /// Counts created and expired sessions.
    public func recordSessions(created: Int = 0, expired: Int = 0) {
        state.withLock {
            $0.sessionsCreated += created; $0.sessionsExpired += expired
        }
    }

    /// Requests counted for a route template and status (for tests and dashboards).
    public func requestCount(route: String, status: Int) -> Int {
        state.withLock { s in s.requests.filter { $0.key.route == route && $0.key.status == status }.values.reduce(0, +) }
    }

    /// Reroutes counted for a reason.
    public func rerouteCount(reason: String) -> Int { state.withLock { $0.reroutes[reason] ?? 0 } }

    /// Rejected inputs counted for a reason.
    public func rejectedCount(reason: String) -> Int { state.withLock { $0.rejected[reason] ?? 0 } }

    /// The exposition text, with `liveSessions` as the live-session gauge.
    public func render(liveSessions: Int) -> String {
        let s = state.withLock { $0 }
        var out = ""
        out += "# HELP indoornav_http_requests_total HTTP requests by route template, method and status.\n"
        out += "# TYPE indoornav_http_requests_total counter\n"
        for (key, n) in s.requests.sorted(by: {
            ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status)
        }) {
            out +=
                "indoornav_http_requests_total{route=\"\(escape(key.route))\",method=\"\(escape(key.method))\",status=\"\(key.status)\"} \(n)\n"
        }
        out += "# HELP indoornav_http_request_duration_seconds Time to handle a request, in seconds.\n"
        out += "# TYPE indoornav_http_request_duration_seconds histogram\n"
        var cumulative = 0
        for (i, bound) in Self.latencyBucketsSeconds.enumerated() {
            cumulative += s.bucketCounts[i]
            out += "indoornav_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        out += "indoornav_http_request_duration_seconds_bucket{le=\"+Inf\"} \(s.latencyCount)\n"
        out += "indoornav_http_request_duration_seconds_sum \(s.latencySumSeconds)\n"
        out += "indoornav_http_request_duration_seconds_count \(s.latencyCount)\n"
        out += "# HELP indoornav_sessions_live Navigation sessions in the store.\n# TYPE indoornav_sessions_live gauge\n"
        out += "indoornav_sessions_live \(liveSessions)\n"
        out += "# HELP indoornav_sessions_created_total Sessions created.\n# TYPE indoornav_sessions_created_total counter\n"
        out += "indoornav_sessions_created_total \(s.sessionsCreated)\n"
        out +=
            "# HELP indoornav_sessions_expired_total Sessions removed after their TTL.\n# TYPE indoornav_sessions_expired_total counter\n"
        out += "indoornav_sessions_expired_total \(s.sessionsExpired)\n"
        out += "# HELP indoornav_reroutes_total New routes planned for sessions, by reason.\n# TYPE indoornav_reroutes_total counter\n"
        for (reason, n) in s.reroutes.sorted(by: { $0.key < $1.key }) {
            out += "indoornav_reroutes_total{reason=\"\(escape(reason))\"} \(n)\n"
        }
        out +=
            "# HELP indoornav_rejected_inputs_total Requests or fixes rejected as invalid, by reason.\n# TYPE indoornav_rejected_inputs_total counter\n"
        for (reason, n) in s.rejected.sorted(by: { $0.key < $1.key }) {
            out += "indoornav_rejected_inputs_total{reason=\"\(escape(reason))\"} \(n)\n"
        }
        out += "# HELP indoornav_limit_rejections_total Requests and connections refused by a limit, by kind.\n"
        out += "# TYPE indoornav_limit_rejections_total counter\n"
        for (kind, n) in s.limitRejections.sorted(by: { $0.key < $1.key }) {
            out += "indoornav_limit_rejections_total{kind=\"\(escape(kind))\"} \(n)\n"
        }
        out += "# HELP indoornav_store_errors_total Requests the session store failed (503 storeUnavailable).\n"
        out += "# TYPE indoornav_store_errors_total counter\nindoornav_store_errors_total \(s.storeErrors)\n"
        return out
    }

    private func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out
    }
}

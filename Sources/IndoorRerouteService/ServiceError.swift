import IndoorConfiguration
import IndoorJSON

/// Everything the service reports as an error. Each case carries what a client needs to fix its
/// request and maps to one HTTP status (``httpStatus``).
public enum ServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A configuration value is out of range (server start-up, not a request).
    case invalidConfiguration(field: String, reason: String)
    /// The address or port could not be bound.
    case cannotListen(address: String, port: Int)
    /// A venue folder under the venues directory could not be loaded.
    case venueLoad(path: String, reason: String)
    /// 400: the body is not JSON; the position is 1-based.
    case malformedJSON(line: Int, column: Int, reason: String)
    /// 400: a field is missing, has the wrong type, or is not known.
    case badRequest(field: String, reason: String)
    /// 401: the service requires API keys (`serve --api-keys`) and the request has none or an unknown one.
    case unauthorized(reason: String)
    /// 403: the client may not change this (a closure another client made, without an admin key).
    case forbidden(reason: String)
    /// 429: the client (`scope` `client`) or the venue (`scope` `venue`) already holds `limit` closures
    /// that have not ended.
    case closureLimit(scope: String, limit: Int, retryAfterSeconds: Int)
    /// 404: no venue, session or endpoint with that id or path.
    case notFound(kind: String, id: String)
    /// 405: the path exists but not for this method.
    case methodNotAllowed(method: String, allowed: [String])
    /// 413: the body is longer than the limit.
    case payloadTooLarge(limitBytes: Int)
    /// 400, and the connection is closed: the request's framing is ambiguous or malformed (both
    /// `Content-Length` and `Transfer-Encoding`, a repeated `Content-Length`, a header name with spaces,
    /// a request target not starting with `/`, a path or query that is not UTF-8).
    case malformedRequest(reason: String)
    /// 501, and the connection is closed: a `Transfer-Encoding` other than `chunked`.
    case notImplemented(reason: String)
    /// 415: a body that is not `Content-Type: application/json`.
    case unsupportedMediaType(contentType: String)
    /// 429: the client (its API key, else its address) already has `limit` live sessions.
    case clientSessionLimit(limit: Int, retryAfterSeconds: Int)
    /// 429: the client creates sessions faster than `perMinute` a minute; retry after the given delay.
    case creationRateLimited(perMinute: Int, retryAfterSeconds: Int)
    /// 503: all clients together create sessions faster than the instance's `perMinute` a minute
    /// (``ServiceConfiguration/sessionCreationsPerMinute``); retry after the given delay.
    case serviceCreationRateLimited(perMinute: Int, retryAfterSeconds: Int)
    /// 422: the JSON is well-formed but a value is not acceptable.
    case unprocessable(field: String, reason: String)
    /// 429, written when the connection opens: its address already has `limit` connections open.
    case clientConnectionLimit(limit: Int, retryAfterSeconds: Int)
    /// 503, written when the connection opens: `limit` connections are open.
    case tooManyConnections(limit: Int, retryAfterSeconds: Int)
    /// 503: the session limit is reached; retry after the given delay.
    case tooManySessions(limit: Int, retryAfterSeconds: Int)
    /// 503: the session store (Redis) could not be reached, refused, or the session kept changing under
    /// the request; nothing was written; retry after the given delay.
    case storeUnavailable(reason: String, retryAfterSeconds: Int)
    /// 503: the session store took the request but did not answer in time (Redis stuck or too slow
    /// after the command was sent): the change may have been written. Retrying the same request is
    /// safe: a fix already applied is listed in `rejected`, a `DELETE` is idempotent, a transition with
    /// nothing to confirm changes nothing; a `POST /sessions` retried may leave the first session to
    /// expire after its TTL.
    case storeOutcomeUnknown(reason: String, retryAfterSeconds: Int)

    /// The limit that refused the request (`clientSessionLimit`, `creationRateLimited`,
    /// `serviceCreationRateLimited`, `tooManySessions`,
    /// `closureLimit`, `clientConnectionLimit`, `tooManyConnections`, `payloadTooLarge`), or nil: the
    /// `kind` label of `indoornav_limit_rejections_total`.
    public var limitKind: String? {
        switch self {
        case .clientSessionLimit, .creationRateLimited, .serviceCreationRateLimited, .tooManySessions, .closureLimit,
            .clientConnectionLimit, .tooManyConnections, .payloadTooLarge:
            code
        default: nil
        }
    }

    /// The HTTP status the error is answered with.
    public var httpStatus: Int {
        switch self {
        case .invalidConfiguration, .cannotListen, .venueLoad: 500
        case .malformedJSON, .badRequest, .malformedRequest: 400
        case .unauthorized: 401
        case .forbidden: 403
        case .notFound: 404
        case .methodNotAllowed: 405
        case .payloadTooLarge: 413
        case .unsupportedMediaType: 415
        case .notImplemented: 501
        case .unprocessable: 422
        case .clientSessionLimit, .creationRateLimited, .closureLimit, .clientConnectionLimit: 429
        case .tooManySessions, .serviceCreationRateLimited, .storeUnavailable, .storeOutcomeUnknown, .tooManyConnections: 503
        }
    }

    /// A stable machine-readable code (`malformedJSON`, `badRequest`, …).
    public var code: String {
        switch self {
        case .invalidConfiguration: "invalidConfiguration"
        case .cannotListen: "cannotListen"
        case .venueLoad: "venueLoad"
        case .malformedJSON: "malformedJSON"
        case .badRequest: "badRequest"
        case .unauthorized: "unauthorized"
        case .forbidden: "forbidden"
        case .closureLimit: "closureLimit"
        case .notFound: "notFound"
        case .methodNotAllowed: "methodNotAllowed"
        case .payloadTooLarge: "payloadTooLarge"
        case .malformedRequest: "malformedRequest"
        case .notImplemented: "notImplemented"
        case .unsupportedMediaType: "unsupportedMediaType"
        case .unprocessable: "unprocessable"
        case .clientSessionLimit: "clientSessionLimit"
        case .creationRateLimited: "creationRateLimited"
        case .serviceCreationRateLimited: "serviceCreationRateLimited"
        case .tooManySessions: "tooManySessions"
        case .clientConnectionLimit: "clientConnectionLimit"
        case .tooManyConnections: "tooManyConnections"
        case .storeUnavailable: "storeUnavailable"
        case .storeOutcomeUnknown: "storeOutcomeUnknown"
        }
    }

    /// A sentence for the log and the error body.
    public var description: String {
        switch self {
        case .invalidConfiguration(let f, let r): "configuration: \(f): \(r)"
        case .cannotListen(let a, let p): "cannot listen on \(a):\(p) (address in use or not local?)"
        case .venueLoad(let p, let r): "cannot load venue at \(p): \(r)"
        case .malformedJSON(let l, let c, let r): "malformed JSON at line \(l), column \(c): \(r)"
        case .badRequest(let f, let r): "\(f): \(r)"
        case .unauthorized(let r): "unauthorized: \(r)"
        case .forbidden(let r): "forbidden: \(r)"
        case .closureLimit(let scope, let n, let s):
            scope == "venue"
                ? "this venue already has its limit of \(n) closures; retry in \(s) s"
                : "this client already has its limit of \(n) closures; delete one or retry in \(s) s"
        case .notFound(let k, let id): "no \(k) \(Self.quoted(id))"
        case .methodNotAllowed(let m, let a): "method \(m) not allowed here (allowed: \(a.joined(separator: ", ")))"
        case .payloadTooLarge(let n): "request body larger than \(n) bytes"
        case .malformedRequest(let r): "malformed request: \(r)"
        case .notImplemented(let r): "not implemented: \(r)"
        case .unsupportedMediaType(let t): "request bodies must be Content-Type: application/json, got \(Self.quoted(t))"
        case .unprocessable(let f, let r): "\(f): \(r)"
        case .clientSessionLimit(let n, let s): "this client already has its limit of \(n) live sessions; delete one or retry in \(s) s"
        case .creationRateLimited(let n, let s): "this client creates sessions faster than \(n) a minute; retry in \(s) s"
        case .serviceCreationRateLimited(let n, let s): "the service creates at most \(n) sessions a minute; retry in \(s) s"
        case .tooManySessions(let n, let s): "session limit of \(n) reached; retry in \(s) s"
        case .clientConnectionLimit(let n, let s): "this address already has its limit of \(n) open connections; retry in \(s) s"
        case .tooManyConnections(let n, let s): "the server has its limit of \(n) open connections; retry in \(s) s"
        case .storeUnavailable(let r, let s): "session store unavailable: \(r); nothing was written; retry in \(s) s"
        case .storeOutcomeUnknown(let r, let s):
            "session store did not answer in time: \(r); the change may have been written, and retrying the same request in \(s) s is safe"
        }
    }

    /// Longest quoted piece of a client's input in a message, in characters.
    public static let maximumQuotedCharacters = 64
    /// Longest message in an error body, in characters (a backstop: inputs are quoted by ``quoted(_:)``).
    public static let maximumMessageCharacters = 400

    /// A client's input for a message: in single quotes, cut to ``maximumQuotedCharacters`` with `…`
    /// (a 10 MB string is not echoed back).
    public static func quoted(_ input: some StringProtocol) -> String {
        input.count <= maximumQuotedCharacters ? "'\(input)'" : "'\(input.prefix(maximumQuotedCharacters))…'"
    }

    /// The JSON error body: `{"error": {"status", "code", "message", "field"?, "line"?, "column"?}}`; the
    /// message is at most ``maximumMessageCharacters`` long.
    public var json: JSONValue {
        let message =
            description.count <= Self.maximumMessageCharacters
            ? description : String(description.prefix(Self.maximumMessageCharacters)) + "…"
        var body: [String: JSONValue] = ["status": .number(Double(httpStatus)), "code": .string(code), "message": .string(message)]
        switch self {
        case .badRequest(let f, _), .unprocessable(let f, _): body["field"] = .string(String(f.prefix(Self.maximumQuotedCharacters)))
        case .malformedJSON(let l, let c, _): body["line"] = .number(Double(l)); body["column"] = .number(Double(c))
        default: break
        }
        return ["error": .object(body)]
    }

    /// The HTTP response carrying this error (with `Retry-After` or `Allow` where the status needs it).
    public var response: HTTPResponse {
        var headers: [(name: String, value: String)] = []
        switch self {
        case .tooManySessions(_, let s), .storeUnavailable(_, let s), .storeOutcomeUnknown(_, let s), .clientSessionLimit(_, let s),
            .creationRateLimited(_, let s), .serviceCreationRateLimited(_, let s),
            .closureLimit(_, _, let s):
            headers.append(("Retry-After", String(s)))
        case .clientConnectionLimit(_, let s), .tooManyConnections(_, let s):
            headers += [("Retry-After", String(s)), ("Connection", "close")]
        case .unauthorized: headers.append(("WWW-Authenticate", #"Bearer realm="indoornav""#))
        case .methodNotAllowed(_, let allowed): headers.append(("Allow", allowed.joined(separator: ", ")))
        case .malformedRequest, .notImplemented: headers.append(("Connection", "close"))
        default: break
        }
        return .json(httpStatus, json, headers: headers)
    }
}

extension TunableConfiguration {
    /// ``validate()`` with the service's error, naming the field (prefixed `prefix.` when given, e.g.
    /// `redis.timeoutSeconds`).
    func checkedTable(fieldPrefix prefix: String? = nil) throws(ServiceError) {
        do { try validate() } catch {
            throw .invalidConfiguration(field: prefix.map { "\($0).\(error.field)" } ?? error.field, reason: error.reason)
        }
    }
}

/// Cross-origin resource sharing: which web origins may call the service from a browser.
///
/// An origin is `scheme://host[:port]` exactly as browsers send it in `Origin` (`http` or `https`, no
/// path, no trailing slash), or `*` for any origin. With no origins configured the service sends no
/// CORS headers and browsers keep pages from other origins out.
public struct CrossOriginPolicy: Sendable, Equatable {
    /// The allowed origins (checked by ``validated(_:)``).
    public let allowedOrigins: [String]
    /// How long browsers may cache a preflight answer (`Access-Control-Max-Age`), seconds.
    public static let preflightMaxAgeSeconds = 600

    /// A policy over origins already checked by ``validated(_:)``.
    init(checked: [String]) { self.allowedOrigins = checked }

    /// The policy after checking every origin.
    /// - Throws: ``ServiceError/invalidConfiguration(field:reason:)`` naming the first bad origin.
    public static func validated(_ origins: [String]) throws(ServiceError) -> CrossOriginPolicy {
        for (k, origin) in origins.enumerated() where origin != "*" {
            guard let problem = problem(with: origin) else { continue }
            throw .invalidConfiguration(field: "corsAllowedOrigins[\(k)]", reason: "'\(origin)': \(problem)")
        }
        return CrossOriginPolicy(checked: origins)
    }

    /// Why `origin` is not a browser origin, or nil when it is one.
    static func problem(with origin: String) -> String? {
        let schemes = ["http://", "https://"]
        guard let scheme = schemes.first(where: { origin.hasPrefix($0) }) else {
            return "expected http://host[:port] or https://host[:port] (or *)"
        }
        let rest = origin.dropFirst(scheme.count)
        guard !rest.isEmpty else { return "no host" }
        guard !rest.contains("/"), !rest.contains("?"), !rest.contains("#") else { return "an origin has no path, query or trailing slash" }
        guard !rest.contains(where: { $0.isWhitespace || $0 == "*" || $0 == "@" }) else { return "spaces, '*' and '@' are not allowed" }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        if rest.hasPrefix("[") { return nil }  // IPv6 literal; the browser sends it verbatim
        guard parts.count <= 2, !parts[0].isEmpty else { return "expected host[:port]" }
        if parts.count == 2 {
            guard let port = Int(parts[1]), (1...65_535).contains(port) else { return "port must be 1–65535" }
        }
        return nil
    }

    /// The `Access-Control-Allow-Origin` value for a request's `Origin`, or nil when it is not allowed.
    public func allowOrigin(for origin: String?) -> String? {
        guard let origin, !allowedOrigins.isEmpty else { return nil }
        if allowedOrigins.contains(origin) { return origin }
        return allowedOrigins.contains("*") ? "*" : nil
    }

    /// Headers added to every answer to a request from an allowed origin.
    func headers(for origin: String?) -> [(name: String, value: String)] {
        guard let allowed = allowOrigin(for: origin) else { return allowedOrigins.isEmpty ? [] : [("Vary", "Origin")] }
        return [("Access-Control-Allow-Origin", allowed), ("Vary", "Origin"), ("Access-Control-Expose-Headers", "Location, Retry-After")]
    }

    /// The answer to an `OPTIONS` preflight on a path that allows `methods`: 204 with `Allow`, and the
    /// CORS preflight headers when the origin is allowed.
    func preflight(origin: String?, methods: [String]) -> HTTPResponse {
        let allow = (methods + ["OPTIONS"]).joined(separator: ", ")
        var headers: [(name: String, value: String)] = [("Allow", allow)] + self.headers(for: origin)
        if allowOrigin(for: origin) != nil {
            headers += [
                ("Access-Control-Allow-Methods", allow), ("Access-Control-Allow-Headers", "Content-Type, Authorization"),
                ("Access-Control-Max-Age", String(Self.preflightMaxAgeSeconds)),
            ]
        }
        return HTTPResponse(status: 204, headers: headers)
    }
}

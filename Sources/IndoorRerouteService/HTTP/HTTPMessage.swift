/// An HTTP request as the service sees it: method, path without the query, decoded query arguments,
/// the body bytes and a few headers.
public struct HTTPRequest: Sendable {
    /// `GET`, `POST`, `DELETE`, …
    public var method: String
    /// The path, percent-decoded by the HTTP layer, without the query string (e.g. `/sessions/abc`).
    public var path: String
    /// Query arguments by name (the last value wins when a name repeats).
    public var query: [String: String]
    /// The request body (empty for none).
    public var body: [UInt8]
    /// Whether the body was cut off because it exceeded the configured limit.
    public var bodyTooLarge: Bool
    /// Request headers by lower-case name (the last value wins when a name repeats).
    public var headers: [String: String]
    /// The client's IPv4 address as a dotted quad (empty when unknown): the client for per-client limits
    /// when no API key names it. The peer's address, or for a trusted proxy the address its forwarding
    /// headers name (``TrustedProxies``).
    public var clientAddress: String
    /// The address of the connection's other end (the proxy's for a request through one).
    public var peerAddress: String

    /// A request with every field given.
    public init(
        method: String, path: String, query: [String: String] = [:], body: [UInt8] = [], bodyTooLarge: Bool = false,
        headers: [String: String] = [:], clientAddress: String = "", peerAddress: String? = nil
    ) {
        self.method = method; self.path = path; self.query = query; self.body = body; self.bodyTooLarge = bodyTooLarge
        self.headers = headers; self.clientAddress = clientAddress; self.peerAddress = peerAddress ?? clientAddress
    }

    /// The value of the header `name` (case-insensitive).
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// An HTTP response: status, extra headers and body.
public struct HTTPResponse: Sendable {
    /// The status code (200, 404, …).
    public var status: Int
    /// Extra headers (`Content-Type` included).
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: [UInt8]

    /// A response with every field given.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status; self.headers = headers; self.body = body
    }

    /// A JSON response (`application/json`).
    public static func json(_ status: Int, _ text: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(text.utf8))
    }

    /// A plain-text response with the given content type.
    public static func text(_ status: Int, _ text: String, contentType: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

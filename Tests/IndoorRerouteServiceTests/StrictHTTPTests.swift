import Foundation
import IndoorJSON
import Testing

@testable import IndoorRerouteService

#if canImport(Glibc)
import Glibc
#endif

/// Every answer on one raw loopback connection until the server closes it (or `timeoutSeconds`).
struct RawExchange {
    /// Statuses of the response lines, in order.
    var statuses: [Int]
    /// The bytes received.
    var data: [UInt8]
    /// Whether the server closed the connection.
    var closed: Bool
    /// Seconds from sending to the close (or the timeout).
    var seconds: Double

    var text: String { String(decoding: data, as: UTF8.self) }

    /// The JSON body of the first response (after its header block), or nil.
    var firstBody: JSONValue? {
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        let head = text[..<end.lowerBound].lowercased()
        let length =
            head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? 0
        let body = Array(text[end.upperBound...].utf8.prefix(length))
        return try? JSONParser().parse(body).value
    }

    /// Sends `bytes` on a fresh connection and reads until the server closes it.
    static func send(_ bytes: [UInt8], port: Int, timeoutSeconds: Double = 3) throws -> RawExchange {
        let fd = try #require(RawSocket.connect(port: port, timeoutSeconds: timeoutSeconds))
        defer { close(fd) }
        let start = ConnectionWatch.now()
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }
            offset += n
        }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var closed = false
        while ConnectionWatch.now() - start < timeoutSeconds {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { closed = true; break }
            if n > 0 { data += chunk[0..<n] }
        }
        let text = String(decoding: data, as: UTF8.self)
        let statuses = text.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap { Int($0.prefix(3)) }
        return RawExchange(statuses: statuses, data: data, closed: closed, seconds: ConnectionWatch.now() - start)
    }

    static func send(_ text: String, port: Int, timeoutSeconds: Double = 3) throws -> RawExchange {
        try send(Array(text.utf8), port: port, timeoutSeconds: timeoutSeconds)
    }
}

/// Strict HTTP framing, media type and encoding, over raw loopback connections to a real server.
@Suite struct StrictHTTPTests {
    /// The error code of the first answer, which must be the only one and close the connection.
    static func refusal(_ exchange: RawExchange, status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(exchange.statuses == [status], "\(exchange.text)", sourceLocation: sourceLocation)
        #expect(exchange.closed, "connection left open", sourceLocation: sourceLocation)
        #expect(exchange.text.lowercased().contains("connection: close"), sourceLocation: sourceLocation)
        #expect(exchange.firstBody?["error"]?["code"]?.string == code, "\(exchange.text)", sourceLocation: sourceLocation)
        #expect(exchange.firstBody?["error"]?["status"]?.double == Double(status), sourceLocation: sourceLocation)
    }

    /// The issue's reproducer: `Content-Length` with `Transfer-Encoding: chunked`, a `DELETE` hidden
    /// behind the chunked end. One 400, the connection closed, the session still there.
    @Test func contentLengthWithTransferEncodingIsRefusedAndNothingIsSmuggled() throws {
        let f = try ServiceFixture()
        let id = try f.createSession()
        let smuggled =
            "POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
            + "DELETE /sessions/\(id) HTTP/1.1\r\nHost: x\r\n\r\n"
        Self.refusal(try RawExchange.send(smuggled, port: f.daemon.port), status: 400, code: "malformedRequest")
        #expect(try f.client.request("GET", "/sessions/\(id)").status == 200)
        #expect(f.service.metrics.rejectedCount(reason: "malformedRequest") == 1)
    }

    /// `Content-Length : 58` (space before the colon) is not a header libmicrohttpd counts: its body
    /// would run as a second request. Refused instead, the session survives.
    @Test func spaceBeforeTheColonIsRefused() throws {
        let f = try ServiceFixture()
        let id = try f.createSession()
        let hidden = "DELETE /sessions/\(id) HTTP/1.1\r\nHost: x\r\n\r\n"
        let request = "POST /health HTTP/1.1\r\nHost: x\r\nContent-Length : \(hidden.utf8.count)\r\n\r\n" + hidden
        Self.refusal(try RawExchange.send(request, port: f.daemon.port), status: 400, code: "malformedRequest")
        #expect(try f.client.request("GET", "/sessions/\(id)").status == 200)
    }

    @Test func repeatedContentLengthIsRefused() throws {
        let f = try ServiceFixture()
        let request =
            "POST /sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc"
        Self.refusal(try RawExchange.send(request, port: f.daemon.port), status: 400, code: "malformedRequest")
        let same = "POST /sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}"
        Self.refusal(try RawExchange.send(same, port: f.daemon.port), status: 400, code: "malformedRequest")
    }

    /// `Transfer-Encoding: gzip`: 501 at once (libmicrohttpd alone waits for the read timeout).
    @Test func unsupportedTransferEncodingIs501AtOnce() throws {
        let f = try ServiceFixture()
        let exchange = try RawExchange.send("POST /sessions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\nabc", port: f.daemon.port)
        Self.refusal(exchange, status: 501, code: "notImplemented")
        #expect(exchange.seconds < 1, "\(exchange.seconds) s")
        let chained = "POST /sessions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n"
        Self.refusal(try RawExchange.send(chained, port: f.daemon.port), status: 501, code: "notImplemented")
    }

    /// A plain chunked body is still read.
    @Test func chunkedBodyIsAccepted() throws {
        let f = try ServiceFixture()
        let body = #"{"venue":"golden","destination":"office","location":"# + ServiceFixture.fix(0, 0, "L0", t: 0) + "}"
        let hex = String(body.utf8.count, radix: 16)
        let request =
            "POST /sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            + "\(hex)\r\n\(body)\r\n0\r\n\r\n"
        #expect(try RawExchange.send(request, port: f.daemon.port).statuses == [201])
    }

    /// `GET health` (no slash) is not `/health`.
    @Test func requestTargetWithoutSlashIsRefused() throws {
        let f = try ServiceFixture()
        Self.refusal(
            try RawExchange.send("GET health HTTP/1.1\r\nHost: x\r\n\r\n", port: f.daemon.port), status: 400, code: "malformedRequest")
        #expect(try RawExchange.send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: f.daemon.port).statuses == [200])
    }

    /// A `Content-Length` over the body limit is answered 413 before the body is sent, and the
    /// connection closed.
    @Test func contentLengthOverTheLimitIs413BeforeTheBody() throws {
        let f = try ServiceFixture()
        let exchange = try RawExchange.send(
            "POST /sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{", port: f.daemon.port
        )
        #expect(exchange.statuses == [413])
        #expect(exchange.closed)
        #expect(exchange.firstBody?["error"]?["code"]?.string == "payloadTooLarge")
    }

    /// The issue's finding 5: malformed `Content-Length` values (refused by libmicrohttpd itself while
    /// it parses the headers) are answered once, in the `Error` form with `Connection: close` (not the
    /// library's HTML with its header block twice), and the connection closed: never served, never
    /// kept. Also behind an answered request on the same connection, on both threading models, and a
    /// metric counts them.
    @Test(arguments: [HTTPServerConfiguration.Threading.pool(threads: 2), .threadPerConnection])
    func malformedContentLengthIsOneJSONError(threading: HTTPServerConfiguration.Threading) throws {
        let f = try ServiceFixture(threading: threading)
        let cases: [(String, Int, String)] = [
            ("abc", 400, "malformedRequest"), ("-1", 400, "malformedRequest"), ("5x", 400, "malformedRequest"),
            ("", 400, "malformedRequest"), ("0x10", 400, "malformedRequest"), ("12345678901234567890123", 413, "payloadTooLarge"),
            (String(repeating: "9", count: 40), 413, "payloadTooLarge"),
        ]
        for (value, status, code) in cases {
            for method in ["POST /sessions", "GET /health"] {
                let exchange = try RawExchange.send(
                    "\(method) HTTP/1.1\r\nHost: x\r\nContent-Length: \(value)\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n",
                    port: f.daemon.port)
                Self.refusal(exchange, status: status, code: code)
                #expect(exchange.text.components(separatedBy: "HTTP/1.1 ").count == 2, "'\(value)': \(exchange.text)")
                #expect(!exchange.text.contains("<html>"), "'\(value)': \(exchange.text)")
                #expect(exchange.text.lowercased().contains("content-type: application/json"), "'\(value)'")
                #expect(exchange.text.lowercased().components(separatedBy: "connection: close").count == 2, "\(exchange.text)")
            }
        }
        // The second request on a kept connection: the first is answered 200, the second with the error.
        let kept = try RawExchange.send(
            "GET /health HTTP/1.1\r\nHost: x\r\n\r\nPOST /sessions HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
            port: f.daemon.port)
        #expect(kept.statuses == [200, 400], "\(kept.text)")
        #expect(kept.closed && !kept.text.contains("<html>"))
        let metrics = try f.client.request("GET", "/metrics").text
        #expect(metrics.contains(#"route="unmatched",method="other",status="413"} 4"#), "the refusals are counted: \(metrics)")
        // The server still serves.
        #expect(try f.client.request("GET", "/health").status == 200)
    }

    /// JSON only as `application/json` (parameters allowed); a body of another type is 415.
    @Test func bodiesMustBeApplicationJSON() throws {
        let f = try ServiceFixture()
        let body = #"{"venue":"golden","destination":"office"}"#
        for type in ["text/plain", "application/x-www-form-urlencoded", "application/jsonx", ""] {
            let r = try f.client.request("POST", "/sessions", bodyBytes: Array(body.utf8), headers: ["Content-Type": type])
            #expect(r.status == 415, "\(type): \(r.status) \(r.text)")
            #expect(try f.json(r)["error"]?["code"]?.string == "unsupportedMediaType")
        }
        let r = try f.client.request(
            "POST", "/sessions", bodyBytes: Array(body.utf8), headers: ["Content-Type": "Application/JSON; charset=utf-8"])
        #expect(r.status == 201, "\(r.text)")
    }

    /// Invalid UTF-8 is 400, not read as U+FFFD: in a body (with its position), a path and a query.
    @Test func invalidUTF8Is400() throws {
        let f = try ServiceFixture()
        let body = Array(#"{"venue":"golden","destination":"off"#.utf8) + [0xFF] + Array(#"ice"}"#.utf8)
        let r = try f.client.request("POST", "/sessions", bodyBytes: body)
        #expect(r.status == 400, "\(r.text)")
        let error = try f.json(r)["error"]
        #expect(error?["code"]?.string == "malformedJSON")
        #expect(error?["column"]?.double == 37)
        // Overlong encodings and surrogates are not UTF-8 either.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            let r = try f.client.request("POST", "/sessions", bodyBytes: Array(#"{"venue":""#.utf8) + bad + Array(#""}"#.utf8))
            #expect(r.status == 400, "\(bad)")
        }
        let path = try RawExchange.send("GET /sessions/%FF HTTP/1.1\r\nHost: x\r\n\r\n", port: f.daemon.port)
        Self.refusal(path, status: 400, code: "malformedRequest")
        let query = try RawExchange.send(
            "GET /venues/golden/pois?q=%C3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: f.daemon.port)
        #expect(query.statuses == [400], "\(query.text)")
        #expect(query.firstBody?["error"]?["code"]?.string == "malformedRequest")
    }

    /// A NUL byte in a query value is 400, not a value cut short at it (`lang=en%00…` once read as `en`).
    @Test func aNULInTheQueryIs400() throws {
        let f = try ServiceFixture()
        for target in [
            "/venues/golden/pois?lang=en%00xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "/venues/golden/pois?q=%00", "/venues?a%00b=1",
        ] {
            let r = try RawExchange.send("GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: f.daemon.port)
            #expect(r.statuses == [400], "\(target): \(r.text)")
            #expect(r.firstBody?["error"]?["message"]?.string?.contains("NUL") == true, "\(target): \(r.text)")
        }
        // Without the NUL the same language is answered.
        let fine = try RawExchange.send(
            "GET /venues/golden/pois?lang=en HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: f.daemon.port)
        #expect(fine.statuses == [200], "\(fine.text)")
    }

    /// A long input is quoted by a short prefix only.
    @Test func errorMessagesQuoteAShortPrefix() throws {
        let f = try ServiceFixture()
        let long = String(repeating: "x", count: 60_000)
        for body in [#"{"venue":"golden","destination":"\#(long)"}"#, #"{"venue":"\#(long)","destination":"office"}"#] {
            let r = try f.client.request("POST", "/sessions", body: body)
            #expect((400..<500).contains(r.status))
            #expect(r.body.count < 1_000, "\(r.body.count) bytes")
            let message = try f.json(r)["error"]?["message"]?.string ?? ""
            #expect(message.contains(String(repeating: "x", count: ServiceError.maximumQuotedCharacters) + "…"), "\(message)")
        }
        // A session id beyond `SessionId`'s 128 characters is a bad request, answered briefly.
        let r = try f.client.request("GET", "/sessions/" + String(repeating: "y", count: 5_000))
        #expect(r.status == 400)
        #expect(r.body.count < 1_000)
    }

    /// The framing checks on their own.
    @Test func framingRules() {
        func problem(_ headers: [(String, String)], target: String? = "/x", method: String = "POST") -> String? {
            HTTPFraming.problem(
                method: method, target: target, headers: headers.map { HTTPFraming.Header(name: $0.0, value: $0.1) },
                maximumBodyBytes: 1_000)?.code
        }
        #expect(problem([("Content-Length", "10")]) == nil)
        #expect(problem([("Transfer-Encoding", "Chunked")]) == nil)
        #expect(problem([("Content-Length", "10"), ("Transfer-Encoding", "chunked")]) == "malformedRequest")
        #expect(problem([("Transfer-Encoding", "chunked"), ("transfer-encoding", "chunked")]) == "malformedRequest")
        #expect(problem([("Transfer-Encoding", "identity")]) == "notImplemented")
        #expect(problem([("Content-Length ", "10")]) == "malformedRequest")
        #expect(problem([("X Y", "1")]) == "malformedRequest")
        #expect(problem([("", "1")]) == "malformedRequest")
        #expect(problem([("Content-Length", "1001")]) == "payloadTooLarge")
        #expect(problem([("Content-Length", "+5")]) == "malformedRequest")
        #expect(problem([], target: nil) == "malformedRequest")
        #expect(problem([], target: "health", method: "GET") == "malformedRequest")
        #expect(problem([], target: "http://x/health", method: "GET") == "malformedRequest")
        #expect(problem([], target: "*", method: "OPTIONS") == nil)
        #expect(HTTPFraming.mediaType(" Application/JSON ; charset=utf-8") == "application/json")
    }
}

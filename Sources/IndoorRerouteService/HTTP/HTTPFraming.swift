/// The checks a request's framing must pass before its body is read or its handler runs, so no
/// request can be read two ways (request smuggling) and no framing libmicrohttpd would guess at is
/// accepted.
///
/// Refused with 400 ``ServiceError/malformedRequest(reason:)`` (and the connection closed): a request
/// target not starting with `/` (`GET health`), `Content-Length` together with `Transfer-Encoding`, a
/// repeated `Content-Length` or `Transfer-Encoding`, a header name that is not an RFC 9110 token
/// (`Content-Length : 5`, whose body libmicrohttpd would otherwise run as a second request), a path
/// that is not UTF-8. Refused with 501 ``ServiceError/notImplemented(reason:)``: a `Transfer-Encoding`
/// other than `chunked` (libmicrohttpd would wait for the end of the stream). Refused with 413
/// ``ServiceError/payloadTooLarge(limitBytes:)`` before reading it: a `Content-Length` over the limit.
/// Malformed `Content-Length` values (`abc`, `-1`, 23 digits) never reach the access handler:
/// libmicrohttpd 0.9.75 refuses them while parsing the headers and would send its own HTML answer
/// (with its header block twice). ``HTTPDaemon`` catches that refusal in libmicrohttpd's logger, where
/// ``lengthProblem(_:maximumBodyBytes:)`` names the same problem, writes this answer in the `Error`
/// form to the socket and shuts its sending side, so the library's answer is never sent.
enum HTTPFraming {
    /// One header as it arrived (name as sent, value after the colon).
    struct Header: Equatable {
        var name: String
        var value: String
    }

    /// The first problem of a request, or nil when its framing is sound.
    /// - Parameters:
    ///   - target: the request target as libmicrohttpd passed it, or nil when it is not UTF-8.
    ///   - headers: every header in arrival order, repeats included.
    ///   - maximumBodyBytes: the longest body accepted.
    static func problem(method: String, target: String?, headers: [Header], maximumBodyBytes: Int) -> ServiceError? {
        guard let target else { return .malformedRequest(reason: "the request target is not UTF-8") }
        guard target.hasPrefix("/") || (method == "OPTIONS" && target == "*") else {
            return .malformedRequest(reason: "the request target \(ServiceError.quoted(target)) does not start with '/'")
        }
        var lengths: [String] = []
        var encodings: [String] = []
        for header in headers {
            guard isToken(header.name) else {
                return .malformedRequest(
                    reason: "header name \(ServiceError.quoted(header.name)) is not a token (no spaces before the colon)")
            }
            switch header.name.lowercased() {
            case "content-length": lengths.append(header.value)
            case "transfer-encoding": encodings.append(header.value)
            default: break
            }
        }
        if lengths.count > 1 { return .malformedRequest(reason: "Content-Length given \(lengths.count) times") }
        if encodings.count > 1 { return .malformedRequest(reason: "Transfer-Encoding given \(encodings.count) times") }
        if let encoding = encodings.first {
            if !lengths.isEmpty { return .malformedRequest(reason: "both Content-Length and Transfer-Encoding") }
            let coding = encoding.trimmingSpaces.lowercased()
            guard coding == "chunked" else {
                return .notImplemented(reason: "Transfer-Encoding \(ServiceError.quoted(encoding)) (only chunked)")
            }
        }
        if let length = lengths.first { return lengthProblem(length, maximumBodyBytes: maximumBodyBytes) }
        return nil
    }

    /// Why the `Content-Length` value `length` is refused: 400 when it is not a decimal number, 413 when
    /// it is over `maximumBodyBytes` (or over 18 digits); nil when it is acceptable.
    static func lengthProblem(_ length: String, maximumBodyBytes: Int) -> ServiceError? {
        let digits = length.trimmingSpaces
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) else {
            return .malformedRequest(reason: "Content-Length \(ServiceError.quoted(length)) is not a decimal number")
        }
        if digits.utf8.count > 18 || (Int(digits) ?? Int.max) > maximumBodyBytes {
            return .payloadTooLarge(limitBytes: maximumBodyBytes)
        }
        return nil
    }

    /// Whether `name` is an RFC 9110 token: 1 or more of `!#$%&'*+-.^_`|~`, digits and letters.
    static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { c in
                (48...57).contains(c) || (65...90).contains(c) || (97...122).contains(c) || Self.tokenSymbols.contains(c)
            }
    }

    private static let tokenSymbols: Set<UInt8> = Set("!#$%&'*+-.^_`|~".utf8)

    /// The media type of a `Content-Type` value, lower-cased, without parameters.
    static func mediaType(_ contentType: String) -> String {
        String(contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingSpaces.lowercased()
    }
}

fileprivate extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

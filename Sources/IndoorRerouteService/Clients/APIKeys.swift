import Foundation

/// The API keys of the service's clients (`indoornav serve --api-keys FILE`), each naming one client.
///
/// With keys, every request except `GET /health`, `GET /`, `GET /venues`, `GET /venues/{id}/pois` and
/// `OPTIONS` preflights must carry `Authorization: Bearer KEY` (401 otherwise), and a session belongs to
/// the client that created it: another client's key — or a session id alone — neither reads, moves nor
/// deletes it (it answers like an unknown session).
///
/// File format: one client per line, `NAME KEY` or `NAME KEY admin`, separated by spaces or tabs; blank
/// lines and lines starting with `#` are ignored. An admin key may also delete closures other clients
/// made. A name is 1–64 of `A–Z a–z 0–9 . _ -`; a key is 16–256 printable
/// ASCII characters without spaces. Names and keys are unique.
public struct APIKeys: Sendable, Hashable {
    /// Client name by key.
    public let clientsByKey: [String: String]
    /// Names of the clients whose keys are marked `admin`.
    public let admins: Set<String>

    /// Keys for `clientsByKey` (key → client name), checked like a file's lines.
    /// - Throws: ``APIKeyFileError/malformed(path:line:reason:)`` (path `-`) for a bad or repeated
    ///   name or key, ``APIKeyFileError/empty(path:)`` for none.
    /// `admins` names the clients with admin keys.
    public init(clientsByKey: [String: String], admins: Set<String> = []) throws(APIKeyFileError) {
        var lines: [String] = []
        for (key, name) in clientsByKey.sorted(by: { $0.value < $1.value }) {
            lines.append("\(name) \(key)" + (admins.contains(name) ? " admin" : ""))
        }
        self = try Self.parse(lines.joined(separator: "\n"), path: "-")
    }

    private init(checked: [String: String], admins: Set<String>) {
        clientsByKey = checked; self.admins = admins
    }

    /// Whether `client` (a name from ``client(authorization:)``) holds an admin key.
    public func isAdmin(_ client: String) -> Bool { admins.contains(client) }

    /// Reads a key file.
    /// - Throws: ``APIKeyFileError`` naming the file (and the line).
    public static func read(path: String) throws(APIKeyFileError) -> APIKeys {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .malformed(path: path, line: 1, reason: "not UTF-8 text") }
        return try parse(text, path: path)
    }

    /// Parses the text of a key file (`path` only names it in errors).
    /// - Throws: ``APIKeyFileError``.
    public static func parse(_ text: String, path: String) throws(APIKeyFileError) -> APIKeys {
        var byKey: [String: String] = [:]
        var names: Set<String> = []
        var admins: Set<String> = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let number = index + 1
            guard fields.count == 2 || (fields.count == 3 && fields[2] == "admin") else {
                throw .malformed(
                    path: path, line: number, reason: "expected 'NAME KEY' or 'NAME KEY admin', got \(fields.count) field(s)")
            }
            let name = String(fields[0]), key = String(fields[1])
            guard (1...64).contains(name.utf8.count), name.utf8.allSatisfy(isNameByte) else {
                throw .malformed(path: path, line: number, reason: "client name must be 1–64 of A–Z a–z 0–9 . _ -")
            }
            guard (16...256).contains(key.utf8.count), key.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
                throw .malformed(
                    path: path, line: number, reason: "key of client '\(name)' must be 16–256 printable ASCII characters without spaces")
            }
            guard byKey[key] == nil else {
                throw .malformed(path: path, line: number, reason: "key of client '\(name)' repeats an earlier key")
            }
            guard names.insert(name).inserted else { throw .malformed(path: path, line: number, reason: "client name '\(name)' repeats") }
            byKey[key] = name
            if fields.count == 3 { admins.insert(name) }
        }
        guard !byKey.isEmpty else { throw .empty(path: path) }
        return APIKeys(checked: byKey, admins: admins)
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 46 || b == 95 || b == 45
    }

    /// The client named by an `Authorization` header value (`Bearer KEY`).
    /// - Throws: ``ServiceError/unauthorized(reason:)`` when the header is missing, not a bearer key,
    ///   or an unknown key.
    func client(authorization: String?) throws(ServiceError) -> String {
        guard let authorization else { throw .unauthorized(reason: "this service needs an API key: send 'Authorization: Bearer KEY'") }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw .unauthorized(reason: "the Authorization header must be 'Bearer KEY'")
        }
        guard let name = clientsByKey[parts[1].trimmingCharacters(in: .whitespaces)] else {
            throw .unauthorized(reason: "unknown API key")
        }
        return name
    }
}

/// Why an API key file could not be used. Each case names the file.
public enum APIKeyFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file cannot be read.
    case unreadable(path: String, reason: String)
    /// A line is not `NAME KEY`, or a name or key is invalid or repeated.
    case malformed(path: String, line: Int, reason: String)
    /// The file holds no key.
    case empty(path: String)

    /// A sentence naming the file and line at fault.
    public var description: String {
        switch self {
        case .unreadable(let p, let r): "API key file \(p): cannot read: \(r)"
        case .malformed(let p, let l, let r): "API key file \(p), line \(l): \(r)"
        case .empty(let p): "API key file \(p): no keys (one 'NAME KEY' per line)"
        }
    }
}

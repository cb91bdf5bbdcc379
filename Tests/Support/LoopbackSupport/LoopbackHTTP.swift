import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One blocking HTTP/1.1 exchange with a server on 127.0.0.1 (`Connection: close`): the tests' one HTTP
/// client, under both the in-process service tests and those that run `indoornav serve` as a process.
public enum LoopbackHTTP {
    /// An answer: status, headers (names lower-cased) and body.
    public struct Response: Sendable {
        /// The status code.
        public var status: Int
        /// The headers, names lower-cased.
        public var headers: [String: String]
        /// The body's bytes.
        public var body: [UInt8]
        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }

        /// An answer with these parts.
        public init(status: Int, headers: [String: String], body: [UInt8]) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// What went wrong before an answer came.
    public struct Failure: Error, CustomStringConvertible {
        /// What happened.
        public var description: String
        /// A failure saying `description`.
        public init(description: String) { self.description = description }
    }

    /// Sends `method path` to `port` with `bodyBytes` as a JSON body (and its length) when given, and
    /// `headers`; reads until the server closes. A server that answers before taking the whole body (413)
    /// is still heard: sending stops there.
    public static func exchange(
        port: Int, _ method: String, _ path: String, bodyBytes: [UInt8]?, headers: [String: String] = [:]
    ) throws(Failure) -> Response {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect to port \(port) failed (errno \(errno))") }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let bodyBytes { head += "Content-Type: application/json\r\nContent-Length: \(bodyBytes.count)\r\n" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        let message = Array((head + "\r\n").utf8) + (bodyBytes ?? [])
        var sent = 0
        while sent < message.count {
            let n = message[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }
            sent += n
        }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            data += buffer[0..<n]
        }
        return try parse(data)
    }

    /// `exchange` with a text body (an empty one when `body` is nil), answering status and body text.
    public static func request(
        port: Int, _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]
    ) throws(Failure) -> (status: Int, body: String) {
        let response = try exchange(port: port, method, path, bodyBytes: Array((body ?? "").utf8), headers: headers)
        return (response.status, response.text)
    }

    private static func parse(_ data: [UInt8]) throws(Failure) -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, data.count - 3)).first(where: { Array(data[$0..<$0 + 4]) == separator }) else {
            throw Failure(description: "no complete response (\(data.count) bytes): \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        let head = String(decoding: data[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(head[0])") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Array(data[(end + 4)...]))
    }
}

import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A tiny blocking HTTP/1.1 client over a loopback socket (one request per connection), so the tests
/// drive the real server without FoundationNetworking.
struct TestHTTPClient: Sendable {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct ClientError: Error, CustomStringConvertible { var description: String }

    let port: Int
    /// Whether every response is checked against docs/openapi.yaml (the service's answers; not the
    /// bare HTTP layer's test handlers).
    var checksContract = false

    func request(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]) throws -> Response {
        try request(method, path, bodyBytes: body.map { Array($0.utf8) }, headers: headers)
    }

    func request(_ method: String, _ path: String, bodyBytes: [UInt8]?, headers: [String: String] = [:]) throws -> Response {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError(description: "socket failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw ClientError(description: "connect failed (errno \(errno))") }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let bodyBytes { head += "Content-Type: application/json\r\nContent-Length: \(bodyBytes.count)\r\n" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        try sendAll(fd, Array(head.utf8) + (bodyBytes ?? []))
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            data += chunk[0..<n]
        }
        let response = try parse(data)
        if checksContract {
            OpenAPIChecker.shared.check(
                method: method, path: path, status: response.status,
                contentType: response.headers["content-type"], body: response.body)
        }
        return response
    }

    private func sendAll(_ fd: Int32, _ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The server may answer (413) and close before reading everything: stop sending then.
            if n <= 0 { return }
            offset += n
        }
    }

    private func parse(_ data: [UInt8]) throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, data.count - 3)).first(where: { Array(data[$0..<$0 + 4]) == separator }) else {
            throw ClientError(description: "no complete response (\(data.count) bytes)")
        }
        let head = String(decoding: data[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw ClientError(description: "bad status line \(head[0])") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Array(data[(end + 4)...]))
    }
}

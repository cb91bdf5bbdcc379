import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A reply of a Redis server (RESP2).
public enum RESPValue: Hashable, Sendable {
    /// `+OK`
    case simple(String)
    /// `-ERR …`: the server refused the command.
    case error(String)
    /// `:42`
    case integer(Int)
    /// `$n` bytes.
    case bulk([UInt8])
    /// `$-1` or `*-1`.
    case null
    /// `*n` replies.
    case array([RESPValue])

    /// The integer of an integer reply.
    public var integer: Int? { if case .integer(let n) = self { return n } else { return nil } }
    /// The bytes of a bulk reply.
    public var bytes: [UInt8]? { if case .bulk(let b) = self { return b } else { return nil } }
}

/// Why talking to Redis failed. Each case names the server and what was being done.
public enum RedisError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The address is not a `redis://host:port/db` or `unix:///path?db=N` URL.
    case invalidURL(String, reason: String)
    /// No connection could be made.
    case cannotConnect(endpoint: String, reason: String)
    /// Sending or receiving failed (connection lost, timeout).
    case io(endpoint: String, reason: String)
    /// The server sent something that is not RESP.
    case protocolError(endpoint: String, reason: String)
    /// The server answered a command with an error.
    case server(endpoint: String, command: String, message: String)
    /// The command was sent whole, but no reply came (timeout, connection lost): the server may have
    /// run it.
    case noReply(endpoint: String, command: String, reason: String)
    /// The server does not keep what it acknowledged across its own crash (no append-only file, or
    /// `appendfsync no`) and the service was told to require it (``RedisDurability``).
    case notDurable(endpoint: String, reason: String)
    /// A write the primary took was not confirmed by `wanted` replicas within the timeout
    /// (`WAIT` answered `acknowledged`): a failover now may lose it.
    case notReplicated(endpoint: String, wanted: Int, acknowledged: Int)
    /// No sentinel named a primary that answers as one.
    case noPrimary(masterName: String, reason: String)

    /// A sentence naming what failed.
    public var description: String {
        switch self {
        case .invalidURL(let u, let r): "redis URL '\(u)': \(r)"
        case .cannotConnect(let e, let r): "redis \(e): cannot connect: \(r)"
        case .io(let e, let r): "redis \(e): \(r)"
        case .protocolError(let e, let r): "redis \(e): protocol error: \(r)"
        case .server(let e, let c, let m): "redis \(e): \(c): \(m)"
        case .noReply(let e, let c, let r): "redis \(e): no reply to \(c) (it may have run): \(r)"
        case .notDurable(let e, let r): "redis \(e): \(r)"
        case .notReplicated(let e, let w, let a): "redis \(e): \(a) of \(w) replica(s) confirmed the write in time (it is on the primary)"
        case .noPrimary(let m, let r): "redis sentinels: no primary for '\(m)': \(r)"
        }
    }
}

/// One blocking connection to a Redis server speaking RESP2, with send and receive timeouts. Not
/// thread-safe: a ``RedisConnectionPool`` lends it to one caller at a time.
public final class RESPConnection {
    /// `host:port/db` or `unix:///path?db=N`, for messages.
    public let endpoint: String
    private let fd: Int32
    private var buffer: [UInt8] = []
    /// The command being sent (kept between commands, so its storage is reused).
    private var out: [UInt8] = []
    private var position = 0
    /// Where `recv` writes (allocated once per connection, not per read).
    private var chunk = [UInt8](repeating: 0, count: 16_384)
    /// Replicas the server had connected when last asked (`ROLE`), and when (monotonic seconds): kept
    /// by ``RedisConnectionPool`` for its `WAIT` after a create.
    var connectedReplicas = 0
    var replicasCheckedAtSeconds = -Double.infinity

    /// Connects to `host:port` (IPv4 address or `localhost`), selects database `database`.
    /// - Throws: ``RedisError``.
    public convenience init(host: String, port: Int, database: Int, timeoutSeconds: Double) throws(RedisError) {
        try self.init(address: .tcp(host: host, port: port), database: database, timeoutSeconds: timeoutSeconds)
    }

    /// Connects to `address` (TCP with `TCP_NODELAY`, or a Unix-domain socket), selects database
    /// `database`.
    /// - Throws: ``RedisError``.
    public init(address: RedisAddress, database: Int, timeoutSeconds: Double) throws(RedisError) {
        switch address {
        case .tcp(let host, let port): endpoint = "\(host):\(port)/\(database)"
        case .unix(let path): endpoint = "unix://\(path)?db=\(database)"
        }
        fd = try Self.connectedSocket(address, endpoint: endpoint, timeoutSeconds: timeoutSeconds)
        if database != 0 {
            let reply = try command(["SELECT", String(database)])
            guard reply == .simple("OK") else { throw .protocolError(endpoint: endpoint, reason: "SELECT \(database) answered \(reply)") }
        }
    }

    /// A connected socket to `address` with send and receive timeouts.
    private static func connectedSocket(_ address: RedisAddress, endpoint: String, timeoutSeconds: Double) throws(RedisError) -> Int32 {
        let family = if case .unix = address { AF_UNIX } else { AF_INET }
        let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .cannotConnect(endpoint: endpoint, reason: "socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: Int(timeoutSeconds), tv_usec: Int((timeoutSeconds - timeoutSeconds.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected: Int32
        switch address {
        case .tcp(let host, let port):
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            var inet = sockaddr_in()
            inet.sin_family = sa_family_t(AF_INET)
            inet.sin_port = in_port_t(UInt16(clamping: port).bigEndian)
            guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &inet.sin_addr) == 1 else {
                close(fd)
                throw .cannotConnect(endpoint: endpoint, reason: "'\(host)' is not an IPv4 address")
            }
            connected = withUnsafePointer(to: &inet) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        case .unix(let path):
            var local = sockaddr_un()
            local.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            let fits = withUnsafeMutableBytes(of: &local.sun_path) { raw in
                guard bytes.count < raw.count, !bytes.contains(0) else { return false }
                raw.copyBytes(from: bytes)
                raw[bytes.count] = 0
                return true
            }
            guard fits else {
                close(fd)
                throw .cannotConnect(endpoint: endpoint, reason: "socket path of \(bytes.count) bytes does not fit")
            }
            connected = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .cannotConnect(endpoint: endpoint, reason: reason)
        }
        return fd
    }

    deinit { close(fd) }

    /// `MSG_NOSIGNAL` on Linux (a send to a closed peer fails with EPIPE instead of raising SIGPIPE);
    /// spelt out because the release build does not always see the Glibc macro beside the
    /// libmicrohttpd shim's copy of `sys/socket.h`.
    static let noSignal: Int32 = 0x4000

    /// Sends one command (each argument a bulk string) and reads its reply; an error reply is thrown.
    /// - Throws: ``RedisError``.
    @discardableResult
    public func command(_ arguments: [String]) throws(RedisError) -> RESPValue {
        try command(arguments.map { Array($0.utf8) }, name: arguments.first ?? "")
    }

    /// Sends one command with binary arguments and reads its reply; an error reply is thrown.
    /// - Throws: ``RedisError``.
    @discardableResult
    public func command(_ arguments: [[UInt8]], name: String) throws(RedisError) -> RESPValue {
        try command(head: arguments, [], [], name: name)
    }

    /// Sends one command whose arguments are `head`, then `middle`, then `tail` (so callers need not
    /// concatenate them), written in one `send`, and reads its reply; an error reply is thrown.
    /// - Throws: ``RedisError``.
    @discardableResult
    func command(head: [[UInt8]], _ middle: [[UInt8]], _ tail: [[UInt8]], name: String) throws(RedisError) -> RESPValue {
        // Replies are read whole, so nothing of an earlier one is left: start the buffer over.
        buffer.removeAll(keepingCapacity: true)
        position = 0
        out.removeAll(keepingCapacity: true)
        Self.appendHeader(UInt8(ascii: "*"), head.count + middle.count + tail.count, to: &out)
        Self.appendBulks(head, to: &out)
        Self.appendBulks(middle, to: &out)
        Self.appendBulks(tail, to: &out)
        var sent = 0
        while sent < out.count {
            let n = out.withUnsafeBytes { all in
                let rest = UnsafeRawBufferPointer(rebasing: all[sent...])
                return send(fd, rest.baseAddress, rest.count, Self.noSignal)
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw .io(endpoint: endpoint, reason: "send \(name): \(String(cString: strerror(errno)))") }
            sent += n
        }
        let reply: RESPValue
        do { reply = try readValue(name) } catch {
            // Sent whole: the server may have run it although its reply never came.
            if case .io(_, let reason) = error { throw .noReply(endpoint: endpoint, command: name, reason: reason) }
            throw error
        }
        if case .error(let message) = reply { throw .server(endpoint: endpoint, command: name, message: message) }
        return reply
    }

    /// Appends each argument as a bulk string.
    private static func appendBulks(_ arguments: [[UInt8]], to out: inout [UInt8]) {
        for a in arguments {
            appendHeader(UInt8(ascii: "$"), a.count, to: &out)
            out.append(contentsOf: a)
            out.append(13)
            out.append(10)
        }
    }

    /// Appends `kind`, the decimal digits of `count` (≥ 0) and CRLF.
    private static func appendHeader(_ kind: UInt8, _ count: Int, to out: inout [UInt8]) {
        out.append(kind)
        var divisor = 1
        while divisor <= count / 10 { divisor *= 10 }
        var rest = count
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
        out.append(13)
        out.append(10)
    }

    private func readValue(_ name: String) throws(RedisError) -> RESPValue {
        let line = try readLine(name)
        guard let kind = line.first else { throw .protocolError(endpoint: endpoint, reason: "empty reply line to \(name)") }
        let rest = String(decoding: line.dropFirst(), as: UTF8.self)
        switch kind {
        case UInt8(ascii: "+"): return .simple(rest)
        case UInt8(ascii: "-"): return .error(rest)
        case UInt8(ascii: ":"):
            guard let n = Int(rest) else { throw .protocolError(endpoint: endpoint, reason: "bad integer '\(rest)'") }
            return .integer(n)
        case UInt8(ascii: "$"):
            guard let n = Int(rest), n >= -1, n <= 512 * 1_048_576 else {
                throw .protocolError(endpoint: endpoint, reason: "bad bulk length '\(rest)'")
            }
            if n == -1 { return .null }
            let bytes = try readBytes(n + 2, name)
            return .bulk(Array(bytes.prefix(n)))
        case UInt8(ascii: "*"):
            guard let n = Int(rest), n >= -1, n <= 1_000_000 else {
                throw .protocolError(endpoint: endpoint, reason: "bad array length '\(rest)'")
            }
            if n == -1 { return .null }
            var items: [RESPValue] = []
            for _ in 0..<n { items.append(try readValue(name)) }
            return .array(items)
        default:
            throw .protocolError(endpoint: endpoint, reason: "unexpected reply type byte \(kind)")
        }
    }

    private func fill(_ name: String) throws(RedisError) {
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            if n == 0 { throw .io(endpoint: endpoint, reason: "connection closed while reading the reply to \(name)") }
            guard n > 0 else { throw .io(endpoint: endpoint, reason: "reading the reply to \(name): \(String(cString: strerror(errno)))") }
            buffer += chunk[0..<n]
            return
        }
    }

    private func readLine(_ name: String) throws(RedisError) -> ArraySlice<UInt8> {
        var searchFrom = position
        while true {
            if let cr = buffer[searchFrom...].firstIndex(of: 13), cr + 1 < buffer.count {
                guard buffer[cr + 1] == 10 else { throw .protocolError(endpoint: endpoint, reason: "CR without LF") }
                let line = buffer[position..<cr]
                position = cr + 2
                return line
            }
            searchFrom = max(position, buffer.count - 1)
            try fill(name)
        }
    }

    private func readBytes(_ count: Int, _ name: String) throws(RedisError) -> ArraySlice<UInt8> {
        while buffer.count - position < count { try fill(name) }
        let bytes = buffer[position..<position + count]
        position += count
        return bytes
    }
}

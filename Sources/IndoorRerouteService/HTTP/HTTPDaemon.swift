import CMicroHTTPD
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server on libmicrohttpd that hands every complete request to a handler.
///
/// The only file that calls libmicrohttpd. Bodies are collected up to
/// ``HTTPServerConfiguration/maximumBodyBytes``; longer ones are discarded and the request is passed
/// on with ``HTTPRequest/bodyTooLarge`` set. The handler runs on the daemon's threads and must be
/// thread-safe.
///
/// Slow clients and floods: at most ``HTTPServerConfiguration/connectionLimit`` open connections and
/// ``HTTPServerConfiguration/perClientConnectionLimit`` per client address (trusted proxies exempt);
/// more are answered 503 or 429 with `Retry-After` at once. Each request's headers must arrive within
/// ``HTTPServerConfiguration/requestHeaderTimeoutSeconds`` and the whole request within
/// ``HTTPServerConfiguration/requestReadTimeoutSeconds`` (``ConnectionWatch``), so connections trickling
/// headers cannot keep other clients out.
public final class HTTPDaemon: Sendable {
    /// The port the server listens on (the ephemeral one when started on port 0).
    public let port: Int
    /// The configuration it was started with.
    public let configuration: HTTPServerConfiguration
    private let context: DaemonContext
    private let daemon: Mutex<OpaquePointer?>
    /// libmicrohttpd's connection table is this much larger than ``HTTPServerConfiguration/connectionLimit``,
    /// so the connections beyond the limit are answered 503 rather than left in the listen backlog.
    public static let tableHeadroom = 256

    /// Starts listening at once.
    /// - Throws: ``ServiceError/invalidConfiguration(field:reason:)`` for a bad configuration,
    ///   ``ServiceError/cannotListen(address:port:)`` when the address or port cannot be bound.
    /// - Parameter rejected: told of every request the daemon answers itself, before the handler, for
    ///   its framing (``HTTPFraming``): for metrics.
    public init(
        configuration: HTTPServerConfiguration, rejected: @escaping @Sendable (ServiceError) -> Void = { _ in },
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws(ServiceError) {
        let checked = try configuration.validated()
        let trusted = try TrustedProxies(checked.trustedProxies)
        let context = DaemonContext(
            handler: handler, rejected: rejected, maximumBodyBytes: checked.maximumBodyBytes, trustedProxies: trusted,
            watch: ConnectionWatch(
                readTimeoutSeconds: checked.requestReadTimeoutSeconds, headerTimeoutSeconds: checked.requestHeaderTimeoutSeconds,
                connectionLimit: checked.connectionLimit, perClientLimit: checked.perClientConnectionLimit, trustedProxies: trusted,
                retryAfterSeconds: checked.overloadRetryAfterSeconds))
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_ITC.rawValue
        var poolSize: UInt32 = 0
        switch checked.threading {
        case .pool(let threads):
            flags |= MHD_USE_EPOLL.rawValue
            poolSize = UInt32(threads)
        case .threadPerConnection:
            flags |= MHD_USE_THREAD_PER_CONNECTION.rawValue
        }
        let opaque = Unmanaged.passUnretained(context).toOpaque()
        context.logger.pointee = indoornav_mhd_logger_context(callback: badLengthHandler, cls: opaque)
        guard
            let started = indoornav_mhd_start(
                flags, checked.bindAddress, UInt16(checked.port), accessHandler, opaque,
                completedHandler, opaque, poolSize, UInt32(checked.connectionLimit + Self.tableHeadroom),
                UInt32(checked.connectionTimeoutSeconds), 0, 0,
                connectionHandler, opaque, requestLineHandler, opaque, context.logger)
        else {
            throw .cannotListen(address: checked.bindAddress, port: checked.port)
        }
        context.watch.startWatching()
        self.context = context
        self.configuration = checked
        self.port = Int(indoornav_mhd_bound_port(started))
        self.daemon = Mutex(started)
    }

    deinit { stop(graceSeconds: 0) }

    /// Requests accepted and not yet completed.
    public var requestsInFlight: Int { context.inFlight.load(ordering: .relaxed) }

    /// Connections open now.
    public var openConnections: Int { context.watch.openConnections }

    /// Connections closed so far because they did not deliver a complete request within
    /// ``HTTPServerConfiguration/requestReadTimeoutSeconds``.
    public var slowConnectionsClosed: Int { context.watch.slowConnectionsClosed }

    /// Stops gracefully: stops listening (new connections are refused), answers every request that
    /// arrives on an open connection with `Connection: close`, closes connections idle since their last
    /// answer, and waits up to `graceSeconds` for the rest to finish before closing every connection.
    /// Safe to call more than once.
    public func stop(graceSeconds: Double = 10) {
        guard
            let running = daemon.withLock({ d -> OpaquePointer? in
                let r = d; d = nil; return r
            })
        else { return }
        let listenSocket = MHD_quiesce_daemon(running)
        // The socket may only be closed after MHD_stop_daemon; shutting it down refuses new connections
        // now, before any answer says `Connection: close` (so a client reconnecting is refused, not
        // left in the backlog).
        if listenSocket >= 0 { shutdown(listenSocket, Int32(SHUT_RDWR)) }
        context.watch.startDraining()
        let deadline = Date().addingTimeInterval(max(0, graceSeconds))
        while (context.inFlight.load(ordering: .acquiring) > 0 || context.watch.openConnections > 0) && Date() < deadline {
            usleep(5_000)
        }
        MHD_stop_daemon(running)
        context.watch.stopWatching()
        if listenSocket >= 0 { close(listenSocket) }
    }
}

/// What the C callbacks reach through their context pointer.
private final class DaemonContext: Sendable {
    let handler: @Sendable (HTTPRequest) -> HTTPResponse
    let rejected: @Sendable (ServiceError) -> Void
    let maximumBodyBytes: Int
    let trustedProxies: TrustedProxies
    let inFlight = Atomic<Int>(0)
    let watch: ConnectionWatch
    /// What libmicrohttpd's logger calls (``badLengthHandler`` with this context): written once before
    /// the daemon starts, freed with the context (after the daemon stopped).
    nonisolated(unsafe) let logger = UnsafeMutablePointer<indoornav_mhd_logger_context>.allocate(capacity: 1)

    init(
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse, rejected: @escaping @Sendable (ServiceError) -> Void,
        maximumBodyBytes: Int, trustedProxies: TrustedProxies, watch: ConnectionWatch
    ) {
        self.handler = handler; self.rejected = rejected; self.maximumBodyBytes = maximumBodyBytes
        self.trustedProxies = trustedProxies; self.watch = watch
        logger.initialize(to: indoornav_mhd_logger_context(callback: nil, cls: nil))
    }

    /// Per thread: the connection whose request line the thread read last and whose headers have not
    /// reached the access handler. libmicrohttpd's logger names no connection; this finds the one whose
    /// `Content-Length` it refuses (a connection is always served by one thread: its pool worker, or
    /// its own).
    private let readingKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The connection this thread is reading the headers of, if any.
    func reading() -> OpaquePointer? { pthread_getspecific(readingKey).map { OpaquePointer($0) } }

    /// `connection`'s request line arrived on this thread.
    func noteReading(_ connection: OpaquePointer) { pthread_setspecific(readingKey, UnsafeRawPointer(connection)) }

    /// `connection`'s headers reached the access handler, were refused, or its request completed.
    func doneReading(_ connection: OpaquePointer) {
        if reading() == connection { pthread_setspecific(readingKey, nil) }
    }

    deinit {
        logger.deallocate()
        pthread_key_delete(readingKey)
    }
}

/// The key of a connection in the ``ConnectionWatch`` (its address, unique while it is open).
private func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))) }

private let connectionHandler: MHD_NotifyConnectionCallback = { cls, connection, _, toe in
    guard let cls, let connection else { return }
    let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
    if toe.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED
        let socket = indoornav_mhd_connection_fd(connection)
        if let refusal = context.watch.opened(key(connection), socket: socket, address: peerAddress(of: connection)) {
            // Answered now, before any request: the sending side is shut and a request on it is dropped.
            let bytes = rawResponse(refusal.response)
            _ = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
            shutdown(socket, Int32(SHUT_WR))
            context.rejected(refusal)
        }
    } else {  // MHD_CONNECTION_NOTIFY_CLOSED
        context.watch.closed(key(connection))
    }
}

private let requestLineHandler:
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = { cls, _, connection in
        if let cls, let connection {
            let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
            context.noteReading(connection)
            context.watch.requestLineArrived(key(connection))
        }
        return nil
    }

/// libmicrohttpd refuses the `Content-Length` of the connection being read on this thread and is about
/// to send its own HTML answer: when the header is indeed malformed (``HTTPFraming/lengthProblem(_:maximumBodyBytes:)``
/// names the problem, so this is the right connection), the service's answer in the `Error` form goes
/// out first with `Connection: close` and the socket's sending side is shut, so the library's answer
/// fails to send and it closes the connection.
private let badLengthHandler: indoornav_mhd_bad_length_callback = { cls in
    guard let cls else { return }
    let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
    guard let connection = context.reading() else { return }
    let headers = collect(connection, kind: .HEADER_KIND, lowercased: true, list: true)
    guard let length = headers.values["content-length"],
        let problem = HTTPFraming.lengthProblem(length, maximumBodyBytes: context.maximumBodyBytes)
    else { return }
    context.doneReading(connection)
    var response = problem.response
    if response.header("Connection") == nil { response.headers.append(("Connection", "close")) }
    let socket = indoornav_mhd_connection_fd(connection)
    guard socket >= 0 else { return }
    let bytes = rawResponse(response)
    _ = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
    shutdown(socket, Int32(SHUT_WR))
    context.rejected(problem)
}

/// The headers and body of one request as it arrives (touched only by the connection's thread).
private final class RequestBuffer {
    var body: [UInt8] = []
    var tooLarge = false
    /// Headers by lower-case name (the last value wins).
    var headers: [String: String] = [:]
    /// `Forwarded` and `X-Forwarded-For` lines, kept only from a trusted proxy.
    var forwarded: [String] = []
    var forwardedFor: [String] = []
}

/// Collects query arguments or headers through `MHD_get_connection_values`.
private final class QueryCollector {
    var values: [String: String] = [:]
    /// Headers in arrival order, repeats included (headers only).
    var list: [HTTPFraming.Header] = []
    var lowercased = false
    var listing = false
    /// Whether a name or value was not UTF-8.
    var invalidUTF8 = false
    /// Whether a name or value held a NUL byte (`%00` in a query), which no parameter may contain.
    var containsNUL = false
}

private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadDataSize, requestContext in
    guard let cls, let connection, let requestContext, let uploadDataSize else { return .NO }
    let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
    guard let existing = requestContext.pointee else {
        // First call: headers only. Check the framing before any body is read; keep a buffer for it.
        context.inFlight.add(1, ordering: .relaxed)
        context.doneReading(connection)
        let buffer = RequestBuffer()
        requestContext.pointee = Unmanaged.passRetained(buffer).toOpaque()
        guard context.watch.headersArrived(key(connection)) else { return .NO }  // refused at opening
        let collected = collect(connection, kind: .HEADER_KIND, lowercased: true, list: true)
        buffer.headers = collected.values
        if !context.trustedProxies.networks.isEmpty {
            for header in collected.list {
                switch header.name.lowercased() {
                case "forwarded": buffer.forwarded.append(header.value)
                case "x-forwarded-for": buffer.forwardedFor.append(header.value)
                default: break
                }
            }
        }
        let methodName = method.map { String(cString: $0) } ?? ""
        let problem =
            collected.invalidUTF8 || collected.containsNUL
            ? .malformedRequest(reason: collected.containsNUL ? "a header holds a NUL byte" : "a header is not UTF-8")
            : HTTPFraming.problem(
                method: methodName, target: url.flatMap { String(validatingCString: $0) }, headers: collected.list,
                maximumBodyBytes: context.maximumBodyBytes)
        guard let problem else { return .YES }
        // Answered without reading the body; libmicrohttpd then closes the connection (the body was
        // not consumed, and the answer says `Connection: close`).
        context.rejected(problem)
        context.watch.answering(key(connection))
        var response = problem.response
        if response.header("Connection") == nil { response.headers.append(("Connection", "close")) }
        return send(response, on: connection)
    }
    let buffer = Unmanaged<RequestBuffer>.fromOpaque(existing).takeUnretainedValue()
    let size = uploadDataSize.pointee
    if size > 0 {
        if !buffer.tooLarge {
            if buffer.body.count + size > context.maximumBodyBytes {
                buffer.tooLarge = true
                buffer.body = []
            } else if let uploadData {
                buffer.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: size))
            }
        }
        uploadDataSize.pointee = 0
        return .YES
    }
    context.watch.answering(key(connection))
    let query = collect(connection, kind: .GET_ARGUMENT_KIND, lowercased: false, list: false)
    if query.invalidUTF8 || query.containsNUL {
        let problem = ServiceError.malformedRequest(reason: query.containsNUL ? "the query holds a NUL byte" : "the query is not UTF-8")
        context.rejected(problem)
        return send(problem.response, on: connection)
    }
    let peer = peerAddress(of: connection)
    let request = HTTPRequest(
        method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "/",
        query: query.values, body: buffer.body, bodyTooLarge: buffer.tooLarge, headers: buffer.headers,
        clientAddress: context.trustedProxies.client(peer: peer, forwarded: buffer.forwarded, forwardedFor: buffer.forwardedFor),
        peerAddress: peer)
    buffer.body = []
    var response = context.handler(request)
    if context.watch.isDraining { response.headers.append(("Connection", "close")) }
    return send(response, on: connection)
}

/// The peer's IPv4 address as a dotted quad, empty when unknown.
private func peerAddress(of connection: OpaquePointer) -> String {
    var address = [CChar](repeating: 0, count: 16)
    _ = indoornav_mhd_client_ipv4(connection, &address, address.count)
    return String(decoding: address.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A whole HTTP/1.1 response as bytes (for answers written straight to a socket).
private func rawResponse(_ response: HTTPResponse) -> [UInt8] {
    let reasons = [400: "Bad Request", 413: "Content Too Large", 429: "Too Many Requests", 503: "Service Unavailable"]
    var head = "HTTP/1.1 \(response.status) \(reasons[response.status] ?? "Error")\r\n"
    for header in response.headers { head += "\(header.name): \(header.value)\r\n" }
    head += "Content-Length: \(response.body.count)\r\n\r\n"
    return Array(head.utf8) + response.body
}

/// Query arguments or headers of a connection (names lower-cased when asked; with `list`, also every
/// one in arrival order with its name as sent).
private func collect(_ connection: OpaquePointer, kind: MHD_ValueKind, lowercased: Bool, list: Bool) -> QueryCollector {
    let collector = QueryCollector()
    collector.lowercased = lowercased
    collector.listing = list
    // The sized iterator: a value's length is its byte count, so a decoded `%00` cannot cut it short.
    _ = MHD_get_connection_values_n(
        connection, kind,
        { cls, _, key, keySize, value, valueSize in
            guard let cls, let key else { return .YES }
            let collector = Unmanaged<QueryCollector>.fromOpaque(cls).takeUnretainedValue()
            let nameBytes = UnsafeRawBufferPointer(start: key, count: keySize)
            let valueBytes =
                value.map { UnsafeRawBufferPointer(start: $0, count: valueSize) } ?? UnsafeRawBufferPointer(start: nil, count: 0)
            if nameBytes.contains(0) || valueBytes.contains(0) {
                collector.containsNUL = true
                return .YES
            }
            guard let name = String(validating: nameBytes, as: UTF8.self), let text = String(validating: valueBytes, as: UTF8.self) else {
                collector.invalidUTF8 = true
                return .YES
            }
            collector.values[collector.lowercased ? name.lowercased() : name] = text
            if collector.listing { collector.list.append(HTTPFraming.Header(name: name, value: text)) }
            return .YES
        }, Unmanaged.passUnretained(collector).toOpaque())
    return collector
}

private let completedHandler: MHD_RequestCompletedCallback = { cls, connection, requestContext, _ in
    if let cls, let connection { Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue().doneReading(connection) }
    if let cls, let connection { Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue().watch.answered(key(connection)) }
    guard let requestContext, let existing = requestContext.pointee else { return }
    Unmanaged<RequestBuffer>.fromOpaque(existing).release()
    requestContext.pointee = nil
    if let cls { Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue().inFlight.subtract(1, ordering: .releasing) }
}

private func send(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let created = response.body.withUnsafeBytes { bytes in
        indoornav_mhd_response_copy(bytes.count, bytes.baseAddress)
    }
    guard let mhdResponse = created else { return .NO }
    for header in response.headers { _ = MHD_add_response_header(mhdResponse, header.name, header.value) }
    let result = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
    MHD_destroy_response(mhdResponse)
    return result
}

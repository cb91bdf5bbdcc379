import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd that hands every complete request to a handler.
///
/// The only file that calls libmicrohttpd. Bodies are collected up to
/// ``HTTPServerConfiguration/maximumBodyBytes``; longer ones are discarded and the request is passed
/// on with ``HTTPRequest/bodyTooLarge`` set. The handler runs on the daemon's threads and must be
/// thread-safe.
public final class HTTPDaemon: Sendable {
    /// The port the server listens on (the ephemeral one when started on port 0).
    public let port: Int
    /// The configuration it was started with.
    public let configuration: HTTPServerConfiguration
    private let context: DaemonContext
    private let daemon: Mutex<OpaquePointer?>

    /// Starts listening at once.
    /// - Throws: ``ServiceError/invalidConfiguration(field:reason:)`` for a bad configuration,
    ///   ``ServiceError/cannotListen(address:port:)`` when the address or port cannot be bound.
    public init(configuration: HTTPServerConfiguration, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws(ServiceError) {
        let checked = try configuration.validated()
        let context = DaemonContext(handler: handler, maximumBodyBytes: checked.maximumBodyBytes)
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
        guard let started = indoornav_mhd_start(flags, checked.bindAddress, UInt16(checked.port), accessHandler, opaque,
                                                completedHandler, opaque, poolSize, UInt32(checked.connectionLimit),
                                                UInt32(checked.connectionTimeoutSeconds), 0) else {
            throw .cannotListen(address: checked.bindAddress, port: checked.port)
        }
        self.context = context
        self.configuration = checked
        self.port = Int(indoornav_mhd_bound_port(started))
        self.daemon = Mutex(started)
    }

    deinit { stop(graceSeconds: 0) }

    /// Requests accepted and not yet completed.
    public var requestsInFlight: Int { context.inFlight.load(ordering: .relaxed) }

    /// Stops accepting connections, lets requests in flight finish (waiting up to `graceSeconds`), then
    /// closes every connection. Safe to call more than once.
    public func stop(graceSeconds: Double = 10) {
        guard let running = daemon.withLock({ d -> OpaquePointer? in let r = d; d = nil; return r }) else { return }
        let listenSocket = MHD_quiesce_daemon(running)
        let deadline = Date().addingTimeInterval(max(0, graceSeconds))
        while context.inFlight.load(ordering: .acquiring) > 0 && Date() < deadline {
            usleep(5_000)
        }
        MHD_stop_daemon(running)
        if listenSocket >= 0 { close(listenSocket) }
    }
}

/// What the C callbacks reach through their context pointer.
private final class DaemonContext: Sendable {
    let handler: @Sendable (HTTPRequest) -> HTTPResponse
    let maximumBodyBytes: Int
    let inFlight = Atomic<Int>(0)

    init(handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse, maximumBodyBytes: Int) {
        self.handler = handler; self.maximumBodyBytes = maximumBodyBytes
    }
}

/// The body of one request as it arrives (touched only by the connection's thread).
private final class RequestBuffer {
    var body: [UInt8] = []
    var tooLarge = false
}

/// Collects query arguments or headers through `MHD_get_connection_values`.
private final class QueryCollector {
    var values: [String: String] = [:]
    var lowercased = false
}

private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadDataSize, requestContext in
    guard let cls, let connection, let requestContext, let uploadDataSize else { return .NO }
    let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
    guard let existing = requestContext.pointee else {
        // First call: headers only. Keep a buffer for the body.
        context.inFlight.add(1, ordering: .relaxed)
        requestContext.pointee = Unmanaged.passRetained(RequestBuffer()).toOpaque()
        return .YES
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
    let query = values(of: connection, kind: .GET_ARGUMENT_KIND, lowercased: false)
    let headers = values(of: connection, kind: .HEADER_KIND, lowercased: true)
    let request = HTTPRequest(method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "/",
                              query: query, body: buffer.body, bodyTooLarge: buffer.tooLarge, headers: headers)
    buffer.body = []
    return send(context.handler(request), on: connection)
}

/// Query arguments or headers of a connection (header names lower-cased).
private func values(of connection: OpaquePointer, kind: MHD_ValueKind, lowercased: Bool) -> [String: String] {
    let collector = QueryCollector()
    collector.lowercased = lowercased
    _ = MHD_get_connection_values(connection, kind, { cls, _, key, value in
        guard let cls, let key else { return .YES }
        let collector = Unmanaged<QueryCollector>.fromOpaque(cls).takeUnretainedValue()
        let name = String(cString: key)
        collector.values[collector.lowercased ? name.lowercased() : name] = value.map { String(cString: $0) } ?? ""
        return .YES
    }, Unmanaged.passUnretained(collector).toOpaque())
    return collector.values
}

private let completedHandler: MHD_RequestCompletedCallback = { cls, _, requestContext, _ in
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

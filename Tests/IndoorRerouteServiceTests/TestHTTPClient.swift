import Foundation
import LoopbackSupport
import Testing

/// The service tests' client: the shared loopback exchange (``LoopbackHTTP``), each answer checked
/// against docs/openapi.yaml when asked.
struct TestHTTPClient: Sendable {
    typealias Response = LoopbackHTTP.Response
    typealias ClientError = LoopbackHTTP.Failure

    let port: Int
    /// Whether every response is checked against docs/openapi.yaml (the service's answers; not the
    /// bare HTTP layer's test handlers).
    var checksContract = false

    func request(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]) throws -> Response {
        try request(method, path, bodyBytes: body.map { Array($0.utf8) }, headers: headers)
    }

    func request(_ method: String, _ path: String, bodyBytes: [UInt8]?, headers: [String: String] = [:]) throws -> Response {
        let response = try LoopbackHTTP.exchange(port: port, method, path, bodyBytes: bodyBytes, headers: headers)
        if checksContract {
            OpenAPIChecker.shared.check(
                method: method, path: path, status: response.status,
                contentType: response.headers["content-type"], body: response.body)
        }
        return response
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import MobileTokenAPI

/// Puts `DevServer` behind Hummingbird: collects the body, converts the request and the response.
struct DevServerResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let server: DevServer
    /// Which listener this responder serves.
    var listener: DevServerListener = .main

    func respond(to request: Request, context: Context) async throws -> Response {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: DevServer.maximumBodySize)
        } catch {
            return Self.convert(
                Envelope.failure(APIFailure(.invalidRequest, "the request body is larger than 1 MiB")), status: 413)
        }
        var headers: [String: String] = [:]
        for field in request.headers where headers[field.name.canonicalName] == nil {
            headers[field.name.canonicalName] = field.value
        }
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters where query[String(name)] == nil {
            query[String(name)] = String(value)
        }
        let serverRequest = ServerRequest(
            method: request.method.rawValue, path: request.uri.path, query: query, headers: headers,
            body: Data(buffer.readableBytesView), listener: listener)
        return Self.convert(await server.respond(to: serverRequest))
    }

    static func convert(_ response: ServerResponse, status: Int? = nil) -> Response {
        var fields = HTTPFields()
        for (name, value) in response.headers {
            if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
        }
        return Response(
            status: .init(code: status ?? response.status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: response.body)))
    }
}

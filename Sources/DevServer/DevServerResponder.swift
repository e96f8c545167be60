import Foundation
import HTTPTypes
import Hummingbird
import MobileTokenAPI

/// Puts `DevServer` behind Hummingbird: collects the body, converts the request and the response.
struct DevServerResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let server: DevServer
    /// How long the body may take to arrive once the head is in.
    let bodyTimeout: Duration
    /// Which listener this responder serves.
    var listener: DevServerListener = .main

    func respond(to request: Request, context: Context) async throws -> Response {
        let buffer: ByteBuffer
        switch await Self.collectBody(of: request, timeout: bodyTimeout) {
        case .body(let collected):
            buffer = collected
        case .tooLarge:
            return Self.convert(
                Envelope.failure(APIFailure(.invalidRequest, "the request body is larger than 1 MiB")), status: 413)
        case .timedOut:
            // The connection is closed after this answer: the rest of the body may still be on its way.
            var response = Self.convert(
                Envelope.failure(APIFailure(.invalidRequest, "the request body did not arrive in time")), status: 408)
            response.headers[.connection] = "close"
            return response
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

    enum BodyOutcome: Sendable {
        case body(ByteBuffer)
        case tooLarge
        case timedOut
    }

    /// The whole body, unless it is over the size limit or still incomplete after `timeout`: the
    /// header timeout ends once the head is in, so without this a client trickling its body would
    /// hold a connection (and a task) for as long as it liked.
    static func collectBody(of request: Request, timeout: Duration) async -> BodyOutcome {
        await withTaskGroup(of: BodyOutcome?.self) { group in
            group.addTask {
                var request = request
                do {
                    return .body(try await request.collectBody(upTo: DevServer.maximumBodySize))
                } catch {
                    return Task.isCancelled ? nil : .tooLarge
                }
            }
            group.addTask {
                do {
                    try await Task.sleep(for: timeout)
                    return .timedOut
                } catch {
                    return nil
                }
            }
            var outcome = BodyOutcome.timedOut
            for await result in group {
                if let result {
                    outcome = result
                    break
                }
            }
            group.cancelAll()
            return outcome
        }
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

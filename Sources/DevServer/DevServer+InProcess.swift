import Foundation
import HTTPTypes
import Hummingbird
import MobileTokenAPI
import NIOCore

extension DevServer {
    /// Answers one request in-process through the same router a listener runs (tests call this without a socket).
    package func respond(to request: ServerRequest) async -> ServerResponse {
        guard let method = HTTPRequest.Method(request.method) else { return DevServerRoutes.unmatched(self, request) }
        var fields = HTTPFields()
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
        }
        var target = request.path
        if !request.query.isEmpty {
            var allowed = CharacterSet.urlQueryAllowed
            allowed.remove(charactersIn: "&=+")
            target +=
                "?"
                + request.query.sorted(by: { $0.key < $1.key }).map { name, value in
                    (name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name) + "="
                        + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
                }.joined(separator: "&")
        }
        let responder = DevServerRoutes.router(
            self, listener: request.listener, bodyTimeout: DevServerApplication.defaultBodyTimeout
        ).buildResponder()
        var head = HTTPRequest(method: method, scheme: nil, authority: nil, path: nil, headerFields: fields)
        // As a connection's parser hands it over: only newlines and NULs become spaces.
        head.pseudoHeaderFields.path = HTTPField.Name(parsed: ":path").map {
            HTTPField(name: $0, lenientValue: Array(target.utf8))
        }
        do {
            let response = try await responder.respond(
                to: Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: request.body))),
                context: DevServerContext(logger: logger))
            let collector = BodyCollector()
            try await response.body.write(CollectingWriter(collector: collector))
            return ServerResponse(
                status: response.status.code,
                headers: response.headers.map { ($0.name.rawName, $0.value) }, body: collector.data)
        } catch {
            return Envelope.failure(APIFailure(.generic, "the request could not be answered"))
        }
    }
}

/// Where `CollectingWriter` leaves the body (one task writes, then the caller reads).
private final class BodyCollector: @unchecked Sendable {
    // @unchecked Sendable: written by one `write` call at a time, read after the write finished.
    var data = Data()
}

/// A response body writer that keeps the bytes.
private struct CollectingWriter: ResponseBodyWriter {
    let collector: BodyCollector

    mutating func write(_ buffer: ByteBuffer) async throws {
        collector.data.append(contentsOf: buffer.readableBytesView)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

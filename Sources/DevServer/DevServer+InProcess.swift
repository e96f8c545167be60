package import FoundationEssentials
import HTTPTypes
import Hummingbird
import MobileTokenAPI
import NIOCore
import QRAuthEncoding

extension DevServer {
    /// Answers one request in-process through the same router a listener runs (tests call this without a socket):
    /// the request is built as a connection's parser would hand it to Hummingbird, and the answer is read back.
    /// Header names are case-insensitive; `query` is percent-encoded into the target.
    package func respond(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: Data = Data(), listener: DevServerListener = .main
    ) async -> (status: Int, headers: [(name: String, value: String)], body: Data) {
        var fields = HTTPFields()
        var seen = Set<String>()
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where seen.insert(name.lowercased()).inserted {
            if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
        }
        var target = path
        if !query.isEmpty {
            target +=
                "?" + PercentEncoding.encodePairs(query.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) })
        }
        let responder = DevServerRoutes.router(
            self, listener: listener, bodyTimeout: DevServerApplication.defaultBodyTimeout
        ).buildResponder()
        let answer: Response
        do {
            guard let method = HTTPRequest.Method(method.uppercased()) else {
                throw APIFailure(.notFound, "no \(method.uppercased()) endpoint \(path)")
            }
            var head = HTTPRequest(method: method, scheme: nil, authority: nil, path: nil, headerFields: fields)
            // As a connection's parser hands it over: only newlines and NULs become spaces.
            head.pseudoHeaderFields.path = HTTPField.Name(parsed: ":path").map {
                HTTPField(name: $0, lenientValue: Array(target.utf8))
            }
            answer = try await responder.respond(
                to: Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: body))),
                context: DevServerContext(logger: logger))
        } catch let failure as APIFailure {
            answer = failure.envelope()
        } catch {
            answer = APIFailure(.generic, "the request could not be answered").envelope()
        }
        let collector = BodyCollector()
        do {
            try await answer.body.write(CollectingWriter(collector: collector))
        } catch {
            return (500, [], Data())
        }
        return (answer.status.code, answer.headers.map { ($0.name.rawName, $0.value) }, collector.data)
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

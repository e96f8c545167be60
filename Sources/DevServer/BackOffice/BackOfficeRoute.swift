package import FoundationEssentials
import Hummingbird
import MobileTokenAPI
import QRAuthEncoding

/// One back-office endpoint: a `POST` path under `/rest/v3` and its handler. The router adds the gates every
/// route shares (the `--backoffice` switch, the listener, Basic auth) and turns a thrown `BackOfficeFailure` into
/// the error envelope.
///
/// Make routes with `BackOfficeRoute.typed(_:_:_:)`: it decodes the `requestObject` into a `Decodable` body (with
/// the real server's errors for unreadable and incomplete bodies) and wraps the handler's answer in
/// `{"status":"OK","responseObject":…}`.
package struct BackOfficeRoute: Sendable {
    /// The handler: the server and the request in, a complete response out.
    typealias Handler = @Sendable (BackOfficeService, Request, DevServerContext) throws(BackOfficeFailure) -> Response

    /// The full path, e.g. `/rest/v3/operation/create`.
    package let path: String
    /// What answers it.
    let handler: Handler

    /// A route with a raw handler (for answers that are not a plain `responseObject`).
    init(_ path: String, handler: @escaping Handler) {
        self.path = path
        self.handler = handler
    }

    /// A route whose body is `{"requestObject": Body}` and whose answer is `responseObject`.
    static func typed<Body: Decodable & Sendable, Answer: Encodable & Sendable>(
        _ path: String, _ body: Body.Type,
        _ handler: @escaping @Sendable (BackOfficeService, Body) throws(BackOfficeFailure) -> Answer
    ) -> BackOfficeRoute {
        BackOfficeRoute(path) { server, request, context throws(BackOfficeFailure) in
            BackOfficeEnvelope.ok(try handler(server, try BackOfficeRoute.requestObject(context.body, as: Body.self)))
        }
    }

    /// A route answered by one `BackOfficeService` method of the typed `requestObject`
    /// (`.typed(path, BackOfficeService.createTemplate)`).
    static func typed<Body: Decodable & Sendable, Answer: Encodable & Sendable>(
        _ path: String, _ method: @escaping @Sendable (BackOfficeService) -> (Body) throws(BackOfficeFailure) -> Answer
    ) -> BackOfficeRoute {
        typed(path, Body.self) { server, body throws(BackOfficeFailure) in try method(server)(body) }
    }

    /// The typed `requestObject` of a back-office body (read by `DevServerRequestDecoder`). Not JSON, not an
    /// object, or a member of the wrong type: `ERROR_HTTP_REQUEST` (the server's `HttpMessageNotReadableException`);
    /// no `requestObject` or a required member absent: `ERR0024` (its validation error). A body without input may
    /// be `{}` or empty when `Body` has no required member.
    package static func requestObject<Body: Decodable>(
        _ body: Data, as type: Body.Type
    ) throws(BackOfficeFailure) -> Body {
        let value: JSONValue
        do {
            value = try DevServerRequestDecoder.decode(JSONValue.self, from: body.isEmpty ? Data("{}".utf8) : body)
        } catch {
            throw BackOfficeFailure(.httpRequest, "the request body is not JSON")
        }
        guard case .object(let members) = value else {
            throw BackOfficeFailure(.httpRequest, "the request body is not a JSON object")
        }
        let object: JSONValue
        switch members["requestObject"] {
        case nil, .null?:
            // Bodies without required members (lists) still decode from an absent requestObject.
            if let empty = try? BackOfficeEnvelope.decoder.decode(Body.self, from: Data("{}".utf8)) { return empty }
            throw BackOfficeFailure(.invalidRequest, "requestObject must not be null")
        case .object?:
            object = members["requestObject"] ?? .null
        default:
            throw BackOfficeFailure(.httpRequest, "requestObject is not a JSON object")
        }
        do {
            return try BackOfficeEnvelope.decoder.decode(Body.self, from: JSONEncoder().encode(object))
        } catch let error as DecodingError {
            throw failure(error)
        } catch let error as BackOfficeFailure {
            throw error
        } catch {
            throw BackOfficeFailure(.httpRequest, "the requestObject cannot be read")
        }
    }

    /// The failure for a `requestObject` that does not decode, naming the member.
    static func failure(_ error: DecodingError) -> BackOfficeFailure {
        func name(_ path: [any CodingKey]) -> String {
            (["requestObject"] + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue })
                .joined(separator: ".").replacingEvery(".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return BackOfficeFailure(.invalidRequest, "\(name(context.codingPath + [key])) must not be null")
        case .valueNotFound(_, let context):
            return BackOfficeFailure(.invalidRequest, "\(name(context.codingPath)) must not be null")
        case .typeMismatch(_, let context):
            return BackOfficeFailure(.httpRequest, "\(name(context.codingPath)) has the wrong type")
        case .dataCorrupted(let context):
            return BackOfficeFailure(
                .httpRequest, "\(name(context.codingPath)) cannot be read: \(context.debugDescription)")
        @unknown default:
            return BackOfficeFailure(.httpRequest, "the requestObject cannot be read")
        }
    }
}

import FoundationEssentials
import Hummingbird
import Logging
import MobileTokenAPI
import QRAuthEncoding

/// The request context of `qrauth serve`'s routes: the listener the request came in on and the whole request body,
/// which `RequestBodyMiddleware` collects (within the size and time limits) before any route runs. Its
/// `requestDecoder` decodes JSON bodies into the wire types (`decode(_:from:)`).
struct DevServerContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The listener the request came in on (set by `RequestBodyMiddleware`).
    var listener = DevServerListener.main
    /// The request body (empty until `RequestBodyMiddleware` ran, and for a request without one).
    var body = Data()

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// A context without a connection, for answering a request in-process (`DevServer.respond`).
    init(logger: Logger) {
        coreContext = .init(source: InProcessSource(logger: logger))
    }

    var requestDecoder: DevServerRequestDecoder { DevServerRequestDecoder() }

    /// The body of `request` as `type`, its `DecodingError` as it is (`Request.decode(as:context:)` would turn it
    /// into a generic 400; each area answers with its own envelope).
    func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        try await requestDecoder.decode(type, from: request, context: self)
    }

    private struct InProcessSource: RequestContextSource {
        let logger: Logger
    }
}

/// Decodes a request body as JSON, refusing a document with a repeated key (`JSONDuplicateKeys`) the way every
/// JSON reader of the project does; failures are `DecodingError`s, which each area maps to its own envelope.
struct DevServerRequestDecoder: RequestDecoder {
    func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let body: Data
        if let context = context as? DevServerContext {
            body = context.body
        } else {
            var request = request
            body = Data(try await request.collectBody(upTo: DevServer.maximumBodySize).readableBytesView)
        }
        return try Self.decode(T.self, from: body)
    }

    /// Decodes `body` as JSON after refusing a repeated key.
    static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws -> T {
        try JSONDuplicateKeys.decode(T.self, from: body)
    }
}

extension DevServerContext {
    /// Parses a body as JSON; returns its `requestObject` (nil when absent or for an empty body); anything but a
    /// JSON object is `invalidRequest`.
    func requestObject(_ request: Request) async throws(APIFailure) -> JSONValue? {
        guard !body.isEmpty else { return nil }
        let value: JSONValue
        do {
            value = try await decode(JSONValue.self, from: request)
        } catch {
            throw APIFailure(.invalidRequest, "the request body is not JSON")
        }
        guard case .object(let members) = value else {
            throw APIFailure(.invalidRequest, "the request body is not a JSON object")
        }
        return members["requestObject"]
    }

    /// The typed `requestObject` of a Mobile Token API body (`MobileTokenAPI` request bodies), decoded by the
    /// context's `requestDecoder`; a failure names the body, the envelope or the field (`requestObject.id is
    /// missing or not a string`).
    func requestObject<Object: Decodable & Sendable>(
        _ request: Request, as type: Object.Type
    ) async throws(APIFailure) -> Object {
        guard !body.isEmpty else { throw APIFailure(.invalidRequest, "the request has no requestObject") }
        let envelope: RequestEnvelope<Object>
        do {
            envelope = try await decode(RequestEnvelope<Object>.self, from: request)
        } catch let error as DecodingError {
            throw Self.requestFailure(error)
        } catch {
            throw APIFailure(.invalidRequest, "the request body is not JSON")
        }
        guard let object = envelope.requestObject else {
            throw APIFailure(.invalidRequest, "the request has no requestObject")
        }
        return object
    }

    /// The failure for a body that does not decode: not JSON, not an object, no object in `requestObject`, or a
    /// field (all the typed fields of the Mobile Token API requests are strings).
    static func requestFailure(_ error: DecodingError) -> APIFailure {
        let path: [any CodingKey]
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
        @unknown default:
            path = []
        }
        switch path.count {
        case 0:
            if case .dataCorrupted = error { return APIFailure(.invalidRequest, "the request body is not JSON") }
            return APIFailure(.invalidRequest, "the request body is not a JSON object")
        case 1:
            return APIFailure(.invalidRequest, "requestObject is not an object")
        default:
            return APIFailure(.invalidRequest, "requestObject.\(path[1].stringValue) is missing or not a string")
        }
    }
}

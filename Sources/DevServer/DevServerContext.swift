import Foundation
import Hummingbird
import Logging
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

import Foundation
import Hummingbird
import Logging

/// The request context of `qrauth serve`'s routes: the whole request body, which `RequestBodyMiddleware`
/// collects (within the size and time limits) before any route runs.
struct DevServerContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The request body (empty until `RequestBodyMiddleware` ran, and for a request without one).
    var body = Data()

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// A context without a connection, for answering a request in-process (`DevServer.respond(to:)`).
    init(logger: Logger) {
        coreContext = .init(source: InProcessSource(logger: logger))
    }

    private struct InProcessSource: RequestContextSource {
        let logger: Logger
    }
}

import FoundationEssentials
import HTTPTypes
import Hummingbird
import MobileTokenAPI

/// A request that ends in an error envelope: a code and a human message. Handlers throw it; as an
/// `HTTPResponseError` the router turns it into `{"status":"ERROR","responseObject":{"code","message"}}` with its
/// HTTP status (`response(from:context:)`, the one place that writes this body). Mobile Token API failures use a
/// `ServerErrorCode`; PowerAuth REST failures (`/pa/v3`: `ERR_ENCRYPTION` …, spec §6) carry their own code text
/// and HTTP status in `wire`.
struct APIFailure: HTTPResponseError, Sendable {
    /// The envelope code (for a `wire` failure: `.generic`, which only decides logging).
    var code: ServerErrorCode
    /// The envelope message.
    var message: String
    /// The code text and HTTP status of a failure whose code is not a Mobile Token API one.
    var wire: (code: String, status: Int)?

    init(_ code: ServerErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    /// A failure with its own code text and HTTP status (`ERR_ACTIVATION`, 400).
    init(wireCode: String, status: Int, _ message: String) {
        self.code = .generic
        self.message = message
        self.wire = (wireCode, status)
    }

    /// The code written into the envelope.
    var codeText: String { wire?.code ?? code.rawValue }
    /// The HTTP status of the answer.
    var httpStatus: Int { wire?.status ?? code.httpStatus }

    /// Whether the refusal points at a bug or an attack and is logged (`UnmatchedRouteMiddleware`); `/pa/v3` and
    /// lifecycle refusals (`wire`) are logged with their reason where they are made.
    var isLogged: Bool { wire == nil && (code == .generic || code == .powerAuthFailed) }

    var status: HTTPResponse.Status { .init(code: httpStatus) }

    /// The error envelope with the failure's HTTP status.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        envelope()
    }

    /// The error envelope (also for answers made outside a route, such as the body limits).
    func envelope() -> Response {
        Envelope.encode(
            ResponseEnvelope<EmptyPayload>(.error(ServerErrorBody(code: codeText, message: message))),
            status: httpStatus)
    }
}

public import MobileTokenAPI
public import QRAuthEncoding

/// The one error of the back-office REST client: a stable code, a human reason, and what the server said.
///
/// An `ERR00nn` envelope keeps its code (`serverCode`) and message; an answer without an envelope (an HTML error
/// page, a 500, a proxy's 401) is `statusCode` with the HTTP status. Equality is by code.
public struct BackOfficeError: QRAuthError {
    /// Stable codes; the raw value is what scripts and logs see.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// Could not connect, or the connection broke.
        case network = "backoffice.network"
        /// No answer in time.
        case timeout = "backoffice.timeout"
        /// The calling task was cancelled.
        case cancelled = "backoffice.cancelled"
        /// The TLS handshake failed (untrusted chain, host name).
        case tls = "backoffice.tls"
        /// Certificate pinning refused the server; nothing was sent.
        case pinningDenied = "backoffice.pinning_denied"
        /// The URL is unusable (or plain HTTP while not allowed).
        case invalidURL = "backoffice.invalid_url"
        /// The server answered with an `ERROR` envelope (`serverCode` holds its `ERR00nn`).
        case server = "backoffice.server"
        /// A non-200 answer without an envelope: an HTML page, a 500, a 401 from Basic authentication.
        case statusCode = "backoffice.status_code"
        /// A 200 answer without the expected envelope or payload.
        case invalidResponse = "backoffice.invalid_response"
        /// The answer is larger than allowed.
        case responseTooLarge = "backoffice.response_too_large"
        /// The request could not be built or encoded.
        case invalidRequest = "backoffice.invalid_request"
    }

    /// The stable code.
    public let code: Code
    /// One human sentence; never contains secrets.
    public let reason: String
    /// The server's error code from the error envelope, when there was one.
    public let serverCode: BackOfficeErrorCode?
    /// The server's message from the error envelope.
    public let serverMessage: String?
    /// The HTTP status, when a response arrived.
    public let httpStatus: Int?

    /// Makes an error.
    public init(
        _ code: Code, _ reason: String, serverCode: BackOfficeErrorCode? = nil, serverMessage: String? = nil,
        httpStatus: Int? = nil
    ) {
        self.code = code
        self.reason = reason
        self.serverCode = serverCode
        self.serverMessage = serverMessage
        self.httpStatus = httpStatus
    }

    /// A human description: `backoffice.server: ...`.
    public var description: String { "\(code.rawValue): \(reason)" }
}

extension BackOfficeError {
    /// The back-office reading of a transport error.
    init(_ error: HTTPClientError) {
        self.init(Code(transport: error.code), error.reason)
    }
}

extension BackOfficeError.Code: TransportFailureCode {
    /// The back office has no signer: a signing failure is a bad request.
    static var signingFailed: Self { .invalidRequest }
}

extension BackOfficeError {
    /// Matches a bare code in `catch` and `switch` (`catch .timeout`) without importing `QRAuthEncoding`, whose
    /// `QRAuthError` gives the same match to code that imports it.
    public static func ~= (code: Code, error: BackOfficeError) -> Bool { error.code == code }
}

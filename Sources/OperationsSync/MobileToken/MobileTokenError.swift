import MobileTokenAPI
public import QRAuthEncoding

/// The one error of the Mobile Token API client: a stable code, a human reason, and what the server said.
///
/// Transport failures map the SDK's `WPNError` reasons; server answers keep their code (`serverCode`, for example
/// `POWERAUTH_AUTH_FAIL`) and HTTP status. Equality is by code.
public struct MobileTokenError: QRAuthError {
    /// Stable codes; the raw value is what scripts and logs see.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// Could not connect, or the connection broke (`network_generic`).
        case network = "mtoken.network"
        /// No answer in time (`network_timeOut`).
        case timeout = "mtoken.timeout"
        /// The calling task was cancelled.
        case cancelled = "mtoken.cancelled"
        /// The TLS handshake failed (untrusted chain, host name).
        case tls = "mtoken.tls"
        /// Certificate pinning refused the server; nothing was sent.
        case pinningDenied = "mtoken.pinning_denied"
        /// The URL is unusable (or plain HTTP while not allowed).
        case invalidURL = "mtoken.invalid_url"
        /// A non-200 answer without a decodable envelope (`network_errorStatusCode`).
        case statusCode = "mtoken.status_code"
        /// A 200 answer without the expected envelope (`network_invalidResponseObject`).
        case invalidResponse = "mtoken.invalid_response"
        /// The answer is larger than allowed.
        case responseTooLarge = "mtoken.response_too_large"
        /// No usable activation (`missingActivation`): nothing was sent.
        case missingActivation = "mtoken.missing_activation"
        /// The request could not be signed (wrong activation data, missing factor key).
        case signingFailed = "mtoken.signing_failed"
        /// An encrypted endpoint could not be encrypted for: no `PowerAuthEncryptor` configured, or the device file
        /// lacks the keys of the scope (application scope needs the master server public key); nothing was sent.
        case encryptionUnavailable = "mtoken.encryption_unavailable"
        /// An encrypted endpoint's answer does not verify: a bad MAC, an undecryptable or malformed encrypted body,
        /// a stale or replayed answer, or a 3.3 temporary key the client refuses.
        case responseRejected = "mtoken.response_rejected"
        /// The operation does not allow the chosen authentication.
        case factorNotAllowed = "mtoken.factor_not_allowed"
        /// The request could not be built or encoded.
        case invalidRequest = "mtoken.invalid_request"
        /// `POWERAUTH_AUTH_FAIL` (or a custom endpoint's `ERR_AUTHENTICATION`): the signature or token did not verify.
        case authenticationFailed = "mtoken.powerauth_auth_fail"
        /// `INVALID_ACTIVATION`.
        case invalidActivation = "mtoken.invalid_activation"
        /// `INVALID_OPERATION`: unknown operation or unexpected state.
        case invalidOperation = "mtoken.invalid_operation"
        /// `OPERATION_ALREADY_FINISHED`: approved or rejected already.
        case alreadyFinished = "mtoken.operation_already_finished"
        /// `OPERATION_ALREADY_FAILED`.
        case alreadyFailed = "mtoken.operation_already_failed"
        /// `OPERATION_ALREADY_CANCELED`.
        case alreadyCanceled = "mtoken.operation_already_canceled"
        /// `OPERATION_EXPIRED`.
        case expired = "mtoken.operation_expired"
        /// `OPERATION_FAILED`: the PowerAuth server refused the approval or rejection.
        case operationFailed = "mtoken.operation_failed"
        /// `OPERATION_REQUIRES_ACTIVATION_FLAG`.
        case requiresActivationFlag = "mtoken.operation_requires_activation_flag"
        /// Any other server error code (`serverCode` holds it), for example `ERROR_GENERIC`.
        case server = "mtoken.server"
    }

    /// The stable code.
    public let code: Code
    /// One human sentence; never contains secrets.
    public let reason: String
    /// The server's error code from the error envelope, when there was one.
    public let serverCode: String?
    /// The server's message from the error envelope.
    public let serverMessage: String?
    /// The HTTP status, when a response arrived.
    public let httpStatus: Int?

    /// Makes an error.
    public init(
        _ code: Code, _ reason: String, serverCode: String? = nil, serverMessage: String? = nil, httpStatus: Int? = nil
    ) {
        self.code = code
        self.reason = reason
        self.serverCode = serverCode
        self.serverMessage = serverMessage
        self.httpStatus = httpStatus
    }

    /// The code of a server error code string (the PowerAuth RESTful integration's `ERR_AUTHENTICATION`, which
    /// custom signed endpoints answer with, reads as `POWERAUTH_AUTH_FAIL`).
    public static func code(forServerCode serverCode: String) -> Code {
        if serverCode == "ERR_AUTHENTICATION" { return .authenticationFailed }
        return switch ServerErrorCode(rawValue: serverCode) {
        case .powerAuthFailed: .authenticationFailed
        case .invalidActivation: .invalidActivation
        case .invalidOperation: .invalidOperation
        case .operationAlreadyFinished: .alreadyFinished
        case .operationAlreadyFailed: .alreadyFailed
        case .operationAlreadyCanceled: .alreadyCanceled
        case .operationExpired: .expired
        case .operationFailed: .operationFailed
        case .operationRequiresActivationFlag: .requiresActivationFlag
        default: .server
        }
    }

    /// Whether the server answered (an error envelope or a status), as opposed to a transport failure.
    public var isServerAnswer: Bool { serverCode != nil || httpStatus != nil }

    /// A human description: `mtoken.powerauth_auth_fail: ...`.
    public var description: String { "\(code.rawValue): \(reason)" }

    /// Matches a bare code in `catch` and `switch` (`catch .timeout`) without importing `QRAuthEncoding`, whose
    /// `QRAuthError` gives the same match to code that imports it.
    public static func ~= (code: Code, error: MobileTokenError) -> Bool { error.code == code }
}

public import QRAuthEncoding

/// The one error of the enrollment client (`/pa/v3/*`): a stable code, a human reason, and what the server said.
///
/// Server error envelopes (`{"status":"ERROR","responseObject":{"code":"ERR_…","message":"POWER_AUTH_…"}}`) keep the
/// server's code and message; answers that do not verify (bad MAC, undecryptable, stale) and refused temporary keys
/// have their own codes. Equality is by code.
public struct EnrollmentError: QRAuthError {
    /// Stable codes; the raw value is what scripts and logs see.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// Could not connect, or the connection broke.
        case network = "enroll.network"
        /// No answer in time.
        case timeout = "enroll.timeout"
        /// The calling task was cancelled.
        case cancelled = "enroll.cancelled"
        /// The TLS handshake failed (untrusted chain, host name).
        case tls = "enroll.tls"
        /// Certificate pinning refused the server; nothing was sent.
        case pinningDenied = "enroll.pinning_denied"
        /// The URL is unusable (or plain HTTP while not allowed); nothing was sent.
        case invalidURL = "enroll.invalid_url"
        /// The request could not be built.
        case invalidRequest = "enroll.invalid_request"
        /// A non-200 answer without a decodable error envelope.
        case statusCode = "enroll.status_code"
        /// A 200 answer that is not the expected body.
        case invalidResponse = "enroll.invalid_response"
        /// The answer is larger than allowed.
        case responseTooLarge = "enroll.response_too_large"
        /// `ERR_ACTIVATION`: unknown, expired or used activation code, OTP mismatch, refused removal.
        case activationRefused = "enroll.activation_refused"
        /// `ERR_AUTHENTICATION`: the signature or token did not verify (or a factor is not allowed).
        case authenticationFailed = "enroll.authentication_failed"
        /// `ERR_ENCRYPTION`: the server could not decrypt the request (wrong key, stale timestamp, replay).
        case encryptionRefused = "enroll.encryption_refused"
        /// `ERR_TEMPORARY_KEY`: the server refused to issue a temporary key.
        case temporaryKeyRefused = "enroll.temporary_key_refused"
        /// Any other server error envelope (`serverCode` holds it).
        case server = "enroll.server"
        /// The activation code is malformed (length, alphabet, CRC-16).
        case invalidActivationCode = "enroll.invalid_activation_code"
        /// The activation code's signature does not verify with the master public key.
        case activationCodeSignature = "enroll.activation_code_signature"
        /// The server's encrypted answer does not verify or decrypt (bad MAC, wrong key, replayed answer).
        case responseRejected = "enroll.response_rejected"
        /// The server's encrypted answer carries a timestamp far from the request's (a stale or replayed answer).
        case staleResponse = "enroll.stale_response"
        /// The temporary key's JWT does not verify (signature, algorithm, claims).
        case temporaryKeyInvalid = "enroll.temporary_key_invalid"
        /// The server issued a temporary key that has already expired.
        case temporaryKeyExpired = "enroll.temporary_key_expired"
        /// The activation answer lacks or has malformed keys or counter data.
        case activationData = "enroll.activation_data"
        /// The status blob does not decrypt or check (unknown or CREATED activation, or other keys).
        case statusUnreadable = "enroll.status_unreadable"
        /// No usable device activation file; nothing was sent.
        case missingActivation = "enroll.missing_activation"
        /// The activation was removed; it signs nothing more.
        case activationRemoved = "enroll.activation_removed"
        /// The request could not be signed, or its counter could not be saved; nothing was sent.
        case signingFailed = "enroll.signing_failed"
        /// The chosen factor cannot sign this request.
        case factorNotAllowed = "enroll.factor_not_allowed"
        /// The application configuration is unusable (no master public key, bad key or secret).
        case configuration = "enroll.configuration"
    }

    /// The stable code.
    public let code: Code
    /// One human sentence; never contains secrets.
    public let reason: String
    /// The server's error code (`ERR_ACTIVATION`, …), when it sent an error envelope.
    public let serverCode: String?
    /// The server's message (`POWER_AUTH_ACTIVATION_INVALID`, …).
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

    /// The code of a `/pa/v3` server error code (spec: error responses).
    public static func code(forServerCode serverCode: String) -> Code {
        switch serverCode {
        case "ERR_ACTIVATION", "ERR_UPGRADE": .activationRefused
        case "ERR_AUTHENTICATION": .authenticationFailed
        case "ERR_ENCRYPTION": .encryptionRefused
        case "ERR_TEMPORARY_KEY": .temporaryKeyRefused
        default: .server
        }
    }

    /// A human description: `enroll.activation_refused: ...`.
    public var description: String { "\(code.rawValue): \(reason)" }
}

extension EnrollmentError {
    /// The enrollment reading of a transport error.
    init(_ error: HTTPClientError) {
        self.init(Code(transport: error.code), error.reason)
    }

    /// The enrollment reading of a signer failure (the device file, the factor).
    init(_ error: MobileTokenError) {
        let code: Code =
            switch error.code {
            case .missingActivation: .missingActivation
            case .factorNotAllowed: .factorNotAllowed
            default: .signingFailed
            }
        self.init(code, error.reason)
    }
}

extension EnrollmentError.Code: TransportFailureCode {}

extension MobileTokenError.Code {
    /// The Mobile Token code for the enrollment failures every reading shares (transport, a missing or removed
    /// activation); nil for the rest, which each caller reads in its own way.
    init?(sharedEnrollmentFailure code: EnrollmentError.Code) {
        switch code {
        case .network: self = .network
        case .timeout: self = .timeout
        case .cancelled: self = .cancelled
        case .tls: self = .tls
        case .pinningDenied: self = .pinningDenied
        case .invalidURL: self = .invalidURL
        case .responseTooLarge: self = .responseTooLarge
        case .missingActivation, .activationRemoved: self = .missingActivation
        default: return nil
        }
    }
}

extension MobileTokenError {
    /// The Mobile Token reading of an enrollment failure met while doing `what`: the shared codes map one to one,
    /// `otherwise` reads the rest; the server's code, message and HTTP status are kept.
    init(_ error: EnrollmentError, what: String, otherwise: (EnrollmentError.Code) -> Code) {
        self.init(
            Code(sharedEnrollmentFailure: error.code) ?? otherwise(error.code), "\(what): \(error.reason)",
            serverCode: error.serverCode, serverMessage: error.serverMessage, httpStatus: error.httpStatus)
    }
}

extension EnrollmentError {
    /// Matches a bare code in `catch` and `switch` (`catch .timeout`) without importing `QRAuthEncoding`, whose
    /// `QRAuthError` gives the same match to code that imports it.
    public static func ~= (code: Code, error: EnrollmentError) -> Bool { error.code == code }
}

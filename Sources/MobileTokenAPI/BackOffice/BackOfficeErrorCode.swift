/// An error code of the back-office REST API (`ERR00nn` and the special codes); a code this package
/// does not know is kept as `.other`, so the server's code always reaches the user.
public enum BackOfficeErrorCode: Sendable, Hashable {
    /// `ERR0000`: an unknown error.
    case unknown
    /// `ERR0001`: no user id was set.
    case noUserId
    /// `ERR0002`: no application id was set.
    case noApplicationId
    /// `ERR0007`: the activation is expired.
    case activationExpired
    /// `ERR0008`: the activation is in the wrong state for the call.
    case activationIncorrectState
    /// `ERR0009`: no activation has that id.
    case activationNotFound
    /// `ERR0010`: a key in the wrong format.
    case invalidKeyFormat
    /// `ERR0011`: an input parameter in the wrong format.
    case invalidInputFormat
    /// `ERR0012`: the signature is invalid.
    case invalidSignature
    /// `ERR0015`: no such application or application version.
    case invalidApplication
    /// `ERR0017`: encryption failed.
    case encryptionFailed
    /// `ERR0018`: decryption failed.
    case decryptionFailed
    /// `ERR0022`: a generic cryptography error.
    case genericCryptography
    /// `ERR0024`: an invalid request (also a replay or a rejected timestamp).
    case invalidRequest
    /// `ERR0030`: a token timestamp too old.
    case tokenTimestampTooOld
    /// `ERR0031`: the activation OTP does not match.
    case invalidActivationOTP
    /// `ERR0032`: the activation OTP was given for the wrong validation mode.
    case invalidActivationOTPMode
    /// `ERR0033`: no operation template has that name or id.
    case operationTemplateNotFound
    /// `ERR0034`: no operation has that id.
    case operationNotFound
    /// `ERR0035`: no operation id could be generated.
    case operationIdGenerationFailed
    /// `ERR0036`: the operation is in the wrong state for the call.
    case operationInvalidState
    /// `ERR0037`: the operation could not be approved.
    case operationApproveFailure
    /// `ERR0038`: the operation could not be rejected.
    case operationRejectFailure
    /// `ERR0039`: an operation template with that name exists already.
    case operationTemplateAlreadyExists
    /// `ERR0040`: the activation cannot be created with those properties.
    case activationCreateFailed
    /// `ERR0041`: another operation error.
    case operationError
    /// `ERR0042`: another operation template error.
    case operationTemplateError
    /// `ERR0043`: an application with that id exists already.
    case duplicateApplication
    /// `ERR0044`: a token timestamp too far in the future.
    case tokenTimestampInFuture
    /// `ERR0045`: the temporary key is missing.
    case missingTemporaryKey
    /// `ERROR_HTTP_REQUEST`: the request body could not be read.
    case httpRequest
    /// `ERROR_NOT_FOUND`: no such path (HTTP 404).
    case notFound
    /// `ERR_RECOVERY`: a recovery error.
    case recovery
    /// `ERR_AUTHENTICATION`: the HTTP Basic login of a `restrictAccess` server is missing or wrong (HTTP 401).
    case authentication
    /// Any other code, as the server sent it.
    case other(String)

    /// The known codes and their wire spelling.
    private static let table: [(BackOfficeErrorCode, String)] = [
        (.unknown, "ERR0000"), (.noUserId, "ERR0001"), (.noApplicationId, "ERR0002"),
        (.activationExpired, "ERR0007"), (.activationIncorrectState, "ERR0008"), (.activationNotFound, "ERR0009"),
        (.invalidKeyFormat, "ERR0010"), (.invalidInputFormat, "ERR0011"), (.invalidSignature, "ERR0012"),
        (.invalidApplication, "ERR0015"), (.encryptionFailed, "ERR0017"), (.decryptionFailed, "ERR0018"),
        (.genericCryptography, "ERR0022"), (.invalidRequest, "ERR0024"), (.tokenTimestampTooOld, "ERR0030"),
        (.invalidActivationOTP, "ERR0031"), (.invalidActivationOTPMode, "ERR0032"),
        (.operationTemplateNotFound, "ERR0033"), (.operationNotFound, "ERR0034"),
        (.operationIdGenerationFailed, "ERR0035"), (.operationInvalidState, "ERR0036"),
        (.operationApproveFailure, "ERR0037"), (.operationRejectFailure, "ERR0038"),
        (.operationTemplateAlreadyExists, "ERR0039"), (.activationCreateFailed, "ERR0040"),
        (.operationError, "ERR0041"), (.operationTemplateError, "ERR0042"), (.duplicateApplication, "ERR0043"),
        (.tokenTimestampInFuture, "ERR0044"), (.missingTemporaryKey, "ERR0045"),
        (.httpRequest, "ERROR_HTTP_REQUEST"), (.notFound, "ERROR_NOT_FOUND"), (.recovery, "ERR_RECOVERY"),
        (.authentication, "ERR_AUTHENTICATION"),
    ]

    /// Every known code (not `.other`).
    public static var known: [BackOfficeErrorCode] { table.map(\.0) }

    /// Reads a code; an unknown one becomes `.other` with the text kept.
    public init(code: String) {
        self = Self.table.first { $0.1 == code }?.0 ?? .other(code)
    }

    /// The code as the server spells it.
    public var code: String {
        if case .other(let code) = self { return code }
        return Self.table.first { $0.0 == self }?.1 ?? "ERR0000"
    }

    /// The same as `code` (the wire spelling).
    public var rawValue: String { code }

    /// The HTTP status a server answers the code with: 400, 404 for `ERROR_NOT_FOUND`, 401 for
    /// `ERR_AUTHENTICATION`, 500 for `ERR0000`.
    public var httpStatus: Int {
        switch self {
        case .notFound: 404
        case .authentication: 401
        case .unknown: 500
        default: 400
        }
    }

    /// The server's standard message for the code (docs/Server-Error-Codes.md wording, paraphrased).
    public var defaultMessage: String {
        switch self {
        case .unknown: "Unknown error occurred."
        case .noUserId: "No user ID was set."
        case .noApplicationId: "No application ID was set."
        case .activationExpired: "This activation is already expired."
        case .activationIncorrectState: "Incorrect activation state."
        case .activationNotFound: "Activation with given activation ID was not found."
        case .invalidKeyFormat: "Key with invalid format was provided."
        case .invalidInputFormat: "Invalid input parameter format."
        case .invalidSignature: "Invalid signature provided."
        case .invalidApplication: "Invalid application."
        case .encryptionFailed: "Encryption failed."
        case .decryptionFailed: "Decryption failed."
        case .genericCryptography: "Generic cryptography error."
        case .invalidRequest: "Invalid request."
        case .tokenTimestampTooOld: "Token timestamp is too old."
        case .invalidActivationOTP: "Invalid activation OTP."
        case .invalidActivationOTPMode: "Activation OTP used in the wrong validation mode."
        case .operationTemplateNotFound: "Operation template was not found."
        case .operationNotFound: "Operation was not found."
        case .operationIdGenerationFailed: "Unable to generate operation ID."
        case .operationInvalidState: "Operation is in invalid state."
        case .operationApproveFailure: "Operation cannot be approved."
        case .operationRejectFailure: "Operation cannot be rejected."
        case .operationTemplateAlreadyExists: "Operation template already exists."
        case .activationCreateFailed: "Activation cannot be created."
        case .operationError: "Operation error."
        case .operationTemplateError: "Operation template error."
        case .duplicateApplication: "Application already exists."
        case .tokenTimestampInFuture: "Token timestamp is too far in the future."
        case .missingTemporaryKey: "Temporary key is missing."
        case .httpRequest: "Request body could not be read."
        case .notFound: "Resource not found."
        case .recovery: "Recovery error."
        case .authentication: "Authentication failed."
        case .other: "Unknown error code."
        }
    }
}

extension BackOfficeErrorCode: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(code: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}

extension ServerErrorBody {
    /// The code read as a back-office code (unknown ones kept).
    package var backOfficeCode: BackOfficeErrorCode { BackOfficeErrorCode(code: code) }

    /// A back-office error body: the code, its message and the same `localizedMessage` the Java server adds.
    package init(_ code: BackOfficeErrorCode, message: String? = nil) {
        let text = message ?? code.defaultMessage
        self.init(code: code.code, message: text, localizedMessage: text)
    }
}

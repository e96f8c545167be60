/// The error codes the PowerAuth server's back-office REST API answers with (`docs/Server-Error-Codes.md` and
/// `ServiceError.java` of wultra/powerauth-server), and the HTTP status each goes with.
///
/// Service errors are HTTP 400 (`RESTControllerAdvice`); an unreadable body is `ERROR_HTTP_REQUEST`, a refused
/// Basic login `ERR_AUTHENTICATION` with 401 (`WebSecurityConfig`), an unknown path `ERROR_NOT_FOUND` with 404.
package enum BackOfficeErrorCode: String, Sendable, CaseIterable {
    /// Something unexpected (a state file that cannot be written: HTTP 500).
    case unknown = "ERR0000"
    /// No user id was given.
    case noUserId = "ERR0001"
    /// No application id was given.
    case noApplicationId = "ERR0002"
    /// The activation expired (not committed in time, or not in a state that can be completed).
    case activationExpired = "ERR0007"
    /// The activation is in a state that does not allow the change.
    case activationIncorrectState = "ERR0008"
    /// No activation with that id.
    case activationNotFound = "ERR0009"
    /// A key is not in the expected format.
    case invalidKeyFormat = "ERR0010"
    /// A value has the wrong format (Base64, dates).
    case invalidInputFormat = "ERR0011"
    /// A signature did not verify.
    case invalidSignature = "ERR0012"
    /// No such application or application version.
    case invalidApplication = "ERR0015"
    /// A cryptographic step failed.
    case genericCryptography = "ERR0022"
    /// The request is invalid (missing or empty fields, values out of range).
    case invalidRequest = "ERR0024"
    /// The activation OTP does not match.
    case invalidActivationOTP = "ERR0031"
    /// The activation OTP is used with the wrong validation mode.
    case invalidActivationOTPMode = "ERR0032"
    /// No operation template with that name or id.
    case operationTemplateNotFound = "ERR0033"
    /// No operation with that id.
    case operationNotFound = "ERR0034"
    /// The operation is in a state that does not allow the change.
    case operationInvalidState = "ERR0036"
    /// The operation cannot be approved.
    case operationApproveFailure = "ERR0037"
    /// The operation cannot be rejected.
    case operationRejectFailure = "ERR0038"
    /// A template with that name exists already.
    case operationTemplateAlreadyExists = "ERR0039"
    /// The activation cannot be created with these properties.
    case activationCreateFailed = "ERR0040"
    /// Another operation error.
    case operationError = "ERR0041"
    /// Another operation template error.
    case operationTemplateError = "ERR0042"
    /// The application or version exists already.
    case duplicateApplication = "ERR0043"
    /// The body is not readable JSON of the expected shape.
    case httpRequest = "ERROR_HTTP_REQUEST"
    /// No such endpoint.
    case notFound = "ERROR_NOT_FOUND"
    /// Basic authentication is required and was missing or wrong.
    case authentication = "ERR_AUTHENTICATION"

    /// The HTTP status the real server answers this code with.
    package var httpStatus: Int {
        switch self {
        case .unknown: 500
        case .notFound: 404
        case .authentication: 401
        default: 400
        }
    }
}

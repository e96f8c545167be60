/// The Mobile Token API error codes with the HTTP status a server answers with.
///
/// Clients must still accept codes they do not know: `ServerErrorBody.code` stays a string.
public enum ServerErrorCode: String, Sendable, Codable, CaseIterable {
    /// Missing or invalid `requestObject`.
    case invalidRequest = "INVALID_REQUEST"
    /// The activation is invalid or not allowed.
    case invalidActivation = "INVALID_ACTIVATION"
    /// Unknown application.
    case invalidApplication = "INVALID_APPLICATION"
    /// The operation does not exist (for this user).
    case invalidOperation = "INVALID_OPERATION"
    /// The PowerAuth signature or token did not verify.
    case powerAuthFailed = "POWERAUTH_AUTH_FAIL"
    /// Approved or rejected already.
    case operationAlreadyFinished = "OPERATION_ALREADY_FINISHED"
    /// Failed already.
    case operationAlreadyFailed = "OPERATION_ALREADY_FAILED"
    /// Canceled already.
    case operationAlreadyCanceled = "OPERATION_ALREADY_CANCELED"
    /// Expired.
    case operationExpired = "OPERATION_EXPIRED"
    /// The approval itself failed (data mismatch, factor not allowed, proximity check).
    case operationFailed = "OPERATION_FAILED"
    /// The operation needs an activation flag the activation does not have.
    case operationRequiresActivationFlag = "OPERATION_REQUIRES_ACTIVATION_FLAG"
    /// The push server refused the registration.
    case pushRegistrationFailed = "PUSH_REGISTRATION_FAILED"
    /// The activation spawn code could not be made.
    case activationCodeFailed = "ACTIVATION_CODE_FAILED"
    /// Something unexpected.
    case generic = "ERROR_GENERIC"
    /// Unknown path.
    case notFound = "ERROR_NOT_FOUND"

    /// The HTTP status a server answers this code with.
    public var httpStatus: Int {
        switch self {
        case .powerAuthFailed, .operationFailed: 401
        case .generic: 500
        case .notFound: 404
        default: 400
        }
    }
}

import FoundationEssentials
package import OfflineOperations
import QRAuthEncoding

/// What the server keeps about an activation made through an activation code, besides the keys and
/// counters: owner, code, commit phase, OTP, expiry, device details, timestamps.
/// Times are Unix milliseconds.
package struct ActivationRegistration: Sendable, Equatable, Codable {
    /// The user the activation belongs to.
    public var userId: String
    /// The application (`ServerApplication.applicationId`).
    public var applicationId: String
    /// The activation code (`XXXXX-XXXXX-XXXXX-XXXXX`), looked up by its exact spelling while CREATED.
    public var activationCode: String
    /// Base64 DER ECDSA signature of the code with the master key.
    public var activationSignature: String
    /// When the activation becomes ACTIVE.
    public var commitPhase: CommitPhase
    /// The activation OTP, when the back office set one.
    public var activationOtp: String?
    /// Until when CREATED and PENDING_COMMIT are valid.
    public var expiresMillis: Int64
    /// When `init` made it.
    public var createdMillis: Int64
    /// The last status change.
    public var lastChangeMillis: Int64
    /// The last successful signature, if any.
    public var lastUsedMillis: Int64?
    /// The device's display name.
    public var activationName: String?
    /// The platform, lower-cased (`ios`, `android`, …; `unknown` when the device sent none).
    public var platform: String?
    /// The device model.
    public var deviceInfo: String?
    /// Opaque data from the device.
    public var extras: String?
    /// Why it is BLOCKED (`NOT_SPECIFIED`, `MAX_FAILED_ATTEMPTS`, or the back office's reason).
    public var blockedReason: String?
    /// Activation flags (back office).
    public var flags: [String]

    /// Makes a registration of a just-initialised activation.
    public init(
        userId: String, applicationId: String, activationCode: String, activationSignature: String,
        commitPhase: CommitPhase, activationOtp: String?, expiresMillis: Int64, createdMillis: Int64,
        flags: [String] = []
    ) {
        self.userId = userId
        self.applicationId = applicationId
        self.activationCode = activationCode
        self.activationSignature = activationSignature
        self.commitPhase = commitPhase
        self.activationOtp = activationOtp
        self.expiresMillis = expiresMillis
        self.createdMillis = createdMillis
        self.lastChangeMillis = createdMillis
        self.flags = flags
    }
}

/// Why a lifecycle step is refused, with the PowerAuth server's error code.
package struct ActivationLifecycleError: QRAuthError {
    /// Stable cases; the raw value is the server's `ERR00nn` code.
    public enum Code: String, Sendable {
        /// Something failed inside the server (the state could not be stored).
        case internalError = "ERR0000"
        /// The activation is past its `timestampActivationExpire` (it is now REMOVED).
        case expired = "ERR0007"
        /// The step is not allowed in the activation's status.
        case wrongState = "ERR0008"
        /// No such activation (or code).
        case notFound = "ERR0009"
        /// The device public key is not a P-256 point.
        case invalidKey = "ERR0010"
        /// A field is missing or out of range.
        case invalidInput = "ERR0011"
        /// Unknown application, or its version is not supported.
        case invalidApplication = "ERR0015"
        /// The activation OTP does not match.
        case otpMismatch = "ERR0031"
    }

    /// The stable case.
    public let code: Code
    /// One human sentence (never the OTP or a key).
    public let reason: String

    /// Makes an error.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

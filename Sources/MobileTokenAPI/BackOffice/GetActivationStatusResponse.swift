public import OfflineOperations

extension BackOffice {
    /// The answer of `activation/status` (activation code and signature only while CREATED, fingerprint only after the key exchange).
    public struct GetActivationStatusResponse: Sendable, Hashable, Codable {
        /// The activation.
        public var activationId: String
        /// Its state.
        public var activationStatus: OfflineOperations.ActivationStatus
        /// The OTP validation mode (`NONE`, `ON_KEY_EXCHANGE`, `ON_COMMIT`).
        public var activationOtpValidation: String?
        /// Its commit phase.
        public var commitPhase: OfflineOperations.CommitPhase?
        /// Why it is blocked.
        public var blockedReason: String?
        /// The device's name for it.
        public var activationName: String?
        /// The user.
        public var userId: String?
        /// The device's extras.
        public var extras: String?
        /// `powerauth` or `fido2`.
        public var `protocol`: String?
        /// An external id.
        public var externalId: String?
        /// The device platform.
        public var platform: String?
        /// The device description.
        public var deviceInfo: String?
        /// The application.
        public var applicationId: String?
        /// Failed signature attempts so far.
        public var failedAttempts: Int64?
        /// Failed attempts before it blocks.
        public var maxFailedAttempts: Int64?
        /// Created (ISO 8601).
        public var timestampCreated: String?
        /// Last used (ISO 8601).
        public var timestampLastUsed: String?
        /// Last changed (ISO 8601).
        public var timestampLastChange: String?
        /// The encrypted status blob, Base64.
        public var encryptedStatusBlob: String?
        /// Its nonce, Base64.
        public var encryptedStatusBlobNonce: String?
        /// The activation code, while CREATED.
        public var activationCode: String?
        /// The code's signature, while CREATED.
        public var activationSignature: String?
        /// The decimal fingerprint of the device key, after the key exchange.
        public var devicePublicKeyFingerprint: String?
        /// The activation's protocol major version.
        public var version: Int64?
        /// Its flags.
        public var activationFlags: [String]?
        /// The application's roles.
        public var applicationRoles: [String]?

        /// Makes a body.
        public init(
            activationId: String,
            activationStatus: OfflineOperations.ActivationStatus,
            activationOtpValidation: String? = nil,
            commitPhase: OfflineOperations.CommitPhase? = nil,
            blockedReason: String? = nil,
            activationName: String? = nil,
            userId: String? = nil,
            extras: String? = nil,
            protocol: String? = nil,
            externalId: String? = nil,
            platform: String? = nil,
            deviceInfo: String? = nil,
            applicationId: String? = nil,
            failedAttempts: Int64? = nil,
            maxFailedAttempts: Int64? = nil,
            timestampCreated: String? = nil,
            timestampLastUsed: String? = nil,
            timestampLastChange: String? = nil,
            encryptedStatusBlob: String? = nil,
            encryptedStatusBlobNonce: String? = nil,
            activationCode: String? = nil,
            activationSignature: String? = nil,
            devicePublicKeyFingerprint: String? = nil,
            version: Int64? = nil,
            activationFlags: [String]? = nil,
            applicationRoles: [String]? = nil
        ) {
            self.activationId = activationId
            self.activationStatus = activationStatus
            self.activationOtpValidation = activationOtpValidation
            self.commitPhase = commitPhase
            self.blockedReason = blockedReason
            self.activationName = activationName
            self.userId = userId
            self.extras = extras
            self.`protocol` = `protocol`
            self.externalId = externalId
            self.platform = platform
            self.deviceInfo = deviceInfo
            self.applicationId = applicationId
            self.failedAttempts = failedAttempts
            self.maxFailedAttempts = maxFailedAttempts
            self.timestampCreated = timestampCreated
            self.timestampLastUsed = timestampLastUsed
            self.timestampLastChange = timestampLastChange
            self.encryptedStatusBlob = encryptedStatusBlob
            self.encryptedStatusBlobNonce = encryptedStatusBlobNonce
            self.activationCode = activationCode
            self.activationSignature = activationSignature
            self.devicePublicKeyFingerprint = devicePublicKeyFingerprint
            self.version = version
            self.activationFlags = activationFlags
            self.applicationRoles = applicationRoles
        }
    }
}

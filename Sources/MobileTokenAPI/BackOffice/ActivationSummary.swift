public import OfflineOperations

extension BackOffice {
    /// An activation in `activation/list` (`Activation`).
    public struct ActivationSummary: Sendable, Hashable, Codable {
        /// The activation.
        public var activationId: String
        /// Its state.
        public var activationStatus: OfflineOperations.ActivationStatus
        /// Why it is blocked.
        public var blockedReason: String?
        /// The device's name for it.
        public var activationName: String?
        /// An external id.
        public var externalId: String?
        /// The device's extras.
        public var extras: String?
        /// `powerauth` or `fido2`.
        public var `protocol`: String?
        /// The device platform.
        public var platform: String?
        /// The device description.
        public var deviceInfo: String?
        /// Its flags.
        public var activationFlags: [String]?
        /// Created (ISO 8601).
        public var timestampCreated: String?
        /// Last used (ISO 8601).
        public var timestampLastUsed: String?
        /// Last changed (ISO 8601).
        public var timestampLastChange: String?
        /// The user.
        public var userId: String?
        /// The application.
        public var applicationId: String?
        /// Failed signature attempts so far.
        public var failedAttempts: Int64?
        /// Failed attempts before it blocks.
        public var maxFailedAttempts: Int64?
        /// The device public key, Base64.
        public var devicePublicKeyBase64: String?
        /// The activation's protocol major version.
        public var version: Int64?

        /// Makes a body.
        public init(
            activationId: String,
            activationStatus: OfflineOperations.ActivationStatus,
            blockedReason: String? = nil,
            activationName: String? = nil,
            externalId: String? = nil,
            extras: String? = nil,
            protocol: String? = nil,
            platform: String? = nil,
            deviceInfo: String? = nil,
            activationFlags: [String]? = nil,
            timestampCreated: String? = nil,
            timestampLastUsed: String? = nil,
            timestampLastChange: String? = nil,
            userId: String? = nil,
            applicationId: String? = nil,
            failedAttempts: Int64? = nil,
            maxFailedAttempts: Int64? = nil,
            devicePublicKeyBase64: String? = nil,
            version: Int64? = nil
        ) {
            self.activationId = activationId
            self.activationStatus = activationStatus
            self.blockedReason = blockedReason
            self.activationName = activationName
            self.externalId = externalId
            self.extras = extras
            self.`protocol` = `protocol`
            self.platform = platform
            self.deviceInfo = deviceInfo
            self.activationFlags = activationFlags
            self.timestampCreated = timestampCreated
            self.timestampLastUsed = timestampLastUsed
            self.timestampLastChange = timestampLastChange
            self.userId = userId
            self.applicationId = applicationId
            self.failedAttempts = failedAttempts
            self.maxFailedAttempts = maxFailedAttempts
            self.devicePublicKeyBase64 = devicePublicKeyBase64
            self.version = version
        }
    }
}

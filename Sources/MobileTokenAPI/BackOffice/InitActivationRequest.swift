extension BackOffice {
    /// `activation/init`.
    public struct InitActivationRequest: Sendable, Hashable, Codable {
        /// The user the activation is for.
        public var userId: String
        /// The application.
        public var applicationId: String
        /// When the unfinished activation expires (ISO 8601).
        public var timestampActivationExpire: String?
        /// Failed attempts before the activation blocks.
        public var maxFailureCount: Int64?
        /// When the activation becomes ACTIVE (default ON_COMMIT).
        public var commitPhase: CommitPhase?
        /// An activation OTP the device (or the commit) must supply.
        public var activationOtp: String?
        /// Activation flags to set.
        public var flags: [String]?

        /// Makes a body.
        public init(
            userId: String,
            applicationId: String,
            timestampActivationExpire: String? = nil,
            maxFailureCount: Int64? = nil,
            commitPhase: CommitPhase? = nil,
            activationOtp: String? = nil,
            flags: [String]? = nil
        ) {
            self.userId = userId
            self.applicationId = applicationId
            self.timestampActivationExpire = timestampActivationExpire
            self.maxFailureCount = maxFailureCount
            self.commitPhase = commitPhase
            self.activationOtp = activationOtp
            self.flags = flags
        }
    }
}

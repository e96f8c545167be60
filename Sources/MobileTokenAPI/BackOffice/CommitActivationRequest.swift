extension BackOffice {
    /// `activation/commit`.
    public struct CommitActivationRequest: Sendable, Hashable, Codable {
        /// The activation.
        public var activationId: String
        /// Who commits it (audit).
        public var externalUserId: String?
        /// The activation OTP given at init, when one was.
        public var activationOtp: String?

        /// Makes a body.
        public init(activationId: String, externalUserId: String? = nil, activationOtp: String? = nil) {
            self.activationId = activationId
            self.externalUserId = externalUserId
            self.activationOtp = activationOtp
        }
    }
}

extension BackOffice {
    /// `activation/unblock` (only from BLOCKED; resets the failed attempts).
    public struct UnblockActivationRequest: Sendable, Hashable, Codable {
        /// The activation.
        public var activationId: String
        /// Who unblocks it (audit).
        public var externalUserId: String?

        /// Makes a body.
        public init(activationId: String, externalUserId: String? = nil) {
            self.activationId = activationId
            self.externalUserId = externalUserId
        }
    }
}

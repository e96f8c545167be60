extension BackOffice {
    /// `activation/remove` (any state).
    public struct RemoveActivationRequest: Sendable, Hashable, Codable {
        /// The activation.
        public var activationId: String
        /// Who removes it (audit).
        public var externalUserId: String?
        /// Whether its recovery codes go too.
        public var revokeRecoveryCodes: Bool?

        /// Makes a body.
        public init(activationId: String, externalUserId: String? = nil, revokeRecoveryCodes: Bool? = nil) {
            self.activationId = activationId
            self.externalUserId = externalUserId
            self.revokeRecoveryCodes = revokeRecoveryCodes
        }
    }
}

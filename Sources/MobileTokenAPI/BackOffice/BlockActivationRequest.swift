extension BackOffice {
    /// `activation/block` (only from ACTIVE).
    public struct BlockActivationRequest: Sendable, Hashable, Codable {
        /// The activation.
        public var activationId: String
        /// Why (default `NOT_SPECIFIED`).
        public var reason: String?
        /// Who blocks it (audit).
        public var externalUserId: String?

        /// Makes a body.
        public init(activationId: String, reason: String? = nil, externalUserId: String? = nil) {
            self.activationId = activationId
            self.reason = reason
            self.externalUserId = externalUserId
        }
    }
}

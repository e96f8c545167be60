extension BackOffice {
    /// The answer of `activation/commit`.
    public struct CommitActivationResponse: Sendable, Hashable, Codable {
        /// The activation.
        public var activationId: String
        /// Whether it is ACTIVE now.
        public var activated: Bool

        /// Makes a body.
        public init(activationId: String, activated: Bool) {
            self.activationId = activationId
            self.activated = activated
        }
    }
}

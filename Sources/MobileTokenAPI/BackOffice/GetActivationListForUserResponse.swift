extension BackOffice {
    /// The answer of `activation/list`.
    public struct GetActivationListForUserResponse: Sendable, Hashable, Codable {
        /// The user.
        public var userId: String
        /// Their activations.
        public var activations: [ActivationSummary]

        /// Makes a body.
        public init(userId: String, activations: [ActivationSummary]) {
            self.userId = userId
            self.activations = activations
        }
    }
}

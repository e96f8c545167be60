extension BackOffice {
    /// The answer of `activation/remove`.
    public struct RemoveActivationResponse: Sendable, Hashable, Codable {
        /// The activation.
        public var activationId: String
        /// Whether it was removed.
        public var removed: Bool

        /// Makes a body.
        public init(activationId: String, removed: Bool) {
            self.activationId = activationId
            self.removed = removed
        }
    }
}

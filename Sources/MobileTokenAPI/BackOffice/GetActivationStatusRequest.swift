extension BackOffice {
    /// `activation/status`.
    public struct GetActivationStatusRequest: Sendable, Hashable, Codable {
        /// The activation.
        public var activationId: String
        /// The client's Base64 16-byte challenge, only for the encrypted status blob.
        public var challenge: String?

        /// Makes a body.
        public init(activationId: String, challenge: String? = nil) {
            self.activationId = activationId
            self.challenge = challenge
        }
    }
}

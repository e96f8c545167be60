extension BackOffice {
    /// The answer of `activation/init`.
    public struct InitActivationResponse: Sendable, Hashable, Codable {
        /// The new activation's id.
        public var activationId: String
        /// The activation code (`XXXXX-XXXXX-XXXXX-XXXXX`).
        public var activationCode: String
        /// The master key's ECDSA signature of the code, Base64 DER.
        public var activationSignature: String
        /// The user.
        public var userId: String
        /// The application.
        public var applicationId: String

        /// Makes a body.
        public init(
            activationId: String,
            activationCode: String,
            activationSignature: String,
            userId: String,
            applicationId: String
        ) {
            self.activationId = activationId
            self.activationCode = activationCode
            self.activationSignature = activationSignature
            self.userId = userId
            self.applicationId = applicationId
        }
    }
}

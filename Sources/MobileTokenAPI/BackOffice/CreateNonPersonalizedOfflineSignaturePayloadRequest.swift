extension BackOffice {
    /// `signature/offline/non-personalized/create`: a QR payload signed with the master key (`0`).
    public struct CreateNonPersonalizedOfflineSignaturePayloadRequest: Sendable, Hashable, Codable {
        /// The application.
        public var applicationId: String
        /// The five QR lines.
        public var data: String

        /// Makes a body.
        public init(applicationId: String, data: String) {
            self.applicationId = applicationId
            self.data = data
        }
    }
}

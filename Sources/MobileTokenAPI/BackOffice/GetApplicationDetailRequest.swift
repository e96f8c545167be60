extension BackOffice {
    /// `application/detail`.
    public struct GetApplicationDetailRequest: Sendable, Hashable, Codable {
        /// The application's id.
        public var applicationId: String

        /// Makes a body.
        public init(applicationId: String) {
            self.applicationId = applicationId
        }
    }
}

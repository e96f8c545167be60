extension BackOffice {
    /// `application/create`.
    public struct CreateApplicationRequest: Sendable, Hashable, Codable {
        /// The new application's id (its name).
        public var applicationId: String

        /// Makes a body.
        public init(applicationId: String) {
            self.applicationId = applicationId
        }
    }
}

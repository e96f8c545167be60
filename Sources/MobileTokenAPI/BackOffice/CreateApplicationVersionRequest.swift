extension BackOffice {
    /// `application/version/create`.
    public struct CreateApplicationVersionRequest: Sendable, Hashable, Codable {
        /// The application's id.
        public var applicationId: String
        /// The new version's id (its name).
        public var applicationVersionId: String

        /// Makes a body.
        public init(applicationId: String, applicationVersionId: String) {
            self.applicationId = applicationId
            self.applicationVersionId = applicationVersionId
        }
    }
}

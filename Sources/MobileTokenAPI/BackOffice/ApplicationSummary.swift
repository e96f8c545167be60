extension BackOffice {
    /// An application in `application/list` (`Application`).
    public struct ApplicationSummary: Sendable, Hashable, Codable {
        /// The application's id (its name).
        public var applicationId: String
        /// Its roles.
        public var applicationRoles: [String]?

        /// Makes a body.
        public init(applicationId: String, applicationRoles: [String]? = nil) {
            self.applicationId = applicationId
            self.applicationRoles = applicationRoles
        }
    }
}

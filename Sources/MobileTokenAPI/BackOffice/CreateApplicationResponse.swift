extension BackOffice {
    /// The answer of `application/create`.
    public struct CreateApplicationResponse: Sendable, Hashable, Codable {
        /// The application's id.
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

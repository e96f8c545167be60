extension BackOffice {
    /// The answer of `application/list`.
    public struct GetApplicationListResponse: Sendable, Hashable, Codable {
        /// Every application.
        public var applications: [ApplicationSummary]

        /// Makes a body.
        public init(applications: [ApplicationSummary]) {
            self.applications = applications
        }
    }
}

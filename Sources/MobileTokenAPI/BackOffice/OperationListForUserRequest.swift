extension BackOffice {
    /// `operation/list` and `operation/list/pending`.
    public struct OperationListForUserRequest: Sendable, Hashable, Codable {
        /// The user.
        public var userId: String
        /// The applications.
        public var applications: [String]
        /// Only operations this activation may approve.
        public var activationId: String?
        /// The page (from 0).
        public var pageNumber: Int?
        /// Operations per page.
        public var pageSize: Int?

        /// Makes a body.
        public init(
            userId: String,
            applications: [String],
            activationId: String? = nil,
            pageNumber: Int? = nil,
            pageSize: Int? = nil
        ) {
            self.userId = userId
            self.applications = applications
            self.activationId = activationId
            self.pageNumber = pageNumber
            self.pageSize = pageSize
        }
    }
}

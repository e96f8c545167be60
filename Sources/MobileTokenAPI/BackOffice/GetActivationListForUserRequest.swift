public import OfflineOperations

extension BackOffice {
    /// `activation/list`.
    public struct GetActivationListForUserRequest: Sendable, Hashable, Codable {
        /// The user.
        public var userId: String
        /// Only this application's activations.
        public var applicationId: String?
        /// Only these protocols.
        public var protocols: [String]?
        /// Only these states.
        public var activationStatuses: [OfflineOperations.ActivationStatus]?
        /// The page (from 0).
        public var pageNumber: Int?
        /// Activations per page.
        public var pageSize: Int?

        /// Makes a body.
        public init(
            userId: String,
            applicationId: String? = nil,
            protocols: [String]? = nil,
            activationStatuses: [OfflineOperations.ActivationStatus]? = nil,
            pageNumber: Int? = nil,
            pageSize: Int? = nil
        ) {
            self.userId = userId
            self.applicationId = applicationId
            self.protocols = protocols
            self.activationStatuses = activationStatuses
            self.pageNumber = pageNumber
            self.pageSize = pageSize
        }
    }
}

extension BackOffice {
    /// `operation/detail` (a `userId` claims a non-personalized operation).
    public struct OperationDetailRequest: Sendable, Hashable, Codable {
        /// The operation.
        public var operationId: String
        /// The user claiming it.
        public var userId: String?

        /// Makes a body.
        public init(operationId: String, userId: String? = nil) {
            self.operationId = operationId
            self.userId = userId
        }
    }
}

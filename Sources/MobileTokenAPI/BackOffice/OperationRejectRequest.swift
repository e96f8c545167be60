public import QRAuthEncoding

extension BackOffice {
    /// `operation/reject`.
    public struct OperationRejectRequest: Sendable, Hashable, Codable {
        /// The operation.
        public var operationId: String
        /// The rejecting user.
        public var userId: String
        /// The rejecting application.
        public var applicationId: String
        /// Free-form data.
        public var additionalData: [String: JSONValue]?

        /// Makes a body.
        public init(
            operationId: String,
            userId: String,
            applicationId: String,
            additionalData: [String: JSONValue]? = nil
        ) {
            self.operationId = operationId
            self.userId = userId
            self.applicationId = applicationId
            self.additionalData = additionalData
        }
    }
}

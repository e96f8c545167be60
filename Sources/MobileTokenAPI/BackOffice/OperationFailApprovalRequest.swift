public import QRAuthEncoding

extension BackOffice {
    /// `operation/approve/fail` (after an invalid signature).
    public struct OperationFailApprovalRequest: Sendable, Hashable, Codable {
        /// The operation.
        public var operationId: String
        /// Free-form data.
        public var additionalData: [String: JSONValue]?

        /// Makes a body.
        public init(operationId: String, additionalData: [String: JSONValue]? = nil) {
            self.operationId = operationId
            self.additionalData = additionalData
        }
    }
}

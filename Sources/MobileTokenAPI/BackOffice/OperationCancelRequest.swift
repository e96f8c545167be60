public import QRAuthEncoding

extension BackOffice {
    /// `operation/cancel`.
    public struct OperationCancelRequest: Sendable, Hashable, Codable {
        /// The operation.
        public var operationId: String
        /// Why (at most 32 characters).
        public var statusReason: String?
        /// Free-form data kept with it.
        public var additionalData: [String: JSONValue]?

        /// Makes a body.
        public init(operationId: String, statusReason: String? = nil, additionalData: [String: JSONValue]? = nil) {
            self.operationId = operationId
            self.statusReason = statusReason
            self.additionalData = additionalData
        }
    }
}

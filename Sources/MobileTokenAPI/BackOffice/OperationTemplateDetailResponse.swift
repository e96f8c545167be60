public import OfflineOperations

extension BackOffice {
    /// A template as the server answers it (`OperationTemplateDetailResponse`).
    public struct OperationTemplateDetailResponse: Sendable, Hashable, Codable {
        /// The template's id.
        public var id: Int64
        /// Its name.
        public var templateName: String
        /// The operation type.
        public var operationType: String
        /// The data template.
        public var dataTemplate: String
        /// The factor combinations that approve it.
        @Spelling public var signatureType: [SignatureType]
        /// Failed approvals before the operation fails.
        public var maxFailureCount: Int64
        /// Seconds until an operation expires.
        public var expiration: Int64
        /// Risk flags.
        public var riskFlags: String?
        /// Whether operations carry a proximity TOTP.
        public var proximityCheckEnabled: Bool

        /// Makes a body.
        public init(
            id: Int64,
            templateName: String,
            operationType: String,
            dataTemplate: String,
            signatureType: [SignatureType],
            maxFailureCount: Int64,
            expiration: Int64,
            riskFlags: String? = nil,
            proximityCheckEnabled: Bool
        ) {
            self.id = id
            self.templateName = templateName
            self.operationType = operationType
            self.dataTemplate = dataTemplate
            self.signatureType = signatureType
            self.maxFailureCount = maxFailureCount
            self.expiration = expiration
            self.riskFlags = riskFlags
            self.proximityCheckEnabled = proximityCheckEnabled
        }
    }
}

public import OfflineOperations

extension BackOffice {
    /// `operation/template/create` (`proximityCheckEnabled`, not the docs' `proximity_check_enabled`).
    public struct OperationTemplateCreateRequest: Sendable, Hashable, Codable {
        /// The template's name (what `operation/create` names).
        public var templateName: String
        /// The operation type (`login`, `authorize_payment`, …).
        public var operationType: String
        /// The operation data with `${param}` placeholders.
        public var dataTemplate: String
        /// The factor combinations that approve it.
        @Spelling public var signatureType: [SignatureType]
        /// Failed approvals before the operation fails.
        public var maxFailureCount: Int64
        /// Seconds until an operation expires.
        public var expiration: Int64
        /// Risk flags (`X`, `C`, `F`, …).
        public var riskFlags: String?
        /// Whether operations carry a proximity TOTP.
        public var proximityCheckEnabled: Bool

        /// Makes a body.
        public init(
            templateName: String,
            operationType: String,
            dataTemplate: String,
            signatureType: [SignatureType],
            maxFailureCount: Int64,
            expiration: Int64,
            riskFlags: String? = nil,
            proximityCheckEnabled: Bool
        ) {
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

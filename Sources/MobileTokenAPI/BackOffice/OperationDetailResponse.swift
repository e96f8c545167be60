public import OfflineOperations
public import QRAuthEncoding

extension BackOffice {
    /// An operation as the server answers it (`OperationDetailResponse`, `applications[]`).
    public struct OperationDetailResponse: Sendable, Hashable, Codable {
        /// The operation's id.
        public var id: String
        /// The user (nil until a non-personalized operation is claimed).
        public var userId: String?
        /// The applications.
        public var applications: [String]
        /// An external id.
        public var externalId: String?
        /// A flag the approving activation must have.
        public var activationFlag: String?
        /// The operation type.
        public var operationType: String
        /// The template it was made from.
        public var templateName: String?
        /// The operation data (the template with its parameters filled in).
        public var data: String
        /// The template parameters.
        public var parameters: [String: String]?
        /// Free-form data.
        public var additionalData: [String: JSONValue]?
        /// Its state.
        public var status: OperationStatus
        /// Why it reached that state.
        public var statusReason: String?
        /// The factor combinations that approve it.
        @Spelling public var signatureType: [SignatureType]
        /// Failed approvals so far.
        public var failureCount: Int64
        /// Failed approvals before it fails.
        public var maxFailureCount: Int64
        /// Created (ISO 8601).
        public var timestampCreated: String
        /// Expires (ISO 8601).
        public var timestampExpires: String
        /// Finished (ISO 8601).
        public var timestampFinalized: String?
        /// Risk flags.
        public var riskFlags: String?
        /// The current proximity TOTP, when the operation has a proximity check.
        public var proximityOtp: String?
        /// Only this activation may approve it.
        public var activationId: String?

        /// Makes a body.
        public init(
            id: String,
            userId: String? = nil,
            applications: [String],
            externalId: String? = nil,
            activationFlag: String? = nil,
            operationType: String,
            templateName: String? = nil,
            data: String,
            parameters: [String: String]? = nil,
            additionalData: [String: JSONValue]? = nil,
            status: OperationStatus,
            statusReason: String? = nil,
            signatureType: [SignatureType],
            failureCount: Int64,
            maxFailureCount: Int64,
            timestampCreated: String,
            timestampExpires: String,
            timestampFinalized: String? = nil,
            riskFlags: String? = nil,
            proximityOtp: String? = nil,
            activationId: String? = nil
        ) {
            self.id = id
            self.userId = userId
            self.applications = applications
            self.externalId = externalId
            self.activationFlag = activationFlag
            self.operationType = operationType
            self.templateName = templateName
            self.data = data
            self.parameters = parameters
            self.additionalData = additionalData
            self.status = status
            self.statusReason = statusReason
            self.signatureType = signatureType
            self.failureCount = failureCount
            self.maxFailureCount = maxFailureCount
            self.timestampCreated = timestampCreated
            self.timestampExpires = timestampExpires
            self.timestampFinalized = timestampFinalized
            self.riskFlags = riskFlags
            self.proximityOtp = proximityOtp
            self.activationId = activationId
        }
    }
}

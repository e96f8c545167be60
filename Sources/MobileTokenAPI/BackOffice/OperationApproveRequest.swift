public import OfflineOperations
public import QRAuthEncoding

extension BackOffice {
    /// `operation/approve` (what the enrollment server sends after a valid signature).
    public struct OperationApproveRequest: Sendable, Hashable, Codable {
        /// The operation.
        public var operationId: String
        /// The approving user.
        public var userId: String
        /// The approving application.
        public var applicationId: String
        /// The operation data the device signed.
        public var data: String
        /// The factors used.
        @Spelling public var signatureType: SignatureType
        /// Free-form data (a PAC OTP as `proximity_otp`).
        public var additionalData: [String: JSONValue]?

        /// Makes a body.
        public init(
            operationId: String,
            userId: String,
            applicationId: String,
            data: String,
            signatureType: SignatureType,
            additionalData: [String: JSONValue]? = nil
        ) {
            self.operationId = operationId
            self.userId = userId
            self.applicationId = applicationId
            self.data = data
            self.signatureType = signatureType
            self.additionalData = additionalData
        }
    }
}

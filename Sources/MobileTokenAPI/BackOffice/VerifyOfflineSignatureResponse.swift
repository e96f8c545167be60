public import OfflineOperations

extension BackOffice {
    /// The answer of `signature/offline/verify`.
    public struct VerifyOfflineSignatureResponse: Sendable, Hashable, Codable {
        /// Whether the code verified.
        public var signatureValid: Bool
        /// The activation's state afterwards.
        public var activationStatus: OfflineOperations.ActivationStatus?
        /// Why it is blocked.
        public var blockedReason: String?
        /// The activation.
        public var activationId: String?
        /// The user.
        public var userId: String?
        /// The application.
        public var applicationId: String?
        /// The factors that verified.
        @Spelling public var signatureType: SignatureType?
        /// Failed attempts left before the activation blocks.
        public var remainingAttempts: Int64?
        /// The application's roles.
        public var applicationRoles: [String]?
        /// The activation's flags.
        public var activationFlags: [String]?

        /// Makes a body.
        public init(
            signatureValid: Bool,
            activationStatus: OfflineOperations.ActivationStatus? = nil,
            blockedReason: String? = nil,
            activationId: String? = nil,
            userId: String? = nil,
            applicationId: String? = nil,
            signatureType: SignatureType? = nil,
            remainingAttempts: Int64? = nil,
            applicationRoles: [String]? = nil,
            activationFlags: [String]? = nil
        ) {
            self.signatureValid = signatureValid
            self.activationStatus = activationStatus
            self.blockedReason = blockedReason
            self.activationId = activationId
            self.userId = userId
            self.applicationId = applicationId
            self.signatureType = signatureType
            self.remainingAttempts = remainingAttempts
            self.applicationRoles = applicationRoles
            self.activationFlags = activationFlags
        }
    }
}

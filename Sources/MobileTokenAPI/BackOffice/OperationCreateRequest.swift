public import QRAuthEncoding

extension BackOffice {
    /// `operation/create` (`applications[]`, not the docs' `applicationId`).
    public struct OperationCreateRequest: Sendable, Hashable, Codable {
        /// The user; nil makes a non-personalized operation a user claims later.
        public var userId: String?
        /// The applications whose devices see it (required).
        public var applications: [String]
        /// A flag the approving activation must have.
        public var activationFlag: String?
        /// The template.
        public var templateName: String
        /// When it expires (ISO 8601; default: now + the template's expiration).
        public var timestampExpires: String?
        /// An external id.
        public var externalId: String?
        /// Values for the template's `${param}` placeholders.
        public var parameters: [String: String]?
        /// Free-form data kept with it.
        public var additionalData: [String: JSONValue]?
        /// Overrides the template's proximity check.
        public var proximityCheckEnabled: Bool?
        /// Only this activation may approve it.
        public var activationId: String?

        /// Makes a body.
        public init(
            userId: String? = nil,
            applications: [String],
            activationFlag: String? = nil,
            templateName: String,
            timestampExpires: String? = nil,
            externalId: String? = nil,
            parameters: [String: String]? = nil,
            additionalData: [String: JSONValue]? = nil,
            proximityCheckEnabled: Bool? = nil,
            activationId: String? = nil
        ) {
            self.userId = userId
            self.applications = applications
            self.activationFlag = activationFlag
            self.templateName = templateName
            self.timestampExpires = timestampExpires
            self.externalId = externalId
            self.parameters = parameters
            self.additionalData = additionalData
            self.proximityCheckEnabled = proximityCheckEnabled
            self.activationId = activationId
        }
    }
}

extension BackOffice {
    /// The answer of `application/detail`.
    public struct GetApplicationDetailResponse: Sendable, Hashable, Codable {
        /// The application's id.
        public var applicationId: String
        /// The master server public key, Base64 uncompressed point.
        public var masterPublicKey: String
        /// Its roles.
        public var applicationRoles: [String]?
        /// Its versions.
        public var versions: [ApplicationVersionDetail]

        /// Makes a body.
        public init(
            applicationId: String,
            masterPublicKey: String,
            applicationRoles: [String]? = nil,
            versions: [ApplicationVersionDetail]
        ) {
            self.applicationId = applicationId
            self.masterPublicKey = masterPublicKey
            self.applicationRoles = applicationRoles
            self.versions = versions
        }
    }
}

extension BackOffice {
    /// A version in `application/detail` (`GetApplicationDetailResponse.Version`).
    public struct ApplicationVersionDetail: Sendable, Hashable, Codable {
        /// The version's id (its name).
        public var applicationVersionId: String
        /// APP_KEY, Base64.
        public var applicationKey: String
        /// APP_SECRET, Base64.
        public var applicationSecret: String
        /// The Base64 configuration a device needs (APP_KEY, APP_SECRET, master public key).
        public var mobileSdkConfig: String?
        /// Whether devices of this version may still activate and sign.
        public var supported: Bool

        /// Makes a body.
        public init(
            applicationVersionId: String,
            applicationKey: String,
            applicationSecret: String,
            mobileSdkConfig: String? = nil,
            supported: Bool
        ) {
            self.applicationVersionId = applicationVersionId
            self.applicationKey = applicationKey
            self.applicationSecret = applicationSecret
            self.mobileSdkConfig = mobileSdkConfig
            self.supported = supported
        }
    }
}

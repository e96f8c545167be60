extension BackOffice {
    /// The answer of `application/version/create`.
    public struct CreateApplicationVersionResponse: Sendable, Hashable, Codable {
        /// The version's id.
        public var applicationVersionId: String
        /// The version's name (older servers; newer ones use the id).
        public var applicationVersionName: String?
        /// APP_KEY, Base64.
        public var applicationKey: String
        /// APP_SECRET, Base64.
        public var applicationSecret: String
        /// The Base64 device configuration, when the server includes it (else read `application/detail`).
        public var mobileSdkConfig: String?
        /// Whether the version is supported.
        public var supported: Bool

        /// Makes a body.
        public init(
            applicationVersionId: String,
            applicationVersionName: String? = nil,
            applicationKey: String,
            applicationSecret: String,
            mobileSdkConfig: String? = nil,
            supported: Bool
        ) {
            self.applicationVersionId = applicationVersionId
            self.applicationVersionName = applicationVersionName
            self.applicationKey = applicationKey
            self.applicationSecret = applicationSecret
            self.mobileSdkConfig = mobileSdkConfig
            self.supported = supported
        }
    }
}

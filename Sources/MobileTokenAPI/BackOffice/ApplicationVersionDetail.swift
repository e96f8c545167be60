extension BackOffice {
    /// A version of an application: in `application/detail` (`GetApplicationDetailResponse.Version`) and as the answer
    /// of `application/version/create` (`CreateApplicationVersionResponse`), the same fields.
    public struct ApplicationVersionDetail: Sendable, Hashable, Codable {
        /// The version's id (its name).
        public var applicationVersionId: String
        /// The version's name, which `application/version/create` of older servers answers (newer ones use the id).
        public var applicationVersionName: String?
        /// APP_KEY, Base64.
        public var applicationKey: String
        /// APP_SECRET, Base64.
        public var applicationSecret: String
        /// The Base64 configuration a device needs (APP_KEY, APP_SECRET, master public key); a server may leave it
        /// out of `application/version/create` (then read `application/detail`).
        public var mobileSdkConfig: String?
        /// Whether devices of this version may still activate and sign.
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

    /// The answer of `application/version/create`: the new version, described as in `application/detail`.
    public typealias CreateApplicationVersionResponse = ApplicationVersionDetail
}

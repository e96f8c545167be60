/// The endpoint paths of the Mobile Token API, of the enrollment server's PowerAuth RESTful API (`/pa/v3`) and of the
/// back-office REST API, with the uriIds their signatures use: the one copy the clients and the emulator route by.
public enum EndpointPaths {
    /// The Mobile Token API (spec §6.3), all `POST`.
    public enum MobileToken {
        /// List pending operations (token).
        public static let operationList = "/api/auth/token/app/operation/list"
        /// Operation detail (token).
        public static let operationDetail = "/api/auth/token/app/operation/detail"
        /// Claim an operation (token).
        public static let operationClaim = "/api/auth/token/app/operation/detail/claim"
        /// Operation history (signature, uriId `historyURIId`).
        public static let operationHistory = "/api/auth/token/app/operation/history"
        /// Approve (signature, uriId `authorizeURIId`).
        public static let operationAuthorize = "/api/auth/token/app/operation/authorize"
        /// Reject (signature, uriId `cancelURIId`).
        public static let operationCancel = "/api/auth/token/app/operation/cancel"
        /// The uriId of `operationHistory`.
        public static let historyURIId = "/operation/history"
        /// The uriId of `operationAuthorize`.
        public static let authorizeURIId = "/operation/authorize"
        /// The uriId of `operationCancel`.
        public static let cancelURIId = "/operation/cancel"
        /// The PowerAuth-signed echo for library users (signature, uriId the same path).
        public static let echo = "/custom/echo"

        /// Unread message count (token).
        public static let inboxCount = "/api/inbox/count"
        /// A page of inbox messages (token).
        public static let inboxMessageList = "/api/inbox/message/list"
        /// One inbox message with its body (token).
        public static let inboxMessageDetail = "/api/inbox/message/detail"
        /// Marks one message read (token).
        public static let inboxMessageRead = "/api/inbox/message/read"
        /// Marks every message read (token).
        public static let inboxMessageReadAll = "/api/inbox/message/read-all"
        /// Push registration, token-authenticated (what the SDKs call).
        public static let pushRegisterToken = "/api/push/device/register/token"
        /// Push registration, signed (older SDKs; signature with uriId `pushRegisterURIId`).
        public static let pushRegister = "/api/push/device/register"
        /// The uriId of `pushRegister`.
        public static let pushRegisterURIId = "/push/device/register"
        /// Activation spawn: a new activation code for a second device (2FA signature with uriId
        /// `activationCodeURIId`, activation-scope encryption).
        public static let activationCode = "/api/activation/code"
        /// The uriId of `activationCode`.
        public static let activationCodeURIId = "/api/activation/code"
    }

    /// The enrollment server's PowerAuth RESTful API of one protocol generation (`/pa/v3`, `/pa/v4`), all `POST`.
    /// The uriIds are the same in every generation.
    public struct PowerAuth: Sendable, Hashable {
        /// The prefix of the generation's paths, `/pa/v3` or `/pa/v4`.
        public let prefix: String

        /// Protocol 3.x.
        public static let v3 = PowerAuth(prefix: "/pa/v3")
        /// Protocol 4.0.
        public static let v4 = PowerAuth(prefix: "/pa/v4")

        /// Server time and the suites offered (4.0).
        public var status: String { prefix + "/status" }
        /// 3.3 temporary keys.
        public var keystoreCreate: String { prefix + "/keystore/create" }
        /// Activation via activation code.
        public var activationCreate: String { prefix + "/activation/create" }
        /// The encrypted status blob.
        public var activationStatus: String { prefix + "/activation/status" }
        /// Signed confirmation of a created activation (4.0; uriId `activationConfirmURIId`).
        public var activationConfirm: String { prefix + "/activation/confirm" }
        /// Signed remove (uriId `activationRemoveURIId`).
        public var activationRemove: String { prefix + "/activation/remove" }
        /// Signed and encrypted token creation (uriId `/pa/token/create`, PowerAuth's `DeviceTokenFlow.uriId`).
        public var tokenCreate: String { prefix + "/token/create" }
        /// Signed token removal (uriId `tokenRemoveURIId`).
        public var tokenRemove: String { prefix + "/token/remove" }
        /// Upgrade 3.3 → 4.0, start (4.0 path only; signed with the 3.3 keys, encrypted in application scope).
        public var upgradeStart: String { prefix + "/upgrade/start" }
        /// Upgrade 3.3 → 4.0, confirm (4.0 path only; signed `possession` with the new 4.0 keys).
        public var upgradeConfirm: String { prefix + "/upgrade/confirm" }

        /// The uriId of `activationConfirm` (4.0).
        public static let activationConfirmURIId = "/pa/activation/confirm"
        /// The uriId of `activationRemove`.
        public static let activationRemoveURIId = "/pa/activation/remove"
        /// The uriId of `tokenRemove`.
        public static let tokenRemoveURIId = "/pa/token/remove"
        /// The application-scope encrypted echo (signed with this path as uriId, or `X-PowerAuth-Encryption`).
        public static let echoApplication = "/custom/echo/application"
        /// The activation-scope encrypted echo (signed with this path as uriId, or `X-PowerAuth-Encryption`).
        public static let echoActivation = "/custom/echo/activation"
    }

    /// Where the back-office REST API is mounted on a PowerAuth server: its paths are this plus a
    /// `BackOffice.Endpoint`'s raw value (`/rest` + `/v3/activation/init`).
    public static let backOfficePrefix = "/rest"

    /// The full server path of a back-office call.
    public static func backOffice(_ endpoint: BackOffice.Endpoint) -> String {
        backOfficePrefix + endpoint.rawValue
    }
}

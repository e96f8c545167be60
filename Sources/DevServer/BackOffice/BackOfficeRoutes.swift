import MobileTokenAPI

/// Every back-office route `qrauth serve --backoffice` answers, gathered from one list per area. Each area lives in
/// its own file (`BackOfficeRoutes+Operations.swift`, …); the application and activation areas belong to the
/// server-side activation lifecycle.
package enum BackOfficeRoutes {
    /// The path prefix of the back-office API.
    package static let prefix = EndpointPaths.backOfficePrefix + "/"

    /// The `/rest/v4` paths the emulator answers beside the `/rest/v3` ones of `BackOffice.Endpoint` (SERVER
    /// `docs/REST-API-Migration-V4.md`; spec §17).
    enum V4Path {
        static let applicationConfigCreate = path("/v4/application/config/create")
        static let applicationConfigDetail = path("/v4/application/config/detail")
        static let applicationConfigRemove = path("/v4/application/config/remove")
        static let offlinePersonalizedCreate = path("/v4/auth/offline/personalized/create")
        static let offlineNonPersonalizedCreate = path("/v4/auth/offline/non-personalized/create")
        static let offlineVerify = path("/v4/auth/offline/verify")
        static let authVerify = path("/v4/auth/verify")

        private static func path(_ endpoint: String) -> String { EndpointPaths.backOfficePrefix + endpoint }
    }

    /// All routes, in registration order.
    static var all: [BackOfficeRoute] {
        applicationRoutes + applicationConfigRoutes + activationRoutes + templateRoutes + operationRoutes
            + userActionRoutes + offlineRoutes + authVerifyRoutes
    }
}

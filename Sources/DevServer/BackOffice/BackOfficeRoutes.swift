import MobileTokenAPI

/// Every back-office route `qrauth serve --backoffice` answers, gathered from one list per area. Each area lives in
/// its own file (`BackOfficeRoutes+Operations.swift`, …); the application and activation areas belong to the
/// server-side activation lifecycle.
package enum BackOfficeRoutes {
    /// The path prefix of the back-office API.
    package static let prefix = EndpointPaths.backOfficePrefix + "/"

    /// All routes, in registration order.
    static var all: [BackOfficeRoute] {
        applicationRoutes + applicationConfigRoutes + activationRoutes + templateRoutes + operationRoutes
            + userActionRoutes + offlineRoutes + authVerifyRoutes
    }
}

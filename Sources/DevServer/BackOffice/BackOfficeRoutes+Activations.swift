extension BackOfficeRoutes {
    /// `/rest/v3/activation/...` (owned by the server-side activation lifecycle; none yet).
    static var activationRoutes: [BackOfficeRoute] { [] }
}

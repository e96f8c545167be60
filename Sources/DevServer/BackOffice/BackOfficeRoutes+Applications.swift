extension BackOfficeRoutes {
    /// `/rest/v3/application/...` (owned by the application model; none yet).
    static var applicationRoutes: [BackOfficeRoute] { [] }
}

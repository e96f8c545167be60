/// How `qrauth serve --backoffice` serves the PowerAuth back-office REST API (`/rest/v3/...`).
public struct BackOfficeConfiguration: Sendable {
    /// The HTTP Basic login every `/rest/...` call must carry (the real server's `restrictAccess`); nil: none.
    public var credentials: BackOfficeLogin?
    /// True when the routes answer only on their own listener (`--backoffice-port`), false when they share the
    /// main one.
    public var separateListener: Bool

    /// Makes a configuration.
    public init(credentials: BackOfficeLogin? = nil, separateListener: Bool = false) {
        self.credentials = credentials
        self.separateListener = separateListener
    }
}

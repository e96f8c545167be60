/// How long the loopback tests (a client and a server in the test process) wait before they take a request or a
/// server start for a hang. Generous on purpose: `make test` runs the whole suite in one `swift test` at low priority on
/// 2 shared cores, where a server start and a loopback exchange have each taken over 60 s while other builds ran.
public enum LoopbackLimits {
    /// The client's `requestTimeout` in tests that are not about timeouts.
    public static let requestTimeout: Duration = .seconds(300)
    /// How long a test waits for an in-process server to report its port.
    public static let serverStart: Duration = .seconds(300)
    /// A loopback port nothing listens on, for "connection refused" tests. Not a port a stopped test server had: the
    /// suite runs in parallel, and another test's server can be given that ephemeral port again before the client
    /// connects (CI saw a plain-HTTP server answer a TLS client there). Port 1 is outside the ephemeral range and
    /// privileged, so no test server is ever given it.
    public static let refusedPort = 1
}

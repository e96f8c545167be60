public import FoundationEssentials
public import HTTPTypes

/// Everything a `NIOHTTPClient` is built with. Value type: copy and adjust.
public struct HTTPClientConfiguration: Sendable {
    /// The base URL that request paths are appended to (for example `https://host/enrollment-server`).
    public var baseURL: URL?
    /// Allows plain `http://` URLs; off by default, so an `http://` request fails with `insecureHTTPRefused`.
    public var allowInsecureHTTP: Bool
    /// How servers are validated.
    public var tls: TLSValidation
    /// The longest wait for a TCP connection (also bounded by the request timeout).
    public var connectTimeout: Duration
    /// The longest a whole exchange may take (connect, TLS, send, receive) unless the request sets its own.
    public var requestTimeout: Duration
    /// The largest response body accepted; a larger one fails with `responseTooLarge`.
    public var maxResponseSize: Int
    /// How many idle keep-alive connections are kept per scheme, host and port.
    public var maxIdleConnectionsPerHost: Int
    /// How long an idle connection may wait in the pool before it is closed instead of reused.
    public var idleConnectionTimeout: Duration
    /// The identifying headers.
    public var identity: HTTPClientIdentity
    /// Headers added to every request (after the identifying ones; the request's own headers win).
    public var defaultHeaders: HTTPFields
    /// Cookies; nil (the default) sends and keeps none.
    public var cookieJar: CookieJar?
    /// Request interceptors, run in this order.
    public var requestInterceptors: [any HTTPRequestInterceptor]
    /// Response interceptors, run in this order.
    public var responseInterceptors: [any HTTPResponseInterceptor]
    /// Sees every raw response.
    public var responseObserver: (any HTTPResponseObserver)?
    /// Signs requests of `signed` and `tokenSigned` endpoints.
    public var signer: (any RequestSigner)?
    /// Logging level, message limit and redaction.
    public var logging: HTTPLogOptions

    /// Makes a configuration with the defaults: HTTPS only, system trust, 5 s connect, 10 s request, 8 MiB cap.
    public init(baseURL: URL? = nil) {
        self.baseURL = baseURL
        self.allowInsecureHTTP = false
        self.tls = .default
        self.connectTimeout = .seconds(5)
        self.requestTimeout = .seconds(10)
        self.maxResponseSize = 8 * 1024 * 1024
        self.maxIdleConnectionsPerHost = 4
        self.idleConnectionTimeout = .seconds(60)
        self.identity = HTTPClientIdentity()
        self.defaultHeaders = [:]
        self.cookieJar = nil
        self.requestInterceptors = []
        self.responseInterceptors = []
        self.responseObserver = nil
        self.signer = nil
        self.logging = HTTPLogOptions()
    }
}

public import FoundationEssentials

/// A cookie kept by a `CookieJar`.
public struct Cookie: Sendable, Hashable {
    /// The name.
    public var name: String
    /// The value.
    public var value: String
    /// The domain, lower-case, without a leading dot.
    public var domain: String
    /// Whether only the exact host that set it gets it back (no `Domain` attribute).
    public var isHostOnly: Bool
    /// The path prefix.
    public var path: String
    /// When it expires; nil for a session cookie.
    public var expires: Date?
    /// Whether it is sent over HTTPS only.
    public var isSecure: Bool
    /// Whether the server marked it `HttpOnly` (kept for completeness; the client sends it anyway).
    public var isHTTPOnly: Bool

    /// Makes a cookie.
    public init(
        name: String, value: String, domain: String, isHostOnly: Bool = true, path: String = "/",
        expires: Date? = nil, isSecure: Bool = false, isHTTPOnly: Bool = false
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.isHostOnly = isHostOnly
        self.path = path
        self.expires = expires
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
    }
}

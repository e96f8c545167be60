public import HTTPTypes

/// The identifying headers the client adds to every request unless the request sets them itself.
public struct HTTPClientIdentity: Sendable, Hashable {
    /// The version in the default `User-Agent`.
    public static let libraryVersion = "0.1.1"

    /// `User-Agent`; nil sends none.
    public var userAgent: String?
    /// `Accept-Language` (the server localises texts by its language part); nil sends none.
    public var acceptLanguage: String?
    /// The `x-requested-with` style header naming the calling application; nil sends none.
    public var requestedWith: HTTPField?
    /// The `x-requested-platform` style header naming the platform; nil sends none.
    public var requestedPlatform: HTTPField?

    /// Makes an identity; the defaults are `qrauth/<version> (<OS>; swift-nio)`, `en`, `qrauth` and the OS name.
    public init(
        userAgent: String? = HTTPClientIdentity.userAgent(),
        acceptLanguage: String? = "en",
        requestedWith: HTTPField? = HTTPField(name: HTTPField.Name("x-requested-with")!, value: "qrauth"),
        requestedPlatform: HTTPField? = HTTPField(
            name: HTTPField.Name("x-requested-platform")!, value: HTTPClientIdentity.platform)
    ) {
        self.userAgent = userAgent
        self.acceptLanguage = acceptLanguage
        self.requestedWith = requestedWith
        self.requestedPlatform = requestedPlatform
    }

    /// A `User-Agent` value: `qrauth/0.1.1 (Linux; swift-nio)`, or with another product and version.
    public static func userAgent(product: String = "qrauth", version: String = libraryVersion) -> String {
        "\(product)/\(version) (\(osName); swift-nio)"
    }

    /// The platform token of the default `x-requested-platform`: `linux` or `macos`.
    public static var platform: String { osName.lowercased() }

    private static var osName: String {
        #if os(Linux)
            "Linux"
        #elseif os(macOS)
            "macOS"
        #else
            "unknown"
        #endif
    }

    /// The header fields in sending order; a `userAgent` or `acceptLanguage` with a line break is refused.
    func fields() throws(HTTPClientError) -> HTTPFields {
        var result = HTTPFields()
        if let userAgent { result.append(try HTTPField.validated(name: "User-Agent", value: userAgent)) }
        if let acceptLanguage { result.append(try HTTPField.validated(name: "Accept-Language", value: acceptLanguage)) }
        if let requestedWith { result.append(requestedWith) }
        if let requestedPlatform { result.append(requestedPlatform) }
        return result
    }
}

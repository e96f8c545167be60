/// `{"platform","token","environment"?}` of `push/device/register` (mtoken-sdk-ios `WMTPushRegistrationData`).
public struct PushRegistration: Sendable, Hashable {
    /// The push service.
    public var platform: PushPlatform
    /// The device's push token.
    public var token: String
    /// The APNs environment; nil omits the key.
    public var environment: PushEnvironment?

    /// Makes a registration.
    public init(platform: PushPlatform, token: String, environment: PushEnvironment? = nil) {
        self.platform = platform
        self.token = token
        self.environment = environment
    }
}

extension PushRegistration: Codable {
    /// `platform` and `token` are required; `environment` may be missing or `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        platform = try container.value("platform")
        token = try container.value("token")
        environment = try container.optional("environment")
    }

    /// Encodes `platform` and `token`, and `environment` when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(platform, forKey: JSONKey("platform"))
        try container.encode(token, forKey: JSONKey("token"))
        try container.encodeIfPresent(environment, forKey: JSONKey("environment"))
    }
}

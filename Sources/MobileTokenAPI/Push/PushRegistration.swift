/// `{"platform","token","environment"?}` of `push/device/register` (mtoken-sdk-ios `WMTPushRegistrationData`).
///
/// `platform` and `token` are required; `environment` may be missing or `null`, and is encoded only when set.
public struct PushRegistration: Sendable, Hashable, Codable {
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

public import FoundationEssentials
public import MobileTokenAPI

/// A push registration as the server keeps it (one per activation: registering again replaces it).
public struct PushRegistrationRecord: Sendable, Equatable, Codable {
    /// The activation that registered.
    public var activationId: String
    /// Its user (`DevServerState.inboxUser(of:)`).
    public var userId: String
    /// The platform as sent (a legacy name is kept as sent; `service` has the current name).
    public var platform: PushPlatform
    /// The push token.
    public var token: String
    /// The APNs environment, when sent.
    public var environment: PushEnvironment?
    /// How it was authenticated: `token` or `signature`.
    public var authentication: String
    /// When it was (last) registered.
    public var registered: Date
}

public import FoundationEssentials

/// A MAC token (`possession_universal`): its id and 16-byte secret.
public struct TokenCredential: Sendable, Equatable, Codable {
    /// The token id (UUID).
    public var id: String
    /// The 16-byte token secret.
    public var secret: Data

    /// Makes a token credential.
    public init(id: String, secret: Data) {
        self.id = id
        self.secret = secret
    }
}

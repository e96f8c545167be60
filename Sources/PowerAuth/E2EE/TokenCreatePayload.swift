package import FoundationEssentials

/// The decrypted response of `/pa/v3/token/create`: `{"tokenId","tokenSecret"}`.
package struct TokenCreatePayload: Sendable, Equatable, Codable {
    /// `tokenId`: the token's UUID.
    public var tokenId: String
    /// `tokenSecret`: 16 bytes (Base64 on the wire).
    public var tokenSecret: Data

    /// Makes a payload from its fields.
    public init(tokenId: String, tokenSecret: Data) {
        self.tokenId = tokenId
        self.tokenSecret = tokenSecret
    }

    enum CodingKeys: String, CodingKey {
        case tokenId, tokenSecret
    }

    /// Decodes the object; `tokenSecret` is strict Base64.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tokenId = try container.decode(String.self, forKey: .tokenId)
        tokenSecret = try ECIESWireField.requiredBase64(container, .tokenSecret)
    }

    /// Encodes the object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tokenId, forKey: .tokenId)
        try ECIESWireField.encode(tokenSecret, &container, .tokenSecret)
    }
}

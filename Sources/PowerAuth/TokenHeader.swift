/// The `X-PowerAuth-Token` header of a MAC-token request.
public struct TokenHeader: Sendable, Equatable {
    /// The HTTP header name.
    public static let name = "X-PowerAuth-Token"

    /// `version`.
    public var version: ProtocolVersion
    /// `token_id`.
    public var tokenId: String
    /// `token_digest` (Base64 of 32 bytes).
    public var tokenDigest: String
    /// `nonce` (Base64 of 16 bytes).
    public var nonce: String
    /// `timestamp`: Unix milliseconds as decimal text.
    public var timestamp: String

    /// Makes a header from its fields.
    public init(version: ProtocolVersion, tokenId: String, tokenDigest: String, nonce: String, timestamp: String) {
        self.version = version
        self.tokenId = tokenId
        self.tokenDigest = tokenDigest
        self.nonce = nonce
        self.timestamp = timestamp
    }

    /// Parses a header value in any field order and validates it as the server does.
    public init(parsing value: String) throws(PowerAuthError) {
        let field = try HeaderFields.Parsed(value, header: Self.name)
        version = try ProtocolVersion(text: field("version"))
        tokenId = try field("token_id")
        tokenDigest = try field("token_digest")
        nonce = try field("nonce")
        timestamp = try field("timestamp")
        try validate()
    }

    /// Checks the fields as `PowerAuthTokenHttpHeaderValidator` does.
    public func validate() throws(PowerAuthError) {
        try Self.validate(tokenDigest: tokenDigest, nonce: nonce, timestamp: timestamp)
    }

    /// The checks of `token_digest`, `nonce` and `timestamp`, the same in 3.x and 4.0 (32-byte digests both).
    static func validate(tokenDigest: String, nonce: String, timestamp: String) throws(PowerAuthError) {
        guard Base64Field.isValid(tokenDigest, lengths: 32...32) else {
            throw PowerAuthError(.header, "token_digest must be Base64 of 32 bytes")
        }
        guard Base64Field.isValid(nonce, lengths: 16...16) else {
            throw PowerAuthError(.header, "nonce must be Base64 of 16 bytes")
        }
        guard (9...15).contains(timestamp.utf8.count), timestamp.utf8.allSatisfy({ (48...57).contains($0) }) else {
            throw PowerAuthError(.header, "timestamp must be 9 to 15 decimal digits")
        }
    }

    /// The value, fields in the mobile SDK's order.
    public var value: String {
        HeaderFields.build([
            ("version", version.rawValue), ("token_id", tokenId), ("token_digest", tokenDigest),
            ("nonce", nonce), ("timestamp", timestamp),
        ])
    }
}

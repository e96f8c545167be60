public import FoundationEssentials
import QRAuthCrypto

/// The MAC-token digest and its header. Time is passed in, never read here.
public enum TokenDigest {
    /// What a server check of a token header concluded.
    public enum Verdict: String, Sendable, Codable {
        /// The digest matches and the timestamp is within the window.
        case valid
        /// The digest does not match.
        case digestMismatch = "digest_mismatch"
        /// The timestamp is older than the allowed past window.
        case expired
        /// The timestamp is further in the future than allowed.
        case fromFuture = "from_future"
    }

    /// The HMAC input: `nonce || "&" || ts` (3.0/3.1) or `nonce || "&" || ts || "&" || version` (3.2+).
    public static func message(nonce: some DataProtocol, timestamp: String, version: ProtocolVersion) -> Data {
        var message = Data(nonce)
        message.append(contentsOf: Array("&\(timestamp)".utf8))
        if version == .v32 || version == .v33 { message.append(contentsOf: Array("&\(version.rawValue)".utf8)) }
        return message
    }

    /// `HMAC-SHA256(tokenSecret, message)`: 32 bytes.
    public static func compute(
        tokenSecret: some DataProtocol, nonce: some DataProtocol, timestamp: String, version: ProtocolVersion
    ) -> Data {
        HMACSHA256.authenticationCode(
            for: message(nonce: nonce, timestamp: timestamp, version: version), using: tokenSecret)
    }

    /// Builds a complete header for a token at `timestampMillis` with the given nonce (random when nil).
    public static func header(
        tokenId: String, tokenSecret: Data, timestampMillis: Int64, version: ProtocolVersion = .v33,
        nonce: Data? = nil
    ) -> TokenHeader {
        let nonce = nonce ?? SecureRandom.bytes(count: 16)
        let timestamp = String(timestampMillis)
        let digest = compute(tokenSecret: tokenSecret, nonce: nonce, timestamp: timestamp, version: version)
        return TokenHeader(
            version: version, tokenId: tokenId, tokenDigest: digest.base64EncodedString(),
            nonce: nonce.base64EncodedString(), timestamp: timestamp)
    }

    /// Server check: constant-time digest comparison, then the timestamp window around `nowMillis`.
    public static func verify(
        _ header: TokenHeader, tokenSecret: some DataProtocol, nowMillis: Int64,
        pastValidityMillis: Int64 = 7_200_000, futureValidityMillis: Int64 = 1_800_000
    ) throws(PowerAuthError) -> Verdict {
        try header.validate()
        let nonce = try Base64Field.decode(header.nonce, field: "nonce", length: 16, canonical: true)
        let digest = try Base64Field.decode(header.tokenDigest, field: "token_digest", length: 32, canonical: true)
        guard let millis = Int64(header.timestamp) else {
            throw PowerAuthError(.header, "timestamp is out of range")
        }
        let expected = compute(
            tokenSecret: tokenSecret, nonce: nonce, timestamp: String(millis), version: header.version)
        guard ConstantTime.equals(expected, digest) else { return .digestMismatch }
        if millis < nowMillis - pastValidityMillis { return .expired }
        if millis > nowMillis + futureValidityMillis { return .fromFuture }
        return .valid
    }
}

public import FoundationEssentials

/// HMAC-SHA256 (RFC 2104, RFC 4231).
public enum HMACSHA256 {
    /// The 32-byte HMAC-SHA256 of `data` under `key` (any key length).
    public static func authenticationCode(for data: some DataProtocol, using key: some DataProtocol) -> Data {
        MessageDigest.hmac(OpenSSLAlgorithms.shared.hmacSHA256Contexts, key: key, data: data)
    }
}

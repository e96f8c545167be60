public import FoundationEssentials

/// HMAC-SHA1 (RFC 2104, RFC 2202), for TOTP interop only.
public enum HMACSHA1 {
    /// The 20-byte HMAC-SHA1 of `data` under `key` (any key length).
    public static func authenticationCode(for data: some DataProtocol, using key: some DataProtocol) -> Data {
        MessageDigest.hmac(OpenSSLAlgorithms.shared.hmacSHA1Contexts, key: key, data: data)
    }
}

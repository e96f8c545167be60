public import FoundationEssentials

/// SHA-256 (FIPS 180-4).
public enum SHA256Hash {
    /// The 32-byte SHA-256 digest of `data`.
    public static func hash(data: some DataProtocol) -> Data {
        MessageDigest.hash(OpenSSLAlgorithms.shared.sha256, data: data)
    }
}

internal import COpenSSL

/// Algorithm handles fetched from OpenSSL's default provider once per process.
///
/// Explicitly fetched handles skip OpenSSL 3's implicit fetch on every call (a measurable cost on
/// hot paths). They are never freed: they live as long as the process.
final class OpenSSLAlgorithms: @unchecked Sendable {
    // @unchecked Sendable: every handle is set once in `init` and never mutated; OpenSSL documents
    // fetched EVP_MD/EVP_CIPHER objects and EC_GROUP (used read-only) as safe to share across threads.

    /// The shared instance.
    static let shared = OpenSSLAlgorithms()

    /// SHA-256.
    let sha256: OpaquePointer
    /// SHA-1 (HMAC-SHA1 for TOTP interop, PBKDF2-HMAC-SHA1 for the PowerAuth knowledge key).
    let sha1: OpaquePointer
    /// AES-128-ECB.
    let aes128ECB: OpaquePointer
    /// AES-128-CBC.
    let aes128CBC: OpaquePointer
    /// The NIST P-256 group, used read-only for point arithmetic.
    let p256Group: OpaquePointer

    private init() {
        // A default provider without SHA-256, AES or P-256 is a broken installation, not bad input.
        guard let sha256 = EVP_MD_fetch(nil, "SHA256", nil),
            let sha1 = EVP_MD_fetch(nil, "SHA1", nil),
            let aes128ECB = EVP_CIPHER_fetch(nil, "AES-128-ECB", nil),
            let aes128CBC = EVP_CIPHER_fetch(nil, "AES-128-CBC", nil),
            let p256Group = EC_GROUP_new_by_curve_name(qrauth_NID_X9_62_prime256v1())
        else {
            fatalError("OpenSSL's default provider lacks SHA-256, SHA-1, AES-128 or P-256")
        }
        self.sha256 = sha256
        self.sha1 = sha1
        self.aes128ECB = aes128ECB
        self.aes128CBC = aes128CBC
        self.p256Group = p256Group
    }
}

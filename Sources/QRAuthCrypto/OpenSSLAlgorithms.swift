internal import COpenSSL

/// Algorithm handles fetched from OpenSSL's default provider once per process, and pools of
/// reusable contexts over them.
///
/// Explicitly fetched handles skip OpenSSL 3's implicit fetch on every call (`EVP_sha256()`,
/// `HMAC()` and `EVP_Q_mac` look the algorithm up by name each time, a measurable cost on hot paths).
/// `shared` is a `static let`, so the fetch happens lazily on first use and exactly once (Swift runs
/// global initialisers under `swift_once`), whichever threads race for it. The handles are never
/// freed: they live as long as the process. The HMAC pools hold `EVP_MAC_CTX`s whose digest is set
/// once; each call only re-keys one (`EVP_MAC_init` with the new key).
final class OpenSSLAlgorithms: @unchecked Sendable {
    // @unchecked Sendable: every handle is set once in `init` and never mutated; OpenSSL documents
    // fetched EVP_MD/EVP_CIPHER/EVP_MAC objects and EC_GROUP (used read-only) as safe to share across
    // threads. The pools are themselves thread-safe.

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
    /// The HMAC MAC algorithm.
    let hmac: OpaquePointer
    /// The NIST P-256 group, used read-only for point arithmetic.
    let p256Group: OpaquePointer
    /// Reusable `EVP_MD_CTX`s (any digest: each use initialises its own).
    let digestContexts: OpenSSLContextPool
    /// Reusable `EVP_MAC_CTX`s for HMAC-SHA256.
    let hmacSHA256Contexts: OpenSSLContextPool
    /// Reusable `EVP_MAC_CTX`s for HMAC-SHA1.
    let hmacSHA1Contexts: OpenSSLContextPool
    /// Reusable `EVP_CIPHER_CTX`s (cleared after every use, so no key schedule stays behind).
    let cipherContexts: OpenSSLContextPool

    private init() {
        // A default provider without SHA-256, AES, HMAC or P-256 is a broken installation, not bad input.
        guard let sha256 = EVP_MD_fetch(nil, "SHA256", nil),
            let sha1 = EVP_MD_fetch(nil, "SHA1", nil),
            let aes128ECB = EVP_CIPHER_fetch(nil, "AES-128-ECB", nil),
            let aes128CBC = EVP_CIPHER_fetch(nil, "AES-128-CBC", nil),
            let hmac = EVP_MAC_fetch(nil, "HMAC", nil),
            let p256Group = EC_GROUP_new_by_curve_name(qrauth_NID_X9_62_prime256v1())
        else {
            fatalError("OpenSSL's default provider lacks SHA-256, SHA-1, AES-128, HMAC or P-256")
        }
        self.sha256 = sha256
        self.sha1 = sha1
        self.aes128ECB = aes128ECB
        self.aes128CBC = aes128CBC
        self.hmac = hmac
        self.p256Group = p256Group
        digestContexts = OpenSSLContextPool(make: { EVP_MD_CTX_new() }, free: { EVP_MD_CTX_free($0) })
        // The pointers are immutable, process-lifetime handles; the closures capture them as bit patterns.
        let macBits = UInt(bitPattern: hmac)
        hmacSHA256Contexts = OpenSSLContextPool(
            make: { Self.makeHMACContext(mac: macBits, digestName: qrauth_digest_name_SHA256()) },
            free: { EVP_MAC_CTX_free($0) })
        hmacSHA1Contexts = OpenSSLContextPool(
            make: { Self.makeHMACContext(mac: macBits, digestName: qrauth_digest_name_SHA1()) },
            free: { EVP_MAC_CTX_free($0) })
        cipherContexts = OpenSSLContextPool(make: { EVP_CIPHER_CTX_new() }, free: { EVP_CIPHER_CTX_free($0) })
    }

    /// A new HMAC context with its digest set (the digest name is a static C string); `mac` is the HMAC algorithm's
    /// handle as a bit pattern (pool closures capture it that way).
    static func makeHMACContext(mac: UInt, digestName: UnsafePointer<CChar>) -> OpaquePointer? {
        guard let mac = OpaquePointer(bitPattern: mac), let context = EVP_MAC_CTX_new(mac) else { return nil }
        guard qrauth_EVP_MAC_CTX_set_digest(context, digestName) == 1 else {
            EVP_MAC_CTX_free(context)
            return nil
        }
        return context
    }
}

internal import COpenSSL

/// The algorithms PowerAuth 4.0 adds (SHA-384, SHA3, KMAC-256, AES-256-CTR, P-384), fetched once per
/// process like `OpenSSLAlgorithms`' and kept for its lifetime.
///
/// A separate holder so that 3.x code paths never fetch them: the first 4.0 call does.
final class OpenSSLExtendedAlgorithms: @unchecked Sendable {
    // @unchecked Sendable: the handles are set once in `init` and only read afterwards (OpenSSL documents
    // fetched algorithms and a read-only EC_GROUP as safe to share); the pools are thread-safe.

    /// The shared instance.
    static let shared = OpenSSLExtendedAlgorithms()

    /// SHA-384 (HKDF-SHA384 of DHKEM, ECDSA P-384, HS384).
    let sha384: OpaquePointer
    /// SHA3-256 (FIPS 202).
    let sha3_256: OpaquePointer
    /// SHA3-384 (FIPS 202).
    let sha3_384: OpaquePointer
    /// AES-256 in counter mode.
    let aes256CTR: OpaquePointer
    /// The NIST P-384 group, used read-only for point arithmetic.
    let p384Group: OpaquePointer
    /// Reusable `EVP_MAC_CTX`s for KMAC-256 (each use sets its own customization and length).
    let kmac256Contexts: OpenSSLContextPool
    /// Reusable `EVP_MAC_CTX`s for HMAC-SHA384.
    let hmacSHA384Contexts: OpenSSLContextPool

    private init() {
        guard let sha384 = EVP_MD_fetch(nil, "SHA384", nil),
            let sha3_256 = EVP_MD_fetch(nil, "SHA3-256", nil),
            let sha3_384 = EVP_MD_fetch(nil, "SHA3-384", nil),
            let aes256CTR = EVP_CIPHER_fetch(nil, "AES-256-CTR", nil),
            let kmac = EVP_MAC_fetch(nil, "KMAC-256", nil),
            let p384Group = EC_GROUP_new_by_curve_name(qrauth_NID_secp384r1())
        else {
            fatalError("OpenSSL's default provider lacks SHA-384, SHA3, AES-256-CTR, KMAC-256 or P-384")
        }
        self.sha384 = sha384
        self.sha3_256 = sha3_256
        self.sha3_384 = sha3_384
        self.aes256CTR = aes256CTR
        self.p384Group = p384Group
        let kmacBits = UInt(bitPattern: kmac)
        kmac256Contexts = OpenSSLContextPool(
            make: { OpaquePointer(bitPattern: kmacBits).flatMap { EVP_MAC_CTX_new($0) } },
            free: { EVP_MAC_CTX_free($0) })
        let hmacBits = UInt(bitPattern: OpenSSLAlgorithms.shared.hmac)
        hmacSHA384Contexts = OpenSSLContextPool(
            make: { OpenSSLAlgorithms.makeHMACContext(mac: hmacBits, digestName: qrauth_digest_name_SHA384()) },
            free: { EVP_MAC_CTX_free($0) })
    }
}

package import FoundationEssentials

/// SHA3-256 and SHA3-384 (FIPS 202), and SHA-384 (FIPS 180-4), over OpenSSL.
package enum SHA3 {
    /// The 32-byte SHA3-256 digest of `data`.
    package static func hash256(_ data: some DataProtocol) -> Data {
        MessageDigest.hash(OpenSSLExtendedAlgorithms.shared.sha3_256, data: data)
    }

    /// The 48-byte SHA3-384 digest of `data`.
    package static func hash384(_ data: some DataProtocol) -> Data {
        MessageDigest.hash(OpenSSLExtendedAlgorithms.shared.sha3_384, data: data)
    }
}

/// SHA-384 and HMAC-SHA384 (FIPS 180-4, RFC 2104): ECDSA P-384, HKDF-SHA384 and the HS384 JWTs of PowerAuth 4.0.
package enum SHA384 {
    /// The 48-byte SHA-384 digest of `data`.
    package static func hash(_ data: some DataProtocol) -> Data {
        MessageDigest.hash(OpenSSLExtendedAlgorithms.shared.sha384, data: data)
    }

    /// The 48-byte HMAC-SHA384 of `data` under `key` (any key length).
    package static func authenticationCode(for data: some DataProtocol, using key: some DataProtocol) -> Data {
        MessageDigest.hmac(OpenSSLExtendedAlgorithms.shared.hmacSHA384Contexts, key: key, data: data)
    }
}

public import QRAuthEncoding

/// An error from QRAuthCrypto: a stable machine-readable `code` and a one-line human `reason`.
///
/// Equality is by code, so tests and callers can match codes without depending on wording. When
/// OpenSSL reported the failure, `reason` ends with OpenSSL's own error text. Key material never
/// appears in a reason.
public struct CryptoError: QRAuthError {
    /// The stable error codes of QRAuthCrypto.
    public enum Code: String, Sendable, Equatable, CaseIterable {
        /// An input has the wrong number of bytes (key, block, IV, point, signature).
        case invalidLength = "crypto.invalid_length"
        /// A parameter is out of range (iteration count, output length).
        case invalidParameter = "crypto.invalid_parameter"
        /// A private scalar is zero or not below the group order.
        case invalidPrivateKey = "crypto.invalid_private_key"
        /// A public point has a bad prefix or is not on the curve.
        case invalidPublicKey = "crypto.invalid_public_key"
        /// The key is not an EC key on NIST P-256.
        case unsupportedKey = "crypto.unsupported_key"
        /// DER input does not parse (truncated, trailing bytes, wrong structure).
        case malformedDER = "crypto.malformed_der"
        /// PEM input has no usable block, a bad label or bad Base64.
        case malformedPEM = "crypto.malformed_pem"
        /// An ECDSA signature is not a strict DER `SEQUENCE { r, s }` or raw 64-byte `r||s`.
        case malformedSignature = "crypto.malformed_signature"
        /// The private key is encrypted and no password was given.
        case passwordRequired = "crypto.password_required"
        /// The password does not decrypt the private key (or the encrypted key is corrupt).
        case wrongPassword = "crypto.wrong_password"
        /// Decryption failed: bad padding or wrong key.
        case decryptionFailed = "crypto.decryption_failed"
        /// OpenSSL failed where it should not have (allocation, internal error).
        case openSSLFailure = "crypto.openssl_failure"
    }

    /// The stable, machine-readable code.
    public let code: Code
    /// A one-line human sentence naming what is wrong.
    public let reason: String

    /// Creates an error with a code and a human reason.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// The reason, prefixed with the code.
    public var description: String { "\(code.rawValue): \(reason)" }
}

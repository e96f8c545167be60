public import QRAuthEncoding

/// Why a fingerprint list, key, certificate or store input could not be used.
///
/// "Does not verify" is never this error: verification answers with values. This error means the
/// input is malformed or unusable; `code` is stable, `reason` is one human sentence that names the
/// entry or field and never contains a secret.
public struct FingerprintListError: QRAuthError {
    /// Stable, machine-readable cases.
    public enum Code: String, Sendable {
        /// The text is not JSON (or nests too deeply, or repeats a key).
        case malformedJSON = "fingerprints.malformed_json"
        /// A required field is absent.
        case missingField = "fingerprints.missing_field"
        /// A field has the wrong JSON type.
        case wrongType = "fingerprints.wrong_type"
        /// A field that this kind of document must not carry (e.g. `depth` in a static list).
        case forbiddenField = "fingerprints.forbidden_field"
        /// `expires` (or `timestamp`) is not integer seconds in range.
        case invalidExpiry = "fingerprints.invalid_expiry"
        /// A fingerprint is not canonical Base64 of 32 bytes.
        case invalidFingerprint = "fingerprints.invalid_fingerprint"
        /// A signature is not canonical Base64 of a DER ECDSA signature.
        case invalidSignatureEncoding = "fingerprints.invalid_signature_encoding"
        /// The public key is not Base64 of a 65-byte uncompressed P-256 point.
        case invalidPublicKey = "fingerprints.invalid_public_key"
        /// The private key file cannot be read as a P-256 key.
        case invalidPrivateKey = "fingerprints.invalid_private_key"
        /// The key file is encrypted and no password was given.
        case passwordRequired = "fingerprints.password_required"
        /// A password was given for a key file that is not encrypted.
        case passwordNotExpected = "fingerprints.password_not_expected"
        /// The password does not open the key file.
        case wrongPassword = "fingerprints.wrong_password"
        /// A certificate cannot be parsed, or the requested one is absent.
        case invalidCertificate = "fingerprints.invalid_certificate"
        /// An entry name is outside `[A-Za-z0-9.*-]` or empty.
        case invalidName = "fingerprints.invalid_name"
        /// A challenge is not Base64 of 16 to 32 bytes.
        case invalidChallenge = "fingerprints.invalid_challenge"
        /// A store configuration value is out of range.
        case invalidConfiguration = "fingerprints.invalid_configuration"
        /// The store's file could not be written.
        case storage = "fingerprints.storage"
    }

    /// The stable case.
    public let code: Code
    /// One human sentence naming what is wrong and where.
    public let reason: String

    /// Makes an error with a code and a human reason.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

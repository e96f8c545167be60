public import QRAuthEncoding

/// Malformed PowerAuth input or key material; `code` is stable, `reason` is one human sentence without secrets.
public struct PowerAuthError: QRAuthError {
    /// Stable, machine-readable cases.
    public enum Code: String, Sendable {
        /// A symmetric key, counter or nonce has the wrong length.
        case length = "powerauth.length"
        /// A Base64 field does not decode.
        case base64 = "powerauth.base64"
        /// An elliptic-curve key is not a valid P-256 key.
        case key = "powerauth.key"
        /// A signature type name is unknown or not allowed here.
        case signatureType = "powerauth.signature_type"
        /// A factor key the signature type needs is missing.
        case missingFactorKey = "powerauth.missing_factor_key"
        /// The decimal component length is outside 4...8.
        case componentLength = "powerauth.component_length"
        /// The protocol version is not one of 3.0–3.3.
        case version = "powerauth.version"
        /// An HTTP method is not one PowerAuth signs.
        case method = "powerauth.method"
        /// A header value is not `PowerAuth key="value", ...` or a field fails validation.
        case header = "powerauth.header"
        /// The look-ahead window is outside 1...64.
        case lookAhead = "powerauth.look_ahead"
        /// TOTP parameters are out of range.
        case totp = "powerauth.totp"
        /// An offline operation cannot be approved with the requested factor.
        case factorNotAllowed = "powerauth.factor_not_allowed"
        /// An activation file or status file is malformed or inconsistent.
        case activationFile = "powerauth.activation_file"
        /// A device file and a server file (or a header) belong to different activations.
        case activationMismatch = "powerauth.activation_mismatch"
        /// An encrypted status blob is malformed.
        case statusBlob = "powerauth.status_blob"
        /// An offline operation cannot be built or signed from the given fields.
        case payload = "powerauth.payload"
        /// The underlying cryptography failed.
        case crypto = "powerauth.crypto"
        /// The activation was removed; it signs nothing more.
        case activationRemoved = "powerauth.activation_removed"
        /// An ECIES request or response cannot be built: bad parameters, recipient key or randomness.
        case encryption = "powerauth.encryption"
        /// An ECIES message does not decrypt (MAC, padding or length; deliberately one opaque case).
        case decryption = "powerauth.decryption"
        /// An ECIES message's fields do not match its protocol version or do not decode.
        case eciesMessage = "powerauth.ecies_message"
        /// An ECIES request repeats an earlier one or its timestamp is outside the server's window.
        case replay = "powerauth.replay"
        /// An activation code is malformed (length, character, CRC, canonical form).
        case activationCode = "powerauth.activation_code"
        /// An activation code's signature does not verify with the master public key.
        case activationCodeSignature = "powerauth.activation_code_signature"
        /// A 3.3 temporary-key JWT is malformed, does not verify, does not match the request or has expired.
        case temporaryKey = "powerauth.temporary_key"
        /// A token name is empty, too long or not printable, or a named token is missing or already held.
        case tokenName = "powerauth.token_name"
    }

    /// The stable case.
    public let code: Code
    /// One human sentence naming the field and what is wrong.
    public let reason: String

    /// Makes an error with a code and a human reason.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

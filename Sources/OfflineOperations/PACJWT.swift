public import struct FoundationEssentials.Data

/// The JWT of a PAC payload, split the way the SDK splits it. Nothing here is verified: the SDKs
/// ignore the header and signature, and so does the parse; `signingInput` and `signature` let a
/// caller with a key check it.
public struct PACJWT: Equatable, Hashable, Sendable {
    /// How the payload part was encoded.
    public enum PayloadEncoding: String, Equatable, Hashable, Sendable {
        /// Standard Base64 (`+`, `/`), padding optional: what the Wultra SDKs decode.
        case base64
        /// base64url (`-`, `_`, RFC 7519): standard for JWTs, but the Wultra SDKs reject it.
        case base64url
    }

    /// The compact JWT text as found (for a deeplink, the query item value).
    public let text: String
    /// The decoded header JSON bytes, nil when the header is not Base64/base64url.
    public let header: Data?
    /// The header's `alg`, nil when the header is unreadable or has none.
    public let algorithm: String?
    /// The decoded payload JSON bytes.
    public let payload: Data
    /// How the payload was encoded.
    public let payloadEncoding: PayloadEncoding
    /// The payload key the TOTP came from (`totp` wins over `potp`), nil when there was none.
    public let totpKey: String?
    /// The JWS signing input: the original bytes of `{header}.{payload}`.
    public let signingInput: Data
    /// The third part, decoded (base64url, or standard Base64), nil when absent or undecodable.
    public let signature: Data?

    /// Whether the header declares `alg: none` (an unsigned JWT, as the SDK documentation shows).
    public var isUnsigned: Bool { algorithm == "none" }
}

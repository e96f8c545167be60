import QRAuthEncoding

/// `{"activationId","encryptedStatusBlob","nonce","customObject"}` of `/pa/v3/activation/status`, inside
/// `ResponseEnvelope`.
package struct ActivationStatusResponse: Codable, Sendable, Equatable {
    /// The activation id.
    package let activationId: String
    /// Base64 of the 32-byte encrypted status blob.
    package let encryptedStatusBlob: String
    /// Base64 of the server's 16-byte nonce (3.1+; null = absent).
    package let nonce: String?
    /// Application data (null = absent).
    package let customObject: [String: JSONValue]?

    /// Makes a response.
    package init(
        activationId: String, encryptedStatusBlob: String, nonce: String?, customObject: [String: JSONValue]? = nil
    ) {
        self.activationId = activationId
        self.encryptedStatusBlob = encryptedStatusBlob
        self.nonce = nonce
        self.customObject = customObject
    }
}

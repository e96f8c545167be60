extension BackOffice {
    /// The answer of both offline payload calls (`Create…OfflineSignaturePayloadResponse`).
    public struct OfflineSignaturePayloadResponse: Sendable, Hashable, Codable {
        /// The complete QR text, signature line included.
        public var offlineData: String
        /// The nonce used, Base64.
        public var nonce: String

        /// Makes a body.
        public init(offlineData: String, nonce: String) {
            self.offlineData = offlineData
            self.nonce = nonce
        }
    }
}

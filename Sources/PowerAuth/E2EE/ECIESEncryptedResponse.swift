public import FoundationEssentials

extension ECIES {
    /// The encrypted response body of every ECIES exchange: a bare JSON object.
    ///
    /// Null `nonce`/`timestamp` (what Java servers write for 3.0/3.1) count as absent; encoding omits them.
    public struct EncryptedResponse: Sendable, Equatable, Codable {
        /// `encryptedData`: AES-128-CBC ciphertext with PKCS#7 padding.
        public var encryptedData: Data
        /// `mac`: HMAC-SHA256 over `encryptedData || SHARED_INFO_2`.
        public var mac: Data
        /// `nonce` (3.2+): the response's own 16-byte nonce.
        public var nonce: Data?
        /// `timestamp` (3.2+): the server's Unix milliseconds; authenticated by the MAC, usable for time sync.
        public var timestamp: Int64?

        /// Makes a response body from its fields.
        public init(encryptedData: Data, mac: Data, nonce: Data? = nil, timestamp: Int64? = nil) {
            self.encryptedData = encryptedData
            self.mac = mac
            self.nonce = nonce
            self.timestamp = timestamp
        }

        enum CodingKeys: String, CodingKey {
            case encryptedData, mac, nonce, timestamp
        }

        /// Decodes the wire form; a present field with bad Base64 or a non-integer timestamp is an error.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            encryptedData = try ECIESWireField.requiredBase64(container, .encryptedData)
            mac = try ECIESWireField.requiredBase64(container, .mac)
            nonce = try ECIESWireField.base64(container, .nonce)
            timestamp = try ECIESWireField.milliseconds(container, .timestamp)
        }

        /// Encodes the wire form, absent keys omitted.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try ECIESWireField.encode(encryptedData, &container, .encryptedData)
            try ECIESWireField.encode(mac, &container, .mac)
            try ECIESWireField.encode(nonce, &container, .nonce)
            try container.encodeIfPresent(timestamp, forKey: .timestamp)
        }

        /// Checks the exact field presence the version needs: `nonce` and `timestamp` iff ≥ 3.2.
        public func validateFields(for version: ProtocolVersion) throws(PowerAuthError) {
            let expected = version == .v32 || version == .v33
            try ECIESWireField.check(
                "nonce", present: nonce != nil, expected: expected, version: version, message: "response")
            try ECIESWireField.check(
                "timestamp", present: timestamp != nil, expected: expected, version: version, message: "response")
        }
    }
}

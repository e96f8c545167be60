public import FoundationEssentials

extension ECIES {
    /// The encrypted request body of every ECIES exchange: a bare JSON object.
    ///
    /// Decoding is strict Base64 and treats null as absent; encoding omits absent keys and writes `timestamp` as a
    /// JSON number (milliseconds). Which keys must be present depends on the version: `validateFields(for:)`.
    public struct EncryptedRequest: Sendable, Equatable, Codable {
        /// `temporaryKeyId` (3.3): the id of the temporary key the request is encrypted to.
        public var temporaryKeyId: String?
        /// `ephemeralPublicKey`: the client's ephemeral P-256 point as sent (33 or 65 bytes).
        public var ephemeralPublicKey: Data
        /// `encryptedData`: AES-128-CBC ciphertext with PKCS#7 padding.
        public var encryptedData: Data
        /// `mac`: HMAC-SHA256 over `encryptedData || SHARED_INFO_2`.
        public var mac: Data
        /// `nonce` (3.1+): 16 bytes the IV is derived from.
        public var nonce: Data?
        /// `timestamp` (3.2+): Unix milliseconds.
        public var timestamp: Int64?

        /// Makes a request body from its fields.
        public init(
            temporaryKeyId: String? = nil, ephemeralPublicKey: Data, encryptedData: Data, mac: Data, nonce: Data? = nil,
            timestamp: Int64? = nil
        ) {
            self.temporaryKeyId = temporaryKeyId
            self.ephemeralPublicKey = ephemeralPublicKey
            self.encryptedData = encryptedData
            self.mac = mac
            self.nonce = nonce
            self.timestamp = timestamp
        }

        enum CodingKeys: String, CodingKey {
            case temporaryKeyId, ephemeralPublicKey, encryptedData, mac, nonce, timestamp
        }

        /// Decodes the wire form; a present field with bad Base64 or a non-integer timestamp is an error.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            temporaryKeyId = try container.decodeIfPresent(String.self, forKey: .temporaryKeyId)
            ephemeralPublicKey = try ECIESWireField.requiredBase64(container, .ephemeralPublicKey)
            encryptedData = try ECIESWireField.requiredBase64(container, .encryptedData)
            mac = try ECIESWireField.requiredBase64(container, .mac)
            nonce = try ECIESWireField.base64(container, .nonce)
            timestamp = try ECIESWireField.milliseconds(container, .timestamp)
        }

        /// Encodes the wire form in the SDK's key order, absent keys omitted.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(temporaryKeyId, forKey: .temporaryKeyId)
            try ECIESWireField.encode(ephemeralPublicKey, &container, .ephemeralPublicKey)
            try ECIESWireField.encode(encryptedData, &container, .encryptedData)
            try ECIESWireField.encode(mac, &container, .mac)
            try ECIESWireField.encode(nonce, &container, .nonce)
            try container.encodeIfPresent(timestamp, forKey: .timestamp)
        }

        /// Checks the exact field presence the version needs: `temporaryKeyId` iff 3.3, `nonce` iff ≥ 3.1, `timestamp` iff ≥ 3.2.
        public func validateFields(for version: ProtocolVersion) throws(PowerAuthError) {
            try ECIESWireField.check(
                "temporaryKeyId", present: temporaryKeyId != nil, expected: version == .v33, version: version,
                message: "request")
            try ECIESWireField.check(
                "nonce", present: nonce != nil, expected: version != .v30, version: version, message: "request")
            try ECIESWireField.check(
                "timestamp", present: timestamp != nil, expected: version == .v32 || version == .v33, version: version,
                message: "request")
        }
    }
}

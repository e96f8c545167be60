import FoundationEssentials
import QRAuthEncoding

/// Decoding and encoding helpers for the Base64 and millisecond fields of the ECIES JSON objects.
enum ECIESWireField {
    /// A strictly decoded Base64 string field, canonical (the ephemeral key, MAC and nonce must have one spelling,
    /// as header fields do); absent and null are both nil. The empty string is the empty value.
    static func base64<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Data? {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let data = text.isEmpty ? Data() : StrictBase64.decodeCanonical(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "\(key.stringValue) is not valid Base64")
        }
        return data
    }

    /// A required Base64 field.
    static func requiredBase64<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Data {
        guard let data = try base64(container, key) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: container.codingPath, debugDescription: "\(key.stringValue) is missing"))
        }
        return data
    }

    /// A millisecond timestamp: a JSON integer (absent and null are nil).
    static func milliseconds<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Int64? {
        try container.decodeIfPresent(Int64.self, forKey: key)
    }

    /// Encodes bytes as padded standard Base64.
    static func encode<Key: CodingKey>(_ data: Data?, _ container: inout KeyedEncodingContainer<Key>, _ key: Key) throws
    {
        guard let data else { return }
        try container.encode(StrictBase64.encode(data), forKey: key)
    }

    /// A presence rule: `present` must equal `expected`, else the version error naming the field.
    static func check(
        _ field: String, present: Bool, expected: Bool, version: ProtocolVersion, message: String
    ) throws(PowerAuthError) {
        guard present != expected else { return }
        let verb = expected ? "needs" : "must not carry"
        throw PowerAuthError(.eciesMessage, "an ECIES \(message) of version \(version.rawValue) \(verb) '\(field)'")
    }
}

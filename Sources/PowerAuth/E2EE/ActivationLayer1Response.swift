package import QRAuthEncoding

/// The layer-1 response plaintext of `/pa/v3/activation/create`.
package struct ActivationLayer1Response: Sendable, Equatable, Codable {
    /// `activationData`: the layer-2 response cryptogram.
    public var activationData: ECIES.EncryptedResponse
    /// `customAttributes` the enrollment server returns (null = absent).
    public var customAttributes: [String: JSONValue]?
    /// `userInfo` (null = absent).
    public var userInfo: [String: JSONValue]?

    /// Makes a response from its fields.
    public init(
        activationData: ECIES.EncryptedResponse, customAttributes: [String: JSONValue]? = nil,
        userInfo: [String: JSONValue]? = nil
    ) {
        self.activationData = activationData
        self.customAttributes = customAttributes
        self.userInfo = userInfo
    }

    enum CodingKeys: String, CodingKey {
        case activationData, customAttributes, userInfo
    }

    /// Decodes the object; null attributes are nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        activationData = try container.decode(ECIES.EncryptedResponse.self, forKey: .activationData)
        customAttributes = try container.decodeIfPresent([String: JSONValue].self, forKey: .customAttributes)
        userInfo = try container.decodeIfPresent([String: JSONValue].self, forKey: .userInfo)
    }

    /// Encodes the object, nil members omitted.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(activationData, forKey: .activationData)
        try container.encodeIfPresent(customAttributes, forKey: .customAttributes)
        try container.encodeIfPresent(userInfo, forKey: .userInfo)
    }
}

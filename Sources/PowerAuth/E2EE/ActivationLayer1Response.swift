/// The layer-1 response plaintext of `/pa/v3/activation/create`.
public struct ActivationLayer1Response: Sendable, Equatable, Codable {
    /// `activationData`: the layer-2 response cryptogram.
    public var activationData: ECIESEncryptedResponse
    /// `customAttributes` the enrollment server returns (null = absent).
    public var customAttributes: [String: PowerAuthJSONValue]?
    /// `userInfo` (null = absent).
    public var userInfo: [String: PowerAuthJSONValue]?

    /// Makes a response from its fields.
    public init(
        activationData: ECIESEncryptedResponse, customAttributes: [String: PowerAuthJSONValue]? = nil,
        userInfo: [String: PowerAuthJSONValue]? = nil
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
        activationData = try container.decode(ECIESEncryptedResponse.self, forKey: .activationData)
        customAttributes = try container.decodeIfPresent([String: PowerAuthJSONValue].self, forKey: .customAttributes)
        userInfo = try container.decodeIfPresent([String: PowerAuthJSONValue].self, forKey: .userInfo)
    }

    /// Encodes the object, nil members omitted.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(activationData, forKey: .activationData)
        try container.encodeIfPresent(customAttributes, forKey: .customAttributes)
        try container.encodeIfPresent(userInfo, forKey: .userInfo)
    }
}

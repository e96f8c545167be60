package import QRAuthEncoding

/// The layer-1 plaintext of `/pa/v3/activation/create`, encrypted with `APPLICATION_SCOPE_GENERIC`.
///
/// Encodes exactly `type`, `identityAttributes`, `customAttributes` (when set) and `activationData`; decoding
/// rejects any other key, as the enrollment server's strict Jackson mapper does.
package struct ActivationLayer1Request: Sendable, Equatable {
    /// The `type` of an activation by activation code.
    package static let codeType = "CODE"

    /// `type`: `CODE` (also `CUSTOM`/`DIRECT`, `RECOVERY`).
    package var type: String
    /// `identityAttributes`: for `CODE`, `{"code": "<activation code>"}`.
    package var identityAttributes: [String: String]
    /// `customAttributes`: application data passed to the enrollment server.
    package var customAttributes: [String: JSONValue]?
    /// `activationData`: the layer-2 cryptogram.
    package var activationData: ECIES.EncryptedRequest

    /// An activation by code: `{"type":"CODE","identityAttributes":{"code":…},…}`.
    package static func code(
        _ activationCode: String, customAttributes: [String: JSONValue]? = nil,
        activationData: ECIES.EncryptedRequest
    ) -> ActivationLayer1Request {
        ActivationLayer1Request(
            type: codeType, identityAttributes: ["code": activationCode], customAttributes: customAttributes,
            activationData: activationData)
    }
}

extension ActivationLayer1Request: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, identityAttributes, customAttributes, activationData
    }

    /// Decodes the object; an unknown key is an error. Encoding is synthesized: `customAttributes` omitted when nil.
    package init(from decoder: any Decoder) throws {
        try ExactKeys.check(decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        identityAttributes = try container.decode([String: String].self, forKey: .identityAttributes)
        customAttributes = try container.decodeIfPresent([String: JSONValue].self, forKey: .customAttributes)
        activationData = try container.decode(ECIES.EncryptedRequest.self, forKey: .activationData)
    }
}

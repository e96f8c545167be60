package import FoundationEssentials

/// The layer-2 response plaintext of `/pa/v3/activation/create`.
package struct ActivationLayer2Response: Sendable, Equatable {
    /// `activationRecovery`: a recovery code and PUK (optional; gone in server 2.0).
    public struct Recovery: Sendable, Equatable, Codable {
        /// `recoveryCode`.
        public var recoveryCode: String
        /// `puk`.
        public var puk: String
    }

    /// `activationId`.
    public var activationId: String
    /// `serverPublicKey`: `KEY_SERVER_PUBLIC` (65 uncompressed bytes from the server).
    public var serverPublicKey: Data
    /// `ctrData`: the initial 16-byte hash-based counter.
    public var ctrData: Data
    /// `activationRecovery` (null = absent).
    public var activationRecovery: Recovery?
}

extension ActivationLayer2Response: Codable {
    enum CodingKeys: String, CodingKey {
        case activationId, serverPublicKey, ctrData, activationRecovery
    }

    /// Decodes the object; binary fields are strict Base64 (lengths are the caller's check).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        activationId = try container.decode(String.self, forKey: .activationId)
        serverPublicKey = try ECIESWireField.requiredBase64(container, .serverPublicKey)
        ctrData = try ECIESWireField.requiredBase64(container, .ctrData)
        activationRecovery = try container.decodeIfPresent(Recovery.self, forKey: .activationRecovery)
    }

    /// Encodes the object, `activationRecovery` omitted when nil.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(activationId, forKey: .activationId)
        try ECIESWireField.encode(serverPublicKey, &container, .serverPublicKey)
        try ECIESWireField.encode(ctrData, &container, .ctrData)
        try container.encodeIfPresent(activationRecovery, forKey: .activationRecovery)
    }
}

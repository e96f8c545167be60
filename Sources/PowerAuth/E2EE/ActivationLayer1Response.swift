package import QRAuthEncoding

/// The layer-1 response plaintext of `/pa/v3/activation/create`; the synthesized coding reads null members as nil
/// and omits nil ones.
package struct ActivationLayer1Response: Sendable, Equatable, Codable {
    /// `activationData`: the layer-2 response cryptogram.
    public var activationData: ECIES.EncryptedResponse
    /// `customAttributes` the enrollment server returns (null = absent).
    public var customAttributes: [String: JSONValue]?
    /// `userInfo` (null = absent).
    public var userInfo: [String: JSONValue]?
}

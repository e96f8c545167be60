/// The answer of `/api/activation/code`: the new activation and its code, signed with the master key.
public struct ActivationCodeResponse: Sendable, Hashable, Codable {
    /// The new activation's id.
    public var activationId: String
    /// The activation code, `AAAAA-BBBBB-CCCCC-DDDDD`.
    public var activationCode: String
    /// Its ECDSA signature (Base64 DER) by the application's master key.
    public var activationSignature: String

    /// Makes an answer.
    public init(activationId: String, activationCode: String, activationSignature: String) {
        self.activationId = activationId
        self.activationCode = activationCode
        self.activationSignature = activationSignature
    }
}

/// One authentication factor: each has its own 16-byte signature key.
public enum SignatureFactor: String, Sendable, Hashable, Codable, CaseIterable {
    /// Something the device has (`KEY_SIGNATURE_POSSESSION`).
    case possession
    /// Something the user knows: the password or PIN (`KEY_SIGNATURE_KNOWLEDGE`).
    case knowledge
    /// Something the user is (`KEY_SIGNATURE_BIOMETRY`).
    case biometry
}

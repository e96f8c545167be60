/// A factor combination an operation accepts for approval (`allowedSignatureType.variants`).
public enum SignatureVariant: String, Sendable, Hashable, Codable, CaseIterable {
    /// Possession only.
    case possession
    /// Possession and the password.
    case possessionKnowledge = "possession_knowledge"
    /// Possession and biometry.
    case possessionBiometry = "possession_biometry"
}

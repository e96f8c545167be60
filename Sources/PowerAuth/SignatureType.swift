/// The six PowerAuth factor combinations, named as in `pa_signature_type`.
public enum SignatureType: String, Sendable, Codable, CaseIterable {
    /// Possession only (1FA).
    case possession
    /// Knowledge only.
    case knowledge
    /// Biometry only.
    case biometry
    /// Possession and knowledge (2FA, the usual PIN approval).
    case possessionKnowledge = "possession_knowledge"
    /// Possession and biometry (2FA).
    case possessionBiometry = "possession_biometry"
    /// All three factors.
    case possessionKnowledgeBiometry = "possession_knowledge_biometry"

    /// The factor keys in the order the components are computed.
    public var factors: [SignatureFactor] {
        switch self {
        case .possession: [.possession]
        case .knowledge: [.knowledge]
        case .biometry: [.biometry]
        case .possessionKnowledge: [.possession, .knowledge]
        case .possessionBiometry: [.possession, .biometry]
        case .possessionKnowledgeBiometry: [.possession, .knowledge, .biometry]
        }
    }

    /// Parses a type name case-insensitively, as the server's header validator does.
    public init(name: String) throws(PowerAuthError) {
        guard let type = SignatureType(rawValue: name.lowercased()) else {
            throw PowerAuthError(.signatureType, "unknown signature type '\(name)'")
        }
        self = type
    }
}

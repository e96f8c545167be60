/// The six PowerAuth factor combinations: the one factor vocabulary of every module. The raw values are the
/// `pa_signature_type` spellings (`possession_knowledge`), which the Mobile Token API, the device and server files
/// and `qrauth --json` use; the back-office REST API writes the same values upper-cased (`POSSESSION_KNOWLEDGE`),
/// a coding `MobileTokenAPI` applies (`BackOffice.Spelling`).
public enum SignatureType: String, Sendable, Hashable, Codable, CaseIterable {
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
}

extension BackOffice {
    /// A factor combination as the back-office API spells it (`SignatureType`: `POSSESSION_KNOWLEDGE`, …).
    public enum SignatureType: String, Sendable, Hashable, Codable, CaseIterable {
        /// Possession only.
        case possession = "POSSESSION"
        /// Knowledge only.
        case knowledge = "KNOWLEDGE"
        /// Biometry only.
        case biometry = "BIOMETRY"
        /// Possession and knowledge.
        case possessionKnowledge = "POSSESSION_KNOWLEDGE"
        /// Possession and biometry.
        case possessionBiometry = "POSSESSION_BIOMETRY"
        /// All three factors.
        case possessionKnowledgeBiometry = "POSSESSION_KNOWLEDGE_BIOMETRY"
    }
}

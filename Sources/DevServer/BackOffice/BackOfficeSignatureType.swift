import MobileTokenAPI

/// The PowerAuth server's `SignatureType` names used by operation templates; an unknown name does not decode
/// (`ERROR_HTTP_REQUEST`, as Jackson refuses an unknown enum constant).
enum BackOfficeSignatureType: String, Codable, Sendable, CaseIterable {
    case possession = "POSSESSION"
    case knowledge = "KNOWLEDGE"
    case biometry = "BIOMETRY"
    case possessionKnowledge = "POSSESSION_KNOWLEDGE"
    case possessionBiometry = "POSSESSION_BIOMETRY"
    case possessionKnowledgeBiometry = "POSSESSION_KNOWLEDGE_BIOMETRY"

    /// The Mobile Token API's `allowedSignatureType` for a template's types: 2FA with the knowledge and biometry
    /// variants it allows, else 1FA when it allows possession; nil when none can approve on a phone.
    static func allowedSignatureType(_ types: [BackOfficeSignatureType]) -> AllowedSignatureType? {
        var variants: [SignatureVariant] = []
        if types.contains(.possessionKnowledge) || types.contains(.possessionKnowledgeBiometry) {
            variants.append(.possessionKnowledge)
        }
        if types.contains(.possessionBiometry) || types.contains(.possessionKnowledgeBiometry) {
            variants.append(.possessionBiometry)
        }
        if !variants.isEmpty { return AllowedSignatureType(type: .twoFactor, variants: variants) }
        return types.contains(.possession) ? AllowedSignatureType(type: .oneFactor) : nil
    }
}

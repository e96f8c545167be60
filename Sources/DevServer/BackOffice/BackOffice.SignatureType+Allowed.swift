import MobileTokenAPI

extension BackOffice.SignatureType {
    /// The Mobile Token API's `allowedSignatureType` for a template's types: 2FA with the knowledge and biometry
    /// variants it allows, else 1FA when it allows possession; nil when none can approve on a phone.
    static func allowedSignatureType(_ types: [BackOffice.SignatureType]) -> AllowedSignatureType? {
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

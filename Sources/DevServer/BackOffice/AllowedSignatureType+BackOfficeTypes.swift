import MobileTokenAPI
import OfflineOperations

extension AllowedSignatureType {
    /// The Mobile Token API's `allowedSignatureType` for a template's types: 2FA with the knowledge and biometry
    /// variants it allows, else 1FA when it allows possession; nil when none can approve on a phone.
    init?(backOfficeTypes types: [SignatureType]) {
        var variants: [SignatureType] = []
        if types.contains(.possessionKnowledge) || types.contains(.possessionKnowledgeBiometry) {
            variants.append(.possessionKnowledge)
        }
        if types.contains(.possessionBiometry) || types.contains(.possessionKnowledgeBiometry) {
            variants.append(.possessionBiometry)
        }
        if !variants.isEmpty {
            self.init(type: .twoFactor, variants: variants)
        } else if types.contains(.possession) {
            self.init(type: .oneFactor)
        } else {
            return nil
        }
    }
}

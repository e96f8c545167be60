/// Which signatures approve an operation: 1FA (possession) or 2FA with its variants.
public struct AllowedSignatureType: Sendable, Hashable, Codable {
    /// The factor count.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// One factor: possession.
        case oneFactor = "1FA"
        /// Two factors: one of the variants.
        case twoFactor = "2FA"
    }

    /// 1FA or 2FA; anything else (for example `ECDSA`) fails the decode, as on iOS.
    public var type: Kind
    /// The accepted variants (empty for 1FA from the server).
    public var variants: [SignatureVariant]

    /// Makes a value.
    public init(type: Kind, variants: [SignatureVariant] = []) {
        self.type = type
        self.variants = variants
    }

    /// The default of a payment template: 2FA with knowledge or biometry.
    public static let twoFactorKnowledgeOrBiometry = AllowedSignatureType(
        type: .twoFactor, variants: [.possessionKnowledge, .possessionBiometry])
}

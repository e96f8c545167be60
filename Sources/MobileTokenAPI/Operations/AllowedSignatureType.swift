public import OfflineOperations

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
    /// The accepted variants (empty for 1FA from the server): some of `variantTypes`.
    public var variants: [SignatureType]

    /// Makes a value.
    public init(type: Kind, variants: [SignatureType] = []) {
        self.type = type
        self.variants = variants
    }

    /// The default of a payment template: 2FA with knowledge or biometry.
    public static let twoFactorKnowledgeOrBiometry = AllowedSignatureType(
        type: .twoFactor, variants: [.possessionKnowledge, .possessionBiometry])

    /// The factor combinations a variant may name (`possession`, `possession_knowledge`, `possession_biometry`),
    /// as the SDKs' `SignatureVariant`.
    public static let variantTypes: [SignatureType] = [.possession, .possessionKnowledge, .possessionBiometry]

    private enum CodingKeys: String, CodingKey {
        case type, variants
    }

    /// Reads `{"type":…, "variants":[…]}`; a variant outside `variantTypes` fails the decode, as on iOS.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(Kind.self, forKey: .type)
        variants = try container.decode([SignatureType].self, forKey: .variants)
        if let other = variants.first(where: { !Self.variantTypes.contains($0) }) {
            throw DecodingError.dataCorruptedError(
                forKey: .variants, in: container, debugDescription: "\(other.rawValue) is not a signature variant")
        }
    }
}

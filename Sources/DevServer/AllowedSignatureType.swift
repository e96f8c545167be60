public import PowerAuth

/// `allowedSignatureType`: `1FA` (possession allowed) or `2FA`, with the 2FA variants.
public struct AllowedSignatureType: Sendable, Equatable, Codable {
    /// `1FA` or `2FA`.
    public var type: String
    /// `possession_knowledge`, `possession_biometry` (may be empty for 1FA).
    public var variants: [String]

    /// Makes a value.
    public init(type: String, variants: [String]) {
        self.type = type
        self.variants = variants
    }

    /// The default of a payment template: 2FA with knowledge or biometry.
    public static let twoFactor = AllowedSignatureType(
        type: "2FA", variants: ["possession_knowledge", "possession_biometry"])

    /// The signature types an approval may use.
    public var acceptedTypes: Set<SignatureType> {
        var types = Set(variants.compactMap { SignatureType(rawValue: $0) })
        if type == "1FA" { types.insert(.possession) }
        return types
    }

    /// Checks the type and variant names.
    func validate() throws(APIFailure) {
        guard type == "1FA" || type == "2FA" else {
            throw APIFailure(.invalidRequest, "allowedSignatureType.type must be 1FA or 2FA, not '\(type)'")
        }
        for variant in variants where !["possession", "possession_knowledge", "possession_biometry"].contains(variant) {
            throw APIFailure(.invalidRequest, "allowedSignatureType.variants: unknown variant '\(variant)'")
        }
        guard !acceptedTypes.isEmpty else {
            throw APIFailure(.invalidRequest, "allowedSignatureType allows no signature type")
        }
    }
}

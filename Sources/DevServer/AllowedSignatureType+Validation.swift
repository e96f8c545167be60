import MobileTokenAPI
import OfflineOperations

extension AllowedSignatureType {
    /// Builds the value of an admin request from its strings, refusing unknown types and variants with the
    /// messages the admin API answers with.
    init(validatingType type: String, variants: [String]) throws(APIFailure) {
        guard let kind = Kind(rawValue: type) else {
            throw APIFailure(.invalidRequest, "allowedSignatureType.type must be 1FA or 2FA, not '\(type)'")
        }
        var parsed: [SignatureType] = []
        for variant in variants {
            guard let value = SignatureType(rawValue: variant), Self.variantTypes.contains(value) else {
                throw APIFailure(.invalidRequest, "allowedSignatureType.variants: unknown variant '\(variant)'")
            }
            parsed.append(value)
        }
        self.init(type: kind, variants: parsed)
        guard !acceptedTypes.isEmpty else {
            throw APIFailure(.invalidRequest, "allowedSignatureType allows no signature type")
        }
    }

    /// The PowerAuth signature types an approval may use: the variants, and possession for 1FA.
    var acceptedTypes: Set<SignatureType> {
        var types = Set(variants)
        if type == .oneFactor { types.insert(.possession) }
        return types
    }
}

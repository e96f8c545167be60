import OfflineOperations

package extension AllowedSignatureType {
    /// `1FA` or `2FA (possession_knowledge, possession_biometry)`.
    var variantList: String {
        variants.isEmpty ? type.rawValue : "\(type.rawValue) (\(variants.map(\.rawValue).joined(separator: ", ")))"
    }
}

public import OfflineOperations

extension SignatureType {
    /// Parses a type name case-insensitively, as the server's header validator does.
    public init(name: String) throws(PowerAuthError) {
        guard let type = SignatureType(rawValue: name.lowercased()) else {
            throw PowerAuthError(.signatureType, "unknown signature type '\(name)'")
        }
        self = type
    }
}

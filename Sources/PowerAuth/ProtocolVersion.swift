/// The PowerAuth protocol versions the headers carry.
public enum ProtocolVersion: String, Sendable, Codable, CaseIterable {
    /// 3.0: decimal online signatures.
    case v30 = "3.0"
    /// 3.1: Base64 online signatures.
    case v31 = "3.1"
    /// 3.2: token digests include the version.
    case v32 = "3.2"
    /// 3.3: what mobile SDK 1.9 sends.
    case v33 = "3.3"

    /// Parses `3.0` ... `3.3`.
    public init(text: String) throws(PowerAuthError) {
        guard let version = ProtocolVersion(rawValue: text) else {
            throw PowerAuthError(.version, "unsupported protocol version '\(text)' (expected 3.0, 3.1, 3.2 or 3.3)")
        }
        self = version
    }
}

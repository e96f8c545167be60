/// The outcome of checking an offline operation's server signature.
public enum OfflineSignatureCheck: String, Sendable, Codable {
    /// The signature verifies under the key its indicator names.
    case valid
    /// The signature does not verify.
    case invalid
    /// The key the indicator names is not available (no master key, or no activation).
    case keyUnavailable = "key_unavailable"
}

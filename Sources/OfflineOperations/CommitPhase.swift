/// When an activation becomes ACTIVE (PowerAuth server `CommitPhase`); the same spelling on every wire.
public enum CommitPhase: String, Sendable, Hashable, Codable, CaseIterable {
    /// The back office commits after the key exchange (the default).
    case onCommit = "ON_COMMIT"
    /// The key exchange itself activates (checking the activation OTP, if one was set).
    case onKeyExchange = "ON_KEY_EXCHANGE"
}

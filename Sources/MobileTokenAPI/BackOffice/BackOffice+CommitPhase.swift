extension BackOffice {
    /// When an activation becomes ACTIVE (`CommitPhase`).
    public enum CommitPhase: String, Sendable, Hashable, Codable, CaseIterable {
        /// After a separate `activation/commit` (the default).
        case onCommit = "ON_COMMIT"
        /// Already at the key exchange (`prepare`), with the activation OTP checked there.
        case onKeyExchange = "ON_KEY_EXCHANGE"
    }
}

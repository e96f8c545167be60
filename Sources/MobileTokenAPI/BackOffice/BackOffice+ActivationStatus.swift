extension BackOffice {
    /// The server-side state of an activation (`ActivationStatus`).
    public enum ActivationStatus: String, Sendable, Hashable, Codable, CaseIterable {
        /// Made by `activation/init`; waiting for the device's key exchange.
        case created = "CREATED"
        /// Keys exchanged; waiting for `activation/commit`.
        case pendingCommit = "PENDING_COMMIT"
        /// Usable.
        case active = "ACTIVE"
        /// Blocked by the back office or by too many failed attempts.
        case blocked = "BLOCKED"
        /// Removed; final.
        case removed = "REMOVED"
    }
}

/// The server-side activation states (PowerAuth server `ActivationStatus`); only ACTIVE signs. The same spelling on
/// every wire (the back office, the emulator's state and admin API, `qrauth --json`).
public enum ActivationStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Initialised by the back office (code issued), no device key yet.
    case created = "CREATED"
    /// The device key is exchanged; the back office still has to commit.
    case pendingCommit = "PENDING_COMMIT"
    /// Signatures are checked.
    case active = "ACTIVE"
    /// Too many failed attempts (or blocked by an operator): every signature is rejected.
    case blocked = "BLOCKED"
    /// Removed: every signature is rejected.
    case removed = "REMOVED"
}

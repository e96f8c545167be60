/// The server-side activation states that matter to signature checks.
public enum ActivationStatus: String, Sendable, Codable {
    /// Signatures are checked.
    case active = "ACTIVE"
    /// Too many failed attempts (or blocked by an operator): every signature is rejected.
    case blocked = "BLOCKED"
    /// Removed: every signature is rejected.
    case removed = "REMOVED"
}

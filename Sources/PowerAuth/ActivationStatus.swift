/// The server-side activation states (PowerAuth server `ActivationStatus`); only ACTIVE signs.
public enum ActivationStatus: String, Sendable, Codable, CaseIterable {
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

    /// The status byte of the encrypted status blob (1 CREATED … 5 REMOVED).
    public var statusByte: UInt8 {
        switch self {
        case .created: 1
        case .pendingCommit: 2
        case .active: 3
        case .blocked: 4
        case .removed: 5
        }
    }
}

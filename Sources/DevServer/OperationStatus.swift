/// The lifecycle state of an online operation (spec §6.6).
public enum OperationStatus: String, Sendable, Codable, CaseIterable {
    /// Waiting for the user.
    case pending = "PENDING"
    /// Approved with a valid signature.
    case approved = "APPROVED"
    /// Rejected by the user.
    case rejected = "REJECTED"
    /// Canceled by the server (admin API).
    case canceled = "CANCELED"
    /// Past its expiry while pending.
    case expired = "EXPIRED"
    /// Too many failed approval attempts.
    case failed = "FAILED"
}

/// The state of an online operation; an unknown value fails the operation's decode (iOS rule).
public enum OperationStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Approved by the user.
    case approved = "APPROVED"
    /// Rejected by the user.
    case rejected = "REJECTED"
    /// Waiting for the user.
    case pending = "PENDING"
    /// Canceled by the server or the bank.
    case canceled = "CANCELED"
    /// Past its expiry.
    case expired = "EXPIRED"
    /// Failed (too many wrong signatures).
    case failed = "FAILED"
}

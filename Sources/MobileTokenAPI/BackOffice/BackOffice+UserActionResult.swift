extension BackOffice {
    /// The outcome of an approve / reject / fail call on an operation (`UserActionResult`).
    public enum UserActionResult: String, Sendable, Hashable, Codable, CaseIterable {
        /// Approved.
        case approved = "APPROVED"
        /// The approval failed (the operation may still be pending).
        case approvalFailed = "APPROVAL_FAILED"
        /// Rejected.
        case rejected = "REJECTED"
        /// The rejection failed.
        case rejectFailed = "REJECT_FAILED"
        /// The operation failed (too many attempts).
        case operationFailed = "OPERATION_FAILED"
    }
}

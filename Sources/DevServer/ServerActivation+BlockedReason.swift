import PowerAuth

extension ServerActivation {
    /// The reason the back office reports for a BLOCKED activation (nil otherwise): the recorded one. An
    /// activation loaded from a file has nowhere to record it, so its reason follows from the counters:
    /// `MAX_FAILED_ATTEMPTS` when the failed attempts reached the limit (the signature lock-out), else
    /// `NOT_SPECIFIED`, the real server's reason for a manual block without one.
    var reportedBlockedReason: String? {
        guard counters.status == .blocked else { return nil }
        if let recorded = registration?.blockedReason { return recorded }
        return counters.failedAttempts >= counters.maxFailedAttempts ? "MAX_FAILED_ATTEMPTS" : "NOT_SPECIFIED"
    }
}

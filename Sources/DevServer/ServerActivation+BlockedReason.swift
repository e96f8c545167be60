import OfflineOperations
import PowerAuth

extension ServerActivation {
    /// The reason the back office reports for a BLOCKED activation (nil otherwise): the one recorded in
    /// its registration. An activation loaded from a file has none: `MAX_FAILED_ATTEMPTS` when its failed
    /// attempts reached the limit (the signature lock-out), else the reason of the manual block, whose
    /// default is `NOT_SPECIFIED`, as the real server's.
    var reportedBlockedReason: String? {
        guard counters.status == .blocked else { return nil }
        if let registration { return registration.blockedReason ?? "MAX_FAILED_ATTEMPTS" }
        if counters.failedAttempts >= counters.maxFailedAttempts { return "MAX_FAILED_ATTEMPTS" }
        return blockedReason ?? "NOT_SPECIFIED"
    }
}

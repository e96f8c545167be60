import FoundationEssentials
import MobileTokenAPI

extension OperationRecord {
    /// The bank cancels the operation: a PENDING one (not past its expiry) becomes CANCELED with `reason` (at most
    /// 32 characters; no `timestampFinalized`, as on the real server). Returns nil when it did, else the status the operation is in instead (EXPIRED when its
    /// expiry passed now). The one rule behind `/rest/v3/operation/cancel` and its `/admin` alias.
    mutating func cancelByBank(reason: String?, now: Date) -> OperationStatus? {
        _ = expireIfDue(now: now)
        guard status == .pending else { return status }
        status = .canceled
        statusReason = reason.map { String($0.prefix(32)) }
        return nil
    }
}

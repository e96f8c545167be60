import Foundation
import MobileTokenAPI

/// How much `qrauth serve` keeps (docs/serve.md, "Bounds"): the state file and memory stay bounded
/// whatever clients do. Tests inject small values.
public struct DevServerLimits: Sendable, Equatable {
    /// Finished online (and offline) operations kept; older finished ones are dropped. Default 2 000.
    public var retainedOperations: Int
    /// Pending online operations (not past their expiry) at once; creating one more is refused.
    /// Default 10 000: far above any demo or test run, while 10 000 typical operations (about 2 KB each in
    /// the state file) are about 20 MB. It counts records, not bytes.
    public var pendingOperations: Int
    /// Finished code activations (REMOVED, or CREATED past their expiry) kept; older ones are dropped.
    /// ACTIVE, BLOCKED and PENDING_COMMIT activations and file-loaded ones are never dropped. Default 2 000.
    public var retainedActivations: Int

    /// The defaults.
    public static let standard = DevServerLimits()

    /// Limits (each at least 1).
    public init(retainedOperations: Int = 2_000, pendingOperations: Int = 10_000, retainedActivations: Int = 2_000) {
        self.retainedOperations = max(1, retainedOperations)
        self.pendingOperations = max(1, pendingOperations)
        self.retainedActivations = max(1, retainedActivations)
    }
}

extension DevServerState {
    /// Whether one more pending online operation fits under `limit`. Pending operations past their
    /// expiry are made EXPIRED first (so they count as finished and fall under the retention of
    /// finished operations); `changed` is set when any was.
    mutating func admitPendingOperation(limit: Int, now: Date, changed: inout Bool) -> Bool {
        var pending = 0
        // Read first: an element written through the list's subscript is journalled even when unchanged.
        for index in operations.indices where operations[index].status == .pending {
            if now > operations[index].expires {
                _ = operations[index].expireIfDue(now: now)
                changed = true
            } else {
                pending += 1
            }
        }
        return pending < limit
    }
}

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
    /// Back-office operation templates at once; creating one more is refused. Default 1 000.
    public var templates: Int
    /// PowerAuth applications at once (the default one included); creating one more is refused. Default 100.
    public var applications: Int
    /// Versions of one application; creating one more is refused. Default 100.
    public var applicationVersions: Int
    /// Tokens of one activation (`/pa/v3/token/create`); one more drops the oldest, which the server then no
    /// longer knows (a client replaces it, as the mobile SDK does). Default 64.
    public var tokensPerActivation: Int

    /// The defaults.
    public static let standard = DevServerLimits()

    /// Limits (each at least 1).
    public init(
        retainedOperations: Int = 2_000, pendingOperations: Int = 10_000, retainedActivations: Int = 2_000,
        templates: Int = 1_000, applications: Int = 100, applicationVersions: Int = 100, tokensPerActivation: Int = 64
    ) {
        self.retainedOperations = max(1, retainedOperations)
        self.pendingOperations = max(1, pendingOperations)
        self.retainedActivations = max(1, retainedActivations)
        self.templates = max(1, templates)
        self.applications = max(1, applications)
        self.applicationVersions = max(1, applicationVersions)
        self.tokensPerActivation = max(1, tokensPerActivation)
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

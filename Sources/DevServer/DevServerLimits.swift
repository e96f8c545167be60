import FoundationEssentials
import MobileTokenAPI
import OfflineOperations
import PowerAuth

/// How much `qrauth serve` keeps (docs/serve.md, "Bounds"): the state file and memory stay bounded
/// whatever clients do. Tests inject small values.
public struct DevServerLimits: Sendable, Equatable {
    /// Finished online (and offline) operations kept; older finished ones are dropped. Default 2 000.
    public var retainedOperations: Int
    /// Pending online operations (not past their expiry) at once; creating one more is refused.
    /// Default 10 000: far above any demo or test run, while 10 000 typical operations (about 2 KB each in
    /// the state file) are about 20 MB. It counts records, not bytes.
    public var pendingOperations: Int
    /// CREATED code activations not past their expiry at once (`activation/init`); initialising one more is
    /// refused (`ERR0011`) until some are used, removed or expire. Default 10 000, as pending operations.
    public var createdActivations: Int
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
    /// The largest stored record (an operation, activation, template or application) as one line of the state
    /// file, in bytes; a change that would store a larger one is refused. Default 256 KiB, which bounds every
    /// string a record holds (titles, messages, attributes, names).
    public var recordBytes: Int
    /// The largest state file, in bytes (the snapshot plus the lines appended since); a change that would make it
    /// larger is refused. Default 64 MiB, a quarter of what `serve` reads back at start (256 MiB,
    /// `stateReadLimit`), so the server never writes a state it cannot load.
    public var stateBytes: Int

    /// The most `serve` reads of a `--state` file at start.
    public static let stateReadLimit = 256 << 20

    /// The defaults.
    public static let standard = DevServerLimits()

    /// Limits (each at least 1).
    public init(
        retainedOperations: Int = 2_000, pendingOperations: Int = 10_000, createdActivations: Int = 10_000,
        retainedActivations: Int = 2_000,
        templates: Int = 1_000, applications: Int = 100, applicationVersions: Int = 100, tokensPerActivation: Int = 64,
        recordBytes: Int = 256 << 10, stateBytes: Int = 64 << 20
    ) {
        self.retainedOperations = max(1, retainedOperations)
        self.pendingOperations = max(1, pendingOperations)
        self.createdActivations = max(1, createdActivations)
        self.retainedActivations = max(1, retainedActivations)
        self.templates = max(1, templates)
        self.applications = max(1, applications)
        self.applicationVersions = max(1, applicationVersions)
        self.tokensPerActivation = max(1, tokensPerActivation)
        self.recordBytes = max(1, recordBytes)
        self.stateBytes = min(max(1, stateBytes), Self.stateReadLimit)
    }
}

extension DevServerState {
    /// Whether one more CREATED activation fits under `limit`: those past their expiry do not count (they are
    /// finished, and fall under the retention of finished activations).
    func admitsCreatedActivation(limit: Int, nowMillis: Int64) -> Bool {
        var created = 0
        for activation in activations where activation.counters.status == .created {
            guard let registration = activation.registration, nowMillis <= registration.expiresMillis else { continue }
            created += 1
        }
        return created < limit
    }

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

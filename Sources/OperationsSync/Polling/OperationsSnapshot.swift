import FoundationEssentials
public import MobileTokenAPI

/// The pending operations after one poll, with what changed since the previous poll.
public struct OperationsSnapshot: Sendable {
    /// The operations in register order (kept ones first, in their old order; new ones appended).
    public var operations: [UserOperation]
    /// Operations whose ids are new.
    public var added: [UserOperation]
    /// Operations whose ids disappeared.
    public var removed: [UserOperation]
    /// Operations with a known id whose content changed (the new version).
    public var changed: [UserOperation]

    /// Makes a snapshot.
    public init(
        operations: [UserOperation], added: [UserOperation] = [], removed: [UserOperation] = [],
        changed: [UserOperation] = []
    ) {
        self.operations = operations
        self.added = added
        self.removed = removed
        self.changed = changed
    }

    /// Whether anything was added, removed or changed.
    public var hasChanges: Bool { !added.isEmpty || !removed.isEmpty || !changed.isEmpty }

    /// The register after `fetched` replaces `previous`, as the mobile SDK's operation register `replace` does.
    public static func replacing(_ previous: [UserOperation], with fetched: [UserOperation]) -> OperationsSnapshot {
        var fetchedById: [String: UserOperation] = [:]
        for operation in fetched where fetchedById[operation.id] == nil { fetchedById[operation.id] = operation }
        let previousIds = Set(previous.map(\.id))
        var operations: [UserOperation] = []
        var removed: [UserOperation] = []
        var changed: [UserOperation] = []
        for old in previous {
            guard let new = fetchedById[old.id] else {
                removed.append(old)
                continue
            }
            if new != old { changed.append(new) }
            operations.append(new)
        }
        var seen = previousIds
        var added: [UserOperation] = []
        for operation in fetched where !seen.contains(operation.id) {
            seen.insert(operation.id)
            added.append(operation)
            operations.append(operation)
        }
        return OperationsSnapshot(operations: operations, added: added, removed: removed, changed: changed)
    }
}

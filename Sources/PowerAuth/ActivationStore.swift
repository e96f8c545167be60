/// Where one activation's state lives (a file, a database row, memory): load, save, and exclusive access
/// for a whole read-modify-write cycle. `DeviceTransactions` and `ServerTransactions` run every change
/// through `update(_:)`, so the ordering rules live in one place.
///
/// Errors are the store's own (for files: `FileError` for I/O, `PowerAuthError` for content); they pass
/// through the transactions unchanged.
public protocol ActivationStore<Activation>: Sendable {
    /// `DeviceActivation` or `ServerActivation`.
    associatedtype Activation: Equatable & Sendable

    /// The current activation.
    func load() throws -> Activation
    /// Persists `activation` durably; returns only once it is stored.
    func save(_ activation: Activation) throws
    /// Runs `body` while no other process or thread can run a cycle on this activation (a lock).
    func withExclusiveAccess<R>(_ body: () throws -> R) throws -> R
}

extension ActivationStore {
    /// One read-modify-write cycle under exclusive access: load, `body`, then save when `body` changed the
    /// activation. The result of `body` is returned only after the save succeeded: when saving fails, the
    /// error is thrown and nothing `body` computed leaves (a code is never shown for an unsaved counter).
    /// When `body` throws, nothing is saved.
    public func update<R>(_ body: (inout Activation) throws -> R) throws -> R {
        try withExclusiveAccess {
            let loaded = try load()
            var activation = loaded
            let result = try body(&activation)
            if activation != loaded { try save(activation) }
            return result
        }
    }
}

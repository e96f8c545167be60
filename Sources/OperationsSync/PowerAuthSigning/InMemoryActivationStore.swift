import FoundationEssentials
public import PowerAuth
import QRAuthCrypto

/// An activation kept in memory (tests, embedding apps with their own persistence).
public final class InMemoryActivationStore: ActivationStore, @unchecked Sendable {
    // @unchecked Sendable: `stored` is read and written only while `valueLock` is held; `cycleLock` serialises
    // whole read-modify-write cycles (two locks, so load and save can run inside a cycle).
    private let valueLock = Lock()
    private let cycleLock = Lock()
    private var stored: DeviceActivation?

    /// Makes a store.
    public init(_ activation: DeviceActivation?) {
        self.stored = activation
    }

    /// The current activation, nil when there is none.
    public var activation: DeviceActivation? {
        valueLock.withLock { stored }
    }

    /// The activation, or `missingActivation`.
    public func load() throws -> DeviceActivation {
        guard let activation else { throw MobileTokenError(.missingActivation, "there is no activation") }
        return activation
    }

    /// Replaces the activation.
    public func save(_ activation: DeviceActivation) throws {
        valueLock.withLock { stored = activation }
    }

    /// Runs `body` while no other cycle runs on this store.
    public func withExclusiveAccess<R>(_ body: () throws -> R) throws -> R {
        try cycleLock.withLock { try body() }
    }
}

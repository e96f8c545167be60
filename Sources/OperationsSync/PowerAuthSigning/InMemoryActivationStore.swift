public import PowerAuth

/// An activation kept in memory (tests, embedding apps with their own persistence).
public actor InMemoryActivationStore: DeviceActivationStore {
    /// The current activation, nil when there is none.
    public private(set) var activation: DeviceActivation?

    /// Makes a store.
    public init(_ activation: DeviceActivation?) {
        self.activation = activation
    }

    /// The activation, or `missingActivation`.
    public func load() async throws(MobileTokenError) -> DeviceActivation {
        guard let activation else { throw MobileTokenError(.missingActivation, "there is no activation") }
        return activation
    }

    /// Replaces the activation.
    public func save(_ activation: DeviceActivation) async throws(MobileTokenError) {
        self.activation = activation
    }
}

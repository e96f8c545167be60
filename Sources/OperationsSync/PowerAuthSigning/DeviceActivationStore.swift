public import PowerAuth

/// Where a signer keeps the device activation: it loads before each signature and saves the advanced counter.
public protocol DeviceActivationStore: Sendable {
    /// The current activation; throws `MobileTokenError(.missingActivation)` when there is none.
    func load() async throws(MobileTokenError) -> DeviceActivation
    /// Persists the activation (atomically) before the signed request leaves.
    func save(_ activation: DeviceActivation) async throws(MobileTokenError)
}

package import FoundationEssentials
package import OfflineOperations

/// What the server keeps per activation for signature checks: counters, attempts, status.
package struct ServerCounterState: Sendable, Equatable, Codable {
    /// The numeric counter `CTR` (informational in v3, the key input in v2).
    package var counter: UInt64
    /// The v3 hash-based counter `CTR_DATA`; nil for a version 2 activation.
    package var ctrData: Data?
    /// Consecutive failed verifications.
    package var failedAttempts: Int
    /// Failures allowed before the activation is blocked (default 5).
    package var maxFailedAttempts: Int
    /// The activation status.
    package var status: ActivationStatus

    /// Makes a state; the defaults are those of a fresh activation.
    package init(
        counter: UInt64 = 0, ctrData: Data?, failedAttempts: Int = 0, maxFailedAttempts: Int = 5,
        status: ActivationStatus = .active
    ) {
        self.counter = counter
        self.ctrData = ctrData
        self.failedAttempts = failedAttempts
        self.maxFailedAttempts = maxFailedAttempts
        self.status = status
    }

    /// The signature counter the next expected signature uses.
    package func signatureCounter() throws(PowerAuthError) -> SignatureCounter {
        guard let ctrData else { return .numeric(counter) }
        return try .hashBased(validating: ctrData)
    }
}

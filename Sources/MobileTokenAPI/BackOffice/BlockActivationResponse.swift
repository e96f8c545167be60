public import OfflineOperations

extension BackOffice {
    /// The answer of `activation/block`.
    public struct BlockActivationResponse: Sendable, Hashable, Codable {
        /// The activation.
        public var activationId: String
        /// Its state now.
        public var activationStatus: OfflineOperations.ActivationStatus
        /// The reason recorded.
        public var blockedReason: String?

        /// Makes a body.
        public init(
            activationId: String, activationStatus: OfflineOperations.ActivationStatus, blockedReason: String? = nil
        ) {
            self.activationId = activationId
            self.activationStatus = activationStatus
            self.blockedReason = blockedReason
        }
    }
}

public import OfflineOperations

extension BackOffice {
    /// The answer of `activation/unblock`.
    public struct UnblockActivationResponse: Sendable, Hashable, Codable {
        /// The activation.
        public var activationId: String
        /// Its state now.
        public var activationStatus: OfflineOperations.ActivationStatus

        /// Makes a body.
        public init(activationId: String, activationStatus: OfflineOperations.ActivationStatus) {
            self.activationId = activationId
            self.activationStatus = activationStatus
        }
    }
}

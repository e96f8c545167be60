public import OfflineOperations

extension OfflineApproval {
    /// What `DeviceTransactions.approve` concluded: a code (its counter already saved) or a refusal.
    public enum Outcome: Sendable, Equatable {
        /// The code was computed and the advanced counter saved.
        case approved(Receipt)
        /// The operation's server signature did not verify (or could not be checked); nothing changed.
        case refused(OfflineSignatureCheck)
    }

    /// An approval code whose counter advance is already stored.
    public struct Receipt: Sendable, Equatable {
        /// `NNNNNNNN-NNNNNNNN` (digits per component as asked).
        public var code: String
        /// `possession_knowledge` or `possession_biometry`.
        public var signatureType: SignatureType
        /// The check of the operation's server signature (`valid` unless approving unverified).
        public var signatureCheck: OfflineSignatureCheck
        /// The numeric counter the code was computed with (spent: never used again).
        public var counter: UInt64
        /// The activation as saved, counter advanced.
        public var activation: DeviceActivation
    }
}

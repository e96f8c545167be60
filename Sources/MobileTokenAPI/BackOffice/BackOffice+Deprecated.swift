public import OfflineOperations

extension BackOffice {
    /// The back office's activation states are the one `ActivationStatus` (same spellings).
    @available(*, deprecated, renamed: "OfflineOperations.ActivationStatus")
    public typealias ActivationStatus = OfflineOperations.ActivationStatus

    /// The back office's commit phases are the one `CommitPhase` (same spellings).
    @available(*, deprecated, renamed: "OfflineOperations.CommitPhase")
    public typealias CommitPhase = OfflineOperations.CommitPhase
}

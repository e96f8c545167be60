public import OfflineOperations

extension ActivationStatus {
    /// The status byte of the encrypted status blob (1 CREATED … 5 REMOVED).
    public var statusByte: UInt8 {
        switch self {
        case .created: 1
        case .pendingCommit: 2
        case .active: 3
        case .blocked: 4
        case .removed: 5
        }
    }
}

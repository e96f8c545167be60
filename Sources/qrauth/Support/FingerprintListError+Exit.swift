import FingerprintLists

extension FingerprintListError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        case .network: .network
        case .storage: .internalError
        default: .malformed
        }
    }

    var message: String { reason }
}

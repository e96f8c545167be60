import FingerprintLists

extension FingerprintListError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        case .storage: .internalError
        default: .malformed
        }
    }
}

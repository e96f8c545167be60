import FingerprintLists

extension FingerprintListError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        case .storage: .internalError
        default: .malformed
        }
    }

    var message: String { reason }

    /// The library's stable code (`domain.snake_case`), the `code` of the `--json` error object.
    var errorCode: String { code.rawValue }
}

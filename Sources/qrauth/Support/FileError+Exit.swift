import QRAuthFiles

extension FileError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        case .notFound, .unreadable, .tooLarge: .malformed
        case .writeFailed: .internalError
        }
    }

    var message: String { reason }
}

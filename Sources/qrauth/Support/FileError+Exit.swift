import QRAuthFiles

extension FileError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        case .notFound, .unreadable, .tooLarge, .writeFailed, .locked, .lockFailed, .notRegular: .malformed
        }
    }

    var message: String { reason }
}

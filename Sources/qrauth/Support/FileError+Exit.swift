import QRAuthFiles

extension FileError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        // A write that failed (missing folder, permissions, a directory as the target, a full disk)
        // is something the user can fix: 4, with the path and the OS reason, not "internal error".
        case .notFound, .unreadable, .tooLarge, .writeFailed: .malformed
        }
    }

    var message: String { reason }
}

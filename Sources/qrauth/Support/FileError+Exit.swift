import QRAuthFiles

extension FileError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        // A write that failed (missing folder, permissions, a directory as the target, a full disk), a
        // file another process keeps locked or a state file that is a device: the user can fix it (4).
        case .notFound, .unreadable, .tooLarge, .writeFailed, .locked, .lockFailed, .notRegular: .malformed
        }
    }
}

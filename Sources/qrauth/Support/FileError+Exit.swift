public import QRAuthEncoding
import QRAuthFiles

// FileError's module may not import QRAuthEncoding (design.md), so the one error shape is declared here.
extension FileError: QRAuthError {}

extension FileError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        // A write that failed (missing folder, permissions, a directory as the target, a full disk), a
        // file another process keeps locked or a state file that is a device: the user can fix it (4).
        case .notFound, .unreadable, .tooLarge, .writeFailed, .locked, .lockFailed, .notRegular: .malformed
        }
    }
}

import DevServer

extension DevServerError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        case .configuration: .usage
        // A state file that cannot be written (missing folder, full disk) is for the user to fix.
        case .file, .certificate, .persistence: .malformed
        case .startup: .network
        }
    }

    var message: String { reason }

    /// The library's stable code (`domain.snake_case`), the `code` of the `--json` error object.
    var errorCode: String { code.rawValue }
}

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
}

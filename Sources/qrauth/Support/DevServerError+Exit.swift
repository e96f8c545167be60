import DevServer

extension DevServerError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        case .configuration: .usage
        case .file, .certificate: .malformed
        case .persistence: .internalError
        case .startup: .network
        }
    }

    var message: String { reason }
}

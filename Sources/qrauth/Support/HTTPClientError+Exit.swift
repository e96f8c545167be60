import OperationsSync

extension HTTPClientError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        case .insecureHTTPRefused, .invalidURL: .usage
        case .pinningDenied: .checkFailed
        default: .network
        }
    }

    var message: String { description }
}

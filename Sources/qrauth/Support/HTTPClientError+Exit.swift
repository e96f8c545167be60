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

    /// The library's stable code (`domain.snake_case`), the `code` of the `--json` error object.
    var errorCode: String { code.rawValue }
}

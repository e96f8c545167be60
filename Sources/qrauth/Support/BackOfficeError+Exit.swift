import OperationsSync

extension BackOfficeError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        case .pinningDenied: .checkFailed
        case .invalidURL, .invalidRequest: .usage
        case .network, .timeout, .cancelled, .tls, .server, .statusCode, .invalidResponse, .responseTooLarge:
            .network
        }
    }

    /// The reason, with what to try where the user can act: a private CA for an untrusted certificate.
    var message: String { UntrustedServerHint.message(reason, tls: code == .tls) }
}

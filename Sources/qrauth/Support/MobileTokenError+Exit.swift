import OperationsSync

extension MobileTokenError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        case .authenticationFailed, .invalidActivation, .alreadyFinished, .alreadyFailed, .alreadyCanceled,
            .operationFailed, .requiresActivationFlag, .pinningDenied, .factorNotAllowed, .invalidOperation,
            .responseRejected:
            .checkFailed
        case .expired: .expired
        case .missingActivation, .signingFailed, .encryptionUnavailable: .malformed
        case .invalidURL: .usage
        case .network, .timeout, .cancelled, .tls, .statusCode, .invalidResponse, .responseTooLarge, .server,
            .invalidRequest:
            .network
        }
    }

    /// The reason, with what to try where the user can act: a private CA for an untrusted certificate.
    var message: String { UntrustedServerHint.message(reason, tls: code == .tls) }
}

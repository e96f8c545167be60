import OperationsSync

extension MobileTokenError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        case .authenticationFailed, .invalidActivation, .alreadyFinished, .alreadyFailed, .alreadyCanceled,
            .operationFailed, .requiresActivationFlag, .pinningDenied, .factorNotAllowed, .invalidOperation:
            .checkFailed
        case .expired: .expired
        case .missingActivation, .signingFailed: .malformed
        case .invalidURL: .usage
        case .network, .timeout, .cancelled, .tls, .statusCode, .invalidResponse, .responseTooLarge, .server,
            .invalidRequest:
            .network
        }
    }

    var message: String { reason }
}

import OperationsSync

extension EnrollmentError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        case .activationRefused, .authenticationFailed, .activationCodeSignature, .responseRejected, .staleResponse,
            .temporaryKeyInvalid, .statusUnreadable, .factorNotAllowed, .pinningDenied:
            .checkFailed
        case .temporaryKeyExpired: .expired
        case .invalidActivationCode, .missingActivation, .activationRemoved, .signingFailed, .configuration: .malformed
        case .invalidURL: .usage
        case .network, .timeout, .cancelled, .tls, .invalidRequest, .statusCode, .invalidResponse, .responseTooLarge,
            .encryptionRefused, .temporaryKeyRefused, .server, .activationData:
            .network
        }
    }

    /// The reason, with what to try where the user can act: a private CA for an untrusted certificate.
    var message: String {
        if code == .authenticationFailed {
            return "\(reason); `qrauth activation status` shows the failed attempts and where the counters stand"
        }
        return UntrustedServerHint.message(reason, tls: code == .tls)
    }
}

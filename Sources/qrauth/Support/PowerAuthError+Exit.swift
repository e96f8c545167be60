import PowerAuth

extension PowerAuthError: ReportableError {
    var exitStatus: ExitStatus {
        switch code {
        case .crypto: .internalError
        case .factorNotAllowed: .checkFailed
        case .lookAhead, .componentLength, .totp, .method, .version, .signatureType: .usage
        default: .malformed
        }
    }
}

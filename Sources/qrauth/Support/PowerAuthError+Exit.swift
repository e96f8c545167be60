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

    var message: String { reason }

    /// The library's stable code (`domain.snake_case`), the `code` of the `--json` error object.
    var errorCode: String { code.rawValue }
}

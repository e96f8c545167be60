import QRAuthCrypto

extension CryptoError: ReportableError {
    /// Bad keys, signatures, PEM/DER and passwords are malformed input (4); an OpenSSL failure on valid
    /// input is a bug (70). No switch: codes added to QRAuthCrypto later default to malformed input.
    /// (Network failures are `HTTPClientError`s: fetching certificates lives in OperationsSync.)
    var exitStatus: ExitStatus {
        code == .openSSLFailure ? .internalError : .malformed
    }
}

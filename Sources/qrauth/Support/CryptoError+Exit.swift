import QRAuthCrypto

extension CryptoError: ReportableError {
    /// Bad keys, signatures, PEM/DER and passwords are malformed input (4); an OpenSSL failure on valid
    /// input is a bug (70). No switch: codes added to QRAuthCrypto later default to malformed input.
    var exitStatus: ExitStatus {
        code == .openSSLFailure ? .internalError : .malformed
    }

    var message: String { reason }
}

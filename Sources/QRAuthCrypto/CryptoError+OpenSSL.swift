internal import COpenSSL

extension CryptoError {
    /// Builds an error from OpenSSL's thread-local error queue and clears the queue.
    ///
    /// The reason is `what`, followed by OpenSSL's text for the earliest queued error, if any.
    static func openSSL(_ code: Code, _ what: String) -> CryptoError {
        let text = OpenSSLErrorQueue.drain()
        return CryptoError(code, text.map { "\(what) (OpenSSL: \($0))" } ?? what)
    }
}

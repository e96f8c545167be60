public import Foundation

extension ECIES {
    /// Decrypts the one response of a request made by `ECIES.Encryptor`; a second call fails.
    ///
    /// After a successful `decrypt`, the response's `timestamp` (3.2+) is authenticated and may feed time sync.
    public final class ResponseDecryptor: @unchecked Sendable {
        // @unchecked: the only mutable state, `exchange`, is read and cleared under `lock`.
        private let lock = NSLock()
        private var exchange: ECIESExchange?
        private let requestNonce: Data?

        init(exchange: ECIESExchange, requestNonce: Data?) {
            self.exchange = exchange
            self.requestNonce = requestNonce
        }

        /// Checks the response's fields and MAC and decrypts it; the context is spent whatever the outcome.
        public func decrypt(_ response: ECIES.EncryptedResponse) throws(PowerAuthError) -> Data {
            let taken = lock.withLock {
                defer { exchange = nil }
                return exchange
            }
            guard let taken else {
                throw PowerAuthError(.decryption, "this ECIES response context was already used")
            }
            return try taken.openResponse(response, requestNonce: requestNonce)
        }
    }
}

public import FoundationEssentials

extension ECIES {
    /// Decrypts the one response of a request made by `ECIES.Encryptor`; a second call fails.
    ///
    /// After a successful `decrypt`, the response's `timestamp` (3.2+) is authenticated and may feed time sync.
    public struct ResponseDecryptor: Sendable {
        private let context: ECIESResponseContext

        init(exchange: ECIESExchange, requestNonce: Data?) {
            context = ECIESResponseContext(exchange: exchange, requestNonce: requestNonce)
        }

        /// Checks the response's fields and MAC and decrypts it; the context is spent whatever the outcome.
        public func decrypt(_ response: ECIES.EncryptedResponse) throws(PowerAuthError) -> Data {
            try context.take(failing: .decryption).openResponse(response, requestNonce: context.requestNonce)
        }
    }
}

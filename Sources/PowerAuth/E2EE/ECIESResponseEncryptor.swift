public import FoundationEssentials

extension ECIES {
    /// Encrypts the one response to a request `ECIES.Decryptor` decrypted; a second call fails.
    ///
    /// 3.0: zero IV; 3.1: re-uses the request nonce and writes no `nonce`/`timestamp`; 3.2+: a fresh nonce that differs
    /// from the request's (redrawn up to 8 times) and `nonce` + `timestamp` in the body.
    public struct ResponseEncryptor: Sendable {
        private let context: ECIESResponseContext

        init(exchange: ECIESExchange, requestNonce: Data?) {
            context = ECIESResponseContext(exchange: exchange, requestNonce: requestNonce)
        }

        /// Encrypts `plaintext` with the server's `timestamp` (Unix ms, written from 3.2 on).
        public func encrypt(
            _ plaintext: Data, timestamp: Int64, randomness: ECIES.Randomness = .secure
        ) throws(PowerAuthError) -> ECIES.EncryptedResponse {
            let taken = try context.take(failing: .encryption)
            let requestNonce = context.requestNonce
            var responseNonce: Data?
            if taken.parameters.version == .v32 || taken.parameters.version == .v33 {
                var attempts = 0
                repeat {
                    responseNonce = randomness.nonce()
                    attempts += 1
                } while responseNonce == requestNonce && attempts < 8
                guard responseNonce != requestNonce else {
                    throw PowerAuthError(.encryption, "the random source keeps repeating the request nonce")
                }
            }
            return try taken.sealResponse(
                plaintext, requestNonce: requestNonce, responseNonce: responseNonce, timestamp: timestamp)
        }
    }
}

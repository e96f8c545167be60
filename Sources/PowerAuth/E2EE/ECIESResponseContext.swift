import FoundationEssentials
import QRAuthCrypto

/// The one-shot state behind `ECIES.ResponseEncryptor` and `ECIES.ResponseDecryptor`: the request's exchange
/// (keys and parameters) and nonce, handed out once so that no response is sealed or opened twice.
final class ECIESResponseContext: @unchecked Sendable {
    // @unchecked: the only mutable state, `exchange`, is read and cleared under `lock`.
    private let lock = Lock()
    private var exchange: ECIESExchange?
    /// The request's nonce (3.1+), which the response's keys and IV depend on.
    let requestNonce: Data?

    init(exchange: ECIESExchange, requestNonce: Data?) {
        self.exchange = exchange
        self.requestNonce = requestNonce
    }

    /// The exchange, once; a second call throws `code` (the context is spent whatever the caller does next).
    func take(failing code: PowerAuthError.Code) throws(PowerAuthError) -> ECIESExchange {
        let taken = lock.withLock {
            defer { exchange = nil }
            return exchange
        }
        guard let taken else { throw PowerAuthError(code, "this ECIES response context was already used") }
        return taken
    }
}

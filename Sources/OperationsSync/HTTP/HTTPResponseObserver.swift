public import FoundationEssentials

/// Sees every raw response as it arrives (URL, status, headers, body), before the response interceptors.
///
/// For debugging and tests; it cannot change or reject anything. It is called on the requesting task. For an
/// endpoint with end-to-end encryption it sees the answer twice: `observe` with the body as it came over the wire
/// (the encrypted-response object), then `observeDecrypted` with the plaintext once the MAC verified.
public protocol HTTPResponseObserver: Sendable {
    /// Called once per response, including 3xx, 4xx and 5xx.
    func observe(_ response: HTTPExchange.Response, for request: HTTPExchange.Request)
    /// Called once per encrypted exchange whose answer decrypted (after `observe` saw it encrypted). The default
    /// does nothing.
    func observeDecrypted(_ exchange: DecryptedExchange)
}

extension HTTPResponseObserver {
    /// Does nothing.
    public func observeDecrypted(_ exchange: DecryptedExchange) {}
}

/// One exchange with an encrypted endpoint, opened: what was encrypted and what the answer decrypted to.
public struct DecryptedExchange: Sendable {
    /// The endpoint called.
    public let endpoint: Endpoint
    /// The request's plaintext (the request object's JSON) before encryption.
    public let requestPlaintext: Data
    /// The answer as received: status, headers and the encrypted body.
    public let response: HTTPExchange.Response
    /// The answer's decrypted body.
    public let responsePlaintext: Data

    /// Makes an exchange value.
    public init(endpoint: Endpoint, requestPlaintext: Data, response: HTTPExchange.Response, responsePlaintext: Data) {
        self.endpoint = endpoint
        self.requestPlaintext = requestPlaintext
        self.response = response
        self.responsePlaintext = responsePlaintext
    }
}

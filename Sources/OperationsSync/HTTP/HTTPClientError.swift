public import QRAuthEncoding

/// The one error of the HTTP client: a stable machine-readable code and a human reason.
///
/// Equality is by code, so tests and callers can match `error == .timeout` style without the reason.
public struct HTTPClientError: QRAuthError {
    /// Stable codes; the raw value is what scripts and logs see.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// Could not connect, or the connection broke before the response completed.
        case network = "http.network"
        /// The connect or request deadline passed.
        case timeout = "http.timeout"
        /// The calling task was cancelled; the connection was closed.
        case cancelled = "http.cancelled"
        /// The TLS handshake failed (untrusted chain, hostname mismatch, bad CA bundle, ...).
        case tls = "http.tls"
        /// The peer certificate evaluator denied the server; no request byte was sent.
        case pinningDenied = "http.pinning_denied"
        /// The URL could not be built or has no host.
        case invalidURL = "http.invalid_url"
        /// A plain `http://` URL while `allowInsecureHTTP` is off.
        case insecureHTTPRefused = "http.insecure_http_refused"
        /// The response body is larger than the configured cap.
        case responseTooLarge = "http.response_too_large"
        /// The request cannot be sent as built (an invalid header name or value).
        case invalidRequest = "http.invalid_request"
        /// The server sent something that is not HTTP/1.1.
        case invalidResponse = "http.invalid_response"
        /// A request or response interceptor rejected the exchange.
        case rejectedByInterceptor = "http.rejected_by_interceptor"
        /// The response body is not the expected JSON.
        case jsonDecode = "http.json_decode"
        /// A request body could not be encoded as JSON.
        case jsonEncode = "http.json_encode"
        /// A signed endpoint could not be signed (no signer, or the signer failed).
        case signingFailed = "http.signing_failed"
        /// The client was shut down.
        case shutdown = "http.shutdown"
    }

    /// The stable code.
    public let code: Code
    /// One human sentence; never contains secrets.
    public let reason: String

    /// Makes an error with a code and a reason.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// The error an interceptor throws to reject a request or response.
    public static func rejected(_ reason: String) -> HTTPClientError {
        HTTPClientError(.rejectedByInterceptor, reason)
    }

    /// A human description: `http.timeout: no response from host within 10 s`.
    public var description: String { "\(code.rawValue): \(reason)" }

    /// Matches a bare code in `catch` and `switch` (`catch .timeout`) without importing `QRAuthEncoding`, whose
    /// `QRAuthError` gives the same match to code that imports it.
    public static func ~= (code: Code, error: HTTPClientError) -> Bool { error.code == code }
}

/// The codes an API client's error uses for transport failures, so that every client reads an
/// `HTTPClientError` the same way (`init(transport:)`, the one mapping).
protocol TransportFailureCode {
    static var network: Self { get }
    static var timeout: Self { get }
    static var cancelled: Self { get }
    static var tls: Self { get }
    static var pinningDenied: Self { get }
    static var invalidURL: Self { get }
    static var responseTooLarge: Self { get }
    static var invalidRequest: Self { get }
    static var invalidResponse: Self { get }
    /// The request signer failed (a client without signing reads it as `invalidRequest`).
    static var signingFailed: Self { get }
}

extension TransportFailureCode {
    /// The client's code for a transport error.
    init(transport code: HTTPClientError.Code) {
        self =
            switch code {
            case .network, .invalidResponse, .shutdown: .network
            case .timeout: .timeout
            case .cancelled: .cancelled
            case .tls: .tls
            case .pinningDenied: .pinningDenied
            case .invalidURL, .insecureHTTPRefused: .invalidURL
            case .responseTooLarge: .responseTooLarge
            case .invalidRequest, .jsonEncode, .rejectedByInterceptor: .invalidRequest
            case .jsonDecode: .invalidResponse
            case .signingFailed: .signingFailed
            }
    }
}

extension MobileTokenError {
    /// The Mobile Token reading of a transport error.
    init(_ error: HTTPClientError) {
        let code: Code =
            switch error.code {
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
        self.init(code, error.reason)
    }
}

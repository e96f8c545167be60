public import FoundationEssentials

/// A request for the fingerprint list, as the store makes it.
public struct FingerprintRequest: Sendable, Equatable {
    /// The list URL (for the Mobile Utility Server, `.../app/init?appName=...`).
    public var serviceURL: URL
    /// The `X-Cert-Pinning-Challenge` value in challenge mode, else nil.
    public var challenge: String?
    /// How to validate the server's certificate.
    public var tlsValidation: TLSValidationStrategy

    /// Makes a request.
    public init(serviceURL: URL, challenge: String?, tlsValidation: TLSValidationStrategy) {
        self.serviceURL = serviceURL
        self.challenge = challenge
        self.tlsValidation = tlsValidation
    }

    /// The headers to send: `Accept: application/json`, plus the challenge when there is one.
    public var headers: [String: String] {
        var headers = ["Accept": "application/json"]
        if let challenge { headers[ChallengeHeader.requestHeader] = challenge }
        return headers
    }
}

/// What the server answered: status, headers (names lowercased) and the body exactly as received.
public struct FingerprintResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var statusCode: Int
    /// Response headers, names lowercased.
    public var headers: [String: String]
    /// The body bytes after transfer decoding.
    public var body: Data

    /// Makes a response; header names are lowercased.
    public init(statusCode: Int, headers: [String: String] = [:], body: Data) {
        self.statusCode = statusCode
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }
}

/// Downloads the list for a `CertStore`. A thrown error means a transport failure (`networkError`).
public protocol FingerprintFetcher: Sendable {
    /// Performs one GET of `request.serviceURL` with `request.headers`.
    func fetch(_ request: FingerprintRequest) async throws -> FingerprintResponse
}

public import FingerprintLists
import FoundationEssentials
import HTTPTypes

/// The `CertStore` fetcher over this module's HTTP client: one GET of the list URL (for the Mobile Utility
/// Server, `/app/init?appName=...`) with the challenge header in challenge mode; the answer's headers (including
/// `X-Cert-Pinning-Signature`) and exact body bytes go back to the store, which verifies them.
public struct HTTPFingerprintFetcher: FingerprintFetcher {
    let client: any HTTPClient
    let noValidationClient: (any HTTPClient)?

    /// Makes a fetcher: `client` for `TLSValidationStrategy.default`, `noValidationClient` (a client configured with
    /// `.noValidation`) for stores configured with `.noValidation`; without one those requests use `client`.
    public init(client: any HTTPClient, noValidationClient: (any HTTPClient)? = nil) {
        self.client = client
        self.noValidationClient = noValidationClient
    }

    /// Performs the GET.
    public func fetch(_ request: FingerprintRequest) async throws -> FingerprintResponse {
        var headers = HTTPFields()
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            let field = try HTTPField.validated(name: name, value: value)
            headers[fields: field.name] = [field]
        }
        let chosen = request.tlsValidation == .noValidation ? (noValidationClient ?? client) : client
        let response = try await chosen.send(HTTPExchange.Request(.get, url: request.serviceURL, headers: headers))
        var responseHeaders: [String: String] = [:]
        for field in response.headerFields { responseHeaders[field.name.canonicalName] = field.value }
        return FingerprintResponse(statusCode: response.statusCode, headers: responseHeaders, body: response.body)
    }
}

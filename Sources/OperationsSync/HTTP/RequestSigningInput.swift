public import Foundation

/// What a signer signs: the method, URL, the exact body bytes and the endpoint kind (never `basic`).
public struct RequestSigningInput: Sendable {
    /// The method.
    public let method: HTTPMethod
    /// The absolute URL.
    public let url: URL
    /// The exact body bytes that will be sent.
    public let body: Data
    /// `signed(uriId:factor:)` or `tokenSigned(tokenName:)`.
    public let kind: Endpoint.Kind

    /// Makes an input.
    public init(method: HTTPMethod, url: URL, body: Data, kind: Endpoint.Kind) {
        self.method = method
        self.url = url
        self.body = body
        self.kind = kind
    }
}

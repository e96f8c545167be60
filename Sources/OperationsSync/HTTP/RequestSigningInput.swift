public import FoundationEssentials
public import HTTPTypes

/// What a signer signs: the method, URL, the exact body bytes and the endpoint kind (never `basic`), with the
/// authentication of the call.
public struct RequestSigningInput: Sendable {
    /// The method.
    public let method: HTTPRequest.Method
    /// The absolute URL.
    public let url: URL
    /// The exact body bytes that will be sent.
    public let body: Data
    /// `signed(uriId:factor:)` or `tokenSigned(tokenName:)`.
    public let kind: Endpoint.Kind
    /// The call's authentication (the request's `HTTPExchange.Request.signing`), where the signer also records a typed
    /// failure; nil signs with possession only.
    public let signing: SigningContext?

    /// Makes an input.
    public init(method: HTTPRequest.Method, url: URL, body: Data, kind: Endpoint.Kind, signing: SigningContext? = nil) {
        self.method = method
        self.url = url
        self.body = body
        self.kind = kind
        self.signing = signing
    }
}

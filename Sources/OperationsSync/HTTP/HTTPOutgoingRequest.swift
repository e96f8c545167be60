public import Foundation

/// A request resolved for sending: what request interceptors see and may change.
///
/// The body here is the exact bytes that go on the wire; a signer signs these bytes after the interceptors ran.
public struct HTTPOutgoingRequest: Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The absolute URL, query included.
    public var url: URL
    /// Every header that will be sent (`Host` and `Content-Length` are added last).
    public var headers: HTTPHeaderFields
    /// The body bytes.
    public var body: Data
    /// How the request is authorised.
    public let kind: Endpoint.Kind
    /// The deadline of the whole exchange (connect, TLS, send, receive), counted after the interceptors and signer.
    public var timeout: Duration

    /// Makes an outgoing request (interceptor tests build these by hand).
    public init(
        method: HTTPMethod, url: URL, headers: HTTPHeaderFields = [:], body: Data = Data(),
        kind: Endpoint.Kind = .basic, timeout: Duration = .seconds(10)
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.kind = kind
        self.timeout = timeout
    }
}

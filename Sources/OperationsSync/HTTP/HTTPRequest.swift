public import Foundation

/// A request as the caller builds it: method, target, query, headers, body, endpoint kind and timeout.
public struct HTTPRequest: Sendable {
    /// Where a request goes: a path under the client's base URL, or an absolute URL.
    public enum Target: Sendable, Hashable {
        /// A path appended to the base URL with exactly one `/` between them (already percent-encoded).
        case path(String)
        /// An absolute URL, used as is.
        case url(URL)
    }

    /// The method.
    public var method: HTTPMethod
    /// The target.
    public var target: Target
    /// Query items appended to the URL, percent-encoded, in order.
    public var query: [HTTPQueryItem]
    /// Headers of this request; they win over the client's default and identifying headers.
    public var headers: HTTPHeaderFields
    /// The body.
    public var body: HTTPBody
    /// How the request is authorised (the client calls its signer for signed kinds).
    public var kind: Endpoint.Kind
    /// A timeout for this request that overrides the client's `requestTimeout`.
    public var timeout: Duration?
    /// The authentication a signed or token-signed request is signed with, handed to the client's signer in
    /// `RequestSigningInput.signing` (nil: possession only). API clients set it per call.
    public var signing: SigningContext?

    /// Makes a request to a path under the base URL.
    public init(
        _ method: HTTPMethod, _ path: String, query: [HTTPQueryItem] = [], headers: HTTPHeaderFields = [:],
        body: HTTPBody = .empty, kind: Endpoint.Kind = .basic, timeout: Duration? = nil
    ) {
        self.method = method
        self.target = .path(path)
        self.query = query
        self.headers = headers
        self.body = body
        self.kind = kind
        self.timeout = timeout
        self.signing = nil
    }

    /// Makes a request to an absolute URL.
    public init(
        _ method: HTTPMethod, url: URL, query: [HTTPQueryItem] = [], headers: HTTPHeaderFields = [:],
        body: HTTPBody = .empty, kind: Endpoint.Kind = .basic, timeout: Duration? = nil
    ) {
        self.init(method, "", query: query, headers: headers, body: body, kind: kind, timeout: timeout)
        self.target = .url(url)
    }

    /// Makes a request to an endpoint: its method, path and kind.
    public init(
        _ endpoint: Endpoint, body: HTTPBody = .empty, query: [HTTPQueryItem] = [], headers: HTTPHeaderFields = [:],
        timeout: Duration? = nil
    ) {
        self.init(
            endpoint.method, endpoint.path, query: query, headers: headers, body: body, kind: endpoint.kind,
            timeout: timeout)
    }
}

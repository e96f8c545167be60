/// An async HTTP client: sends one request, returns the whole response or a typed error.
///
/// Implementations are `Sendable` and meant to be shared by many tasks. Redirects are never followed.
public protocol HTTPClient: Sendable {
    /// Sends a request.
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse
    /// The observer of raw responses, which API clients also show decrypted answers (nil: none).
    var responseObserver: (any HTTPResponseObserver)? { get }
}

extension HTTPClient {
    /// None.
    public var responseObserver: (any HTTPResponseObserver)? { nil }

    /// `GET path?query`.
    public func get(
        _ path: String, query: [HTTPQueryItem] = [], headers: HTTPHeaderFields = [:]
    )
        async throws(HTTPClientError) -> HTTPResponse
    {
        try await send(HTTPRequest(.get, path, query: query, headers: headers))
    }

    /// `POST path` with a body.
    public func post(
        _ path: String, body: HTTPBody, headers: HTTPHeaderFields = [:]
    )
        async throws(HTTPClientError) -> HTTPResponse
    {
        try await send(HTTPRequest(.post, path, headers: headers, body: body))
    }

    /// `POST path` with a value encoded as JSON.
    public func post(
        _ path: String, json value: some Encodable & Sendable, headers: HTTPHeaderFields = [:]
    )
        async throws(HTTPClientError) -> HTTPResponse
    {
        try await send(HTTPRequest(.post, path, headers: headers, body: try .json(encoding: value)))
    }

    /// Sends a request to an endpoint with a value encoded as the JSON body.
    public func send(
        _ endpoint: Endpoint, json value: some Encodable & Sendable, headers: HTTPHeaderFields = [:]
    )
        async throws(HTTPClientError) -> HTTPResponse
    {
        try await send(HTTPRequest(endpoint, body: try .json(encoding: value), headers: headers))
    }
}

public import HTTPTypes

/// An async HTTP client: sends one request, returns the whole response or a typed error.
///
/// Implementations are `Sendable` and meant to be shared by many tasks. Redirects are never followed.
public protocol HTTPClient: Sendable {
    /// Sends a request.
    func send(_ request: HTTPExchange.Request) async throws(HTTPClientError) -> HTTPExchange.Response
    /// The observer of raw responses, which API clients also show decrypted answers (nil: none).
    var responseObserver: (any HTTPResponseObserver)? { get }
}

extension HTTPClient {
    /// None.
    public var responseObserver: (any HTTPResponseObserver)? { nil }

    /// `GET path?query`.
    public func get(
        _ path: String, query: [HTTPQueryItem] = [], headers: HTTPFields = [:]
    )
        async throws(HTTPClientError) -> HTTPExchange.Response
    {
        try await send(HTTPExchange.Request(.get, path, query: query, headers: headers))
    }

    /// `POST path` with a body.
    public func post(
        _ path: String, body: HTTPBody, headers: HTTPFields = [:]
    )
        async throws(HTTPClientError) -> HTTPExchange.Response
    {
        try await send(HTTPExchange.Request(.post, path, headers: headers, body: body))
    }

    /// `POST path` with a value encoded as JSON.
    public func post(
        _ path: String, json value: some Encodable & Sendable, headers: HTTPFields = [:]
    )
        async throws(HTTPClientError) -> HTTPExchange.Response
    {
        try await send(HTTPExchange.Request(.post, path, headers: headers, body: try .json(encoding: value)))
    }

    /// Sends a request to an endpoint with a value encoded as the JSON body.
    public func send(
        _ endpoint: Endpoint, json value: some Encodable & Sendable, headers: HTTPFields = [:]
    )
        async throws(HTTPClientError) -> HTTPExchange.Response
    {
        try await send(HTTPExchange.Request(endpoint, body: try .json(encoding: value), headers: headers))
    }
}

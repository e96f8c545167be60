/// A failed exchange on a connection: whether any of the response had arrived, and whether the request may
/// have reached the server. A stale pooled connection that fails before any response is retried once on a
/// fresh connection when the request was never written, or when its method is idempotent.
struct ConnectionFailure: Error, Sendable {
    let error: HTTPClientError
    let responseStarted: Bool
    var requestWritten = true
}

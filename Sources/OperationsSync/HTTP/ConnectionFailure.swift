/// A failed exchange on a connection, and whether any of the response had arrived (a stale pooled connection
/// that fails before that is retried once on a fresh one).
struct ConnectionFailure: Error, Sendable {
    let error: HTTPClientError
    let responseStarted: Bool
}

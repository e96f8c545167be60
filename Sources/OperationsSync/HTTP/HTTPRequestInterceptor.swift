/// Runs on every outgoing request, in registration order, before the signer: adds headers, logs, or rejects.
///
/// Throwing rejects the request before anything is sent. Throw `HTTPClientError.rejected(_:)` to choose the
/// reason; any other error is reported as `rejectedByInterceptor` naming the interceptor and the error type.
public protocol HTTPRequestInterceptor: Sendable {
    /// Inspects or changes the request.
    func intercept(_ request: inout HTTPExchange.Request) async throws
}

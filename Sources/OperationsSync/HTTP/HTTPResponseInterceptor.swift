/// Runs on every response, in registration order, after the observer: inspects, changes, or rejects.
///
/// Throwing turns the response into an error, as for `HTTPRequestInterceptor`.
public protocol HTTPResponseInterceptor: Sendable {
    /// Inspects or changes the response to a request.
    func intercept(_ response: inout HTTPExchange.Response, for request: HTTPExchange.Request) async throws
}

/// Sees every raw response as it arrives (URL, status, headers, body), before the response interceptors.
///
/// For debugging and tests; it cannot change or reject anything. It is called on the requesting task.
public protocol HTTPResponseObserver: Sendable {
    /// Called once per response, including 3xx, 4xx and 5xx.
    func observe(_ response: HTTPResponse, for request: HTTPOutgoingRequest)
}

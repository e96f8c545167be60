/// The class of an HTTP status code.
public enum HTTPStatusClass: String, Sendable, Hashable, CaseIterable {
    /// 1xx.
    case informational
    /// 2xx.
    case success
    /// 3xx (redirects are never followed; the response is returned as is).
    case redirect
    /// 4xx.
    case clientError
    /// 5xx.
    case serverError
    /// Anything outside 100...599.
    case other

    /// The class of a status code.
    public init(statusCode: Int) {
        switch statusCode {
        case 100..<200: self = .informational
        case 200..<300: self = .success
        case 300..<400: self = .redirect
        case 400..<500: self = .clientError
        case 500..<600: self = .serverError
        default: self = .other
        }
    }
}

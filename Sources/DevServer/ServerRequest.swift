public import Foundation

/// An HTTP request as the server logic sees it, independent of the HTTP stack.
public struct ServerRequest: Sendable {
    /// Upper-case method.
    public var method: String
    /// The path without the query.
    public var path: String
    /// Decoded query items (the first value of each name).
    public var query: [String: String]
    /// Header fields by lower-cased name (the first value of each).
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data

    /// Makes a request; header names are lower-cased.
    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: Data = Data()
    ) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        var lowered: [String: String] = [:]
        for (name, value) in headers where lowered[name.lowercased()] == nil { lowered[name.lowercased()] = value }
        self.headers = lowered
        self.body = body
    }

    /// A header value by case-insensitive name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

package import Foundation

/// An HTTP request as the server logic sees it, independent of the HTTP stack.
package struct ServerRequest: Sendable {
    /// Upper-case method.
    package var method: String
    /// The path without the query.
    package var path: String
    /// Decoded query items (the first value of each name).
    package var query: [String: String]
    /// Header fields by lower-cased name (the first value of each).
    package var headers: [String: String]
    /// The body bytes.
    package var body: Data
    /// The listener the request came in on.
    package var listener: DevServerListener

    /// Makes a request; header names are lower-cased.
    package init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: Data = Data(), listener: DevServerListener = .main
    ) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        var lowered: [String: String] = [:]
        for (name, value) in headers where lowered[name.lowercased()] == nil { lowered[name.lowercased()] = value }
        self.headers = lowered
        self.body = body
        self.listener = listener
    }

    /// A header value by case-insensitive name.
    package func header(_ name: String) -> String? { headers[name.lowercased()] }
}

package import Foundation

/// An HTTP response as the server logic produces it.
package struct ServerResponse: Sendable {
    /// The HTTP status code.
    package var status: Int
    /// Header fields in order.
    package var headers: [(name: String, value: String)]
    /// The body bytes.
    package var body: Data

    /// Makes a response.
    package init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response.
    static func json(_ body: Data, status: Int = 200) -> ServerResponse {
        ServerResponse(status: status, headers: [("Content-Type", "application/json")], body: body)
    }

    /// The first value of a header, by case-insensitive name.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

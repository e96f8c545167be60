public import Foundation

/// An HTTP response as the server logic produces it.
public struct ServerResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields in order.
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: Data

    /// Makes a response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response.
    static func json(_ body: Data, status: Int = 200) -> ServerResponse {
        ServerResponse(status: status, headers: [("Content-Type", "application/json")], body: body)
    }

    /// The first value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

import DevServer
import Foundation
import OfflineOperations

/// A request for `DevServer.respond(to:)`: what a test sends through the server's router without a socket.
struct TestRequest: Sendable {
    var method: String
    var path: String
    var query: [String: String]
    var headers: [String: String]
    var body: Data
    var listener: DevServerListener

    init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: Data = Data(), listener: DevServerListener = .main
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.listener = listener
    }
}

/// The server's answer as a test reads it.
struct TestResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: Data

    /// The first value of a header, by case-insensitive name.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

extension DevServer {
    /// Answers `request` in-process through the router a listener runs.
    func respond(to request: TestRequest) async -> TestResponse {
        let answer = await respond(
            method: request.method, path: request.path, query: request.query, headers: request.headers,
            body: request.body, listener: request.listener)
        return TestResponse(status: answer.status, headers: answer.headers, body: answer.body)
    }
}

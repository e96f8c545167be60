import Foundation
import HTTPTypes
import OperationsSync
import QRAuthTestSupport
import Testing

@Suite("Responses: status classes, headers, body, redirects, size cap", .timeLimit(.minutes(1)))
struct ResponseTests {
    @Test(
        "status codes are returned as responses with their class",
        arguments: [
            (200, HTTPTypes.HTTPResponse.Status.Kind.successful), (204, .successful), (302, .redirection),
            (404, .clientError),
            (503, .serverError),
        ])
    func statusClasses(code: Int, statusClass: HTTPTypes.HTTPResponse.Status.Kind) async throws {
        let server = try await TestServer.start { _ in
            code == 204 ? ServerReply(status: 204) : .text("body \(code)", status: code)
        }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            let response = try await client.get("/status")
            #expect(response.statusCode == code)
            #expect(response.status.kind == statusClass)
            #expect(response.isSuccess == (statusClass == .successful))
            #expect(response.text == (code == 204 ? "" : "body \(code)"))
        }
    }

    @Test("status classes of the whole range")
    func statusClassRange() {
        let url = URL(string: "https://bank.test/")!
        func kind(_ code: Int) -> HTTPTypes.HTTPResponse.Status.Kind {
            HTTPExchange.Response(url: url, statusCode: code).status.kind
        }
        #expect(kind(101) == .informational)
        #expect(kind(299) == .successful)
        #expect(kind(399) == .redirection)
        #expect(kind(499) == .clientError)
        #expect(kind(599) == .serverError)
        #expect(kind(600) == .invalid)
        #expect(kind(42) == .invalid)
        #expect(!HTTPExchange.Response(url: url, statusCode: 600).isSuccess)
    }

    @Test("a redirect is returned as is and never followed")
    func redirectNotFollowed() async throws {
        let server = try await TestServer.start { request in
            request.uri == "/old" ? ServerReply(status: 302, headers: [("Location", "/new")]) : .text("new place")
        }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            let response = try await client.get("/old")
            #expect(response.statusCode == 302)
            #expect(response.status.kind == .redirection)
            #expect(response.headerFields["location"] == "/new")
            #expect(server.requests.map(\.uri) == ["/old"])
        }
    }

    @Test("response headers are looked up in any case and keep repeated values")
    func headers() async throws {
        let server = try await TestServer.start { _ in
            .text("x", headers: [("X-Request-Id", "abc"), ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")])
        }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            let response = try await client.get("/")
            #expect(response.headerFields["x-request-id"] == "abc")
            #expect(response.headerFields["X-REQUEST-ID"] == "abc")
            #expect(response.headerFields.values(for: "set-cookie") == ["a=1", "b=2"])
            #expect(response.bytes == [UInt8(ascii: "x")])
        }
    }

    @Test("decodeJSON names the missing field; a non-JSON body is a jsonDecode error")
    func decodeErrors() async throws {
        struct Envelope: Decodable { let status: String }
        let server = try await TestServer.start { request in
            request.uri == "/html" ? .text("<html>") : .json(#"{"state":"OK"}"#)
        }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            let missing = try await client.get("/json")
            let error = #expect(throws: HTTPClientError.self) { try missing.decodeJSON(Envelope.self) }
            #expect(error?.code == .jsonDecode)
            #expect(error?.reason.contains("\"status\"") == true)
            let html = try await client.get("/html")
            #expect(throws: HTTPClientError(.jsonDecode, "")) { try html.decodeJSON(Envelope.self) }
        }
    }

    @Test("a body over the cap fails with responseTooLarge, with and without Content-Length", arguments: [false, true])
    func sizeCap(chunked: Bool) async throws {
        let server = try await TestServer.start { request in
            let size = request.uri == "/big" ? 4096 : 1024
            return ServerReply(body: Array(repeating: 0x41, count: size), chunked: chunked)
        }
        let client = try TestClients.make(for: server) { $0.maxResponseSize = 1024 }
        try await TestClients.with(server, client) {
            let fits = try await client.get("/fits")
            #expect(fits.body.count == 1024)
            await #expect(throws: HTTPClientError(.responseTooLarge, "")) { try await client.get("/big") }
            // The connection of the failed exchange is not reused; the next request still works.
            let again = try await client.get("/fits")
            #expect(again.body.count == 1024)
        }
    }

    @Test("a server that closes without answering is a network error")
    func closedWithoutAnswer() async throws {
        let server = try await TestServer.start { _ in .close }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            let error = await #expect(throws: HTTPClientError.self) { try await client.get("/") }
            #expect(error?.code == .network)
        }
    }

    @Test("a refused connection is a network error naming the server")
    func connectionRefused() async throws {
        let port = LoopbackLimits.refusedPort
        var configuration = HTTPClientConfiguration(baseURL: URL(string: "http://127.0.0.1:\(port)"))
        configuration.requestTimeout = LoopbackLimits.requestTimeout
        configuration.allowInsecureHTTP = true
        let client = NIOHTTPClient(configuration: configuration)
        let error = await #expect(throws: HTTPClientError.self) { try await client.get("/") }
        #expect(error?.code == .network)
        #expect(error?.reason.contains("127.0.0.1:\(port)") == true)
    }
}

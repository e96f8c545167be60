import Foundation
import HTTPTypes
import OfflineOperations
import OperationsSync
import QRAuthTestSupport
import Testing

@Suite("Requests: methods, query, bodies, headers", .timeLimit(.minutes(1)))
struct RequestBuildingTests {
    @Test(
        "every method reaches the server as sent",
        arguments: [HTTPRequest.Method.get, .post, .put, .patch, .delete, .head, .options])
    func methods(method: HTTPRequest.Method) async throws {
        let server = try await TestServer.start { request in .text("saw \(request.method)") }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            let response = try await client.send(HTTPExchange.Request(method, "/things/1"))
            #expect(response.statusCode == 200)
            #expect(response.text == (method == .head ? "" : "saw \(method.rawValue)"))
            #expect(response.headerFields["content-length"] == "\("saw \(method.rawValue)".utf8.count)")
            let seen = try #require(server.requests.first)
            #expect(seen.method == method.rawValue)
            #expect(seen.uri == "/things/1")
        }
    }

    @Test("query items are percent-encoded in order and the path joins the base URL with one slash")
    func queryAndBaseURL() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let client = try TestClients.make(for: server) {
            $0.baseURL = URL(string: "http://127.0.0.1:\(server.port)/enrollment-server/")
        }
        try await TestClients.with(server, client) {
            let query = [HTTPQueryItem("q", "a b&c"), HTTPQueryItem("plus", "1+1=2"), HTTPQueryItem("ü", "~ok-._")]
            _ = try await client.get("/api/list", query: query)
            _ = try await client.get("api/list")
            let uris = server.requests.map(\.uri)
            #expect(
                uris == [
                    "/enrollment-server/api/list?q=a%20b%26c&plus=1%2B1%3D2&%C3%BC=~ok-._",
                    "/enrollment-server/api/list",
                ])
        }
    }

    @Test("a JSON body is sent byte for byte with application/json and its length")
    func jsonBody() async throws {
        struct Payload: Codable, Equatable, Sendable {
            let requestObject: [String: String]
        }
        let server = try await TestServer.start { _ in .json(#"{"status":"OK"}"#) }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            let payload = Payload(requestObject: ["id": "47825519"])
            let response = try await client.post("/operation/detail", json: payload)
            let seen = try #require(server.requests.first)
            #expect(seen.header("Content-Type") == "application/json")
            #expect(seen.header("Content-Length") == String(seen.body.count))
            #expect(try JSONDecoder().decode(Payload.self, from: Data(seen.body)) == payload)
            struct Status: Decodable { let status: String }
            #expect(try response.decodeJSON(Status.self).status == "OK")

            let exact = Data(#"{"requestObject":{}}"#.utf8)
            _ = try await client.post("/raw-json", body: .json(exact))
            #expect(server.requests.last?.body == Array(exact))
        }
    }

    @Test("form bodies are url-encoded with + for spaces; raw bodies keep bytes and content type")
    func formAndRawBodies() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            _ = try await client.post(
                "/form", body: .form([HTTPQueryItem("name", "Jan Novák"), HTTPQueryItem("x", "a&b=c")]))
            let bytes = Data([0x00, 0xFF, 0x10, 0x80])
            _ = try await client.send(
                HTTPExchange.Request(.put, "/raw", body: .raw(bytes, contentType: "application/octet-stream")))
            _ = try await client.send(HTTPExchange.Request(.patch, "/empty"))
            _ = try await client.get("/nothing")
            let requests = server.requests
            #expect(requests[0].header("Content-Type") == "application/x-www-form-urlencoded")
            #expect(requests[0].bodyText == "name=Jan+Nov%C3%A1k&x=a%26b%3Dc")
            #expect(requests[1].method == "PUT")
            #expect(requests[1].body == Array(bytes))
            #expect(requests[1].header("Content-Type") == "application/octet-stream")
            #expect(requests[2].header("Content-Length") == "0")
            #expect(requests[3].header("Content-Length") == nil)
            #expect(requests[3].header("Content-Type") == nil)
        }
    }

    @Test("identifying headers are sent by default and the request's own headers win")
    func identifyingHeaders() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let client = try TestClients.make(for: server) {
            $0.defaultHeaders = [.accept: "application/json", HTTPField.Name("X-Default")!: "1"]
        }
        try await TestClients.with(server, client) {
            _ = try await client.get("/a")
            _ = try await client.get(
                "/b", headers: HTTPFields(validating: ["accept-language": "cs", "X-Default": "2"]))
            let first = try #require(server.requests.first)
            #expect(first.header("User-Agent") == HTTPClientIdentity.userAgent())
            #expect(first.header("User-Agent")?.hasPrefix("qrauth/\(HTTPClientIdentity.libraryVersion) (") == true)
            #expect(first.header("Accept-Language") == "en")
            #expect(first.header("x-requested-with") == "qrauth")
            #expect(first.header("x-requested-platform") == HTTPClientIdentity.platform)
            #expect(first.header("Accept") == "application/json")
            #expect(first.header("Host") == "127.0.0.1:\(server.port)")
            let second = try #require(server.requests.last)
            #expect(second.headerValues("Accept-Language") == ["cs"])
            #expect(second.headerValues("X-Default") == ["2"])
        }
    }

    @Test(
        "a body's own Content-Type replaces one in defaultHeaders; a request without one keeps the default; the request's own header wins over both"
    )
    func bodyContentTypeOverDefaultHeaders() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let client = try TestClients.make(for: server) {
            $0.defaultHeaders = [.contentType: "text/plain", HTTPField.Name("X-Default")!: "1"]
        }
        try await TestClients.with(server, client) {
            _ = try await client.post("/json", body: .json(Data("{}".utf8)))
            _ = try await client.post("/form", body: .form([HTTPQueryItem("a", "1")]))
            _ = try await client.post("/raw", body: .raw(Data("x".utf8), contentType: nil))
            _ = try await client.get("/none")
            _ = try await client.post(
                "/own", body: .json(Data("{}".utf8)), headers: [.contentType: "application/vnd.bank+json"])
            let requests = server.requests
            #expect(requests.map(\.uri) == ["/json", "/form", "/raw", "/none", "/own"])
            // One Content-Type each: the body's replaces the default instead of joining it.
            #expect(
                requests.map { $0.headerValues("Content-Type") } == [
                    ["application/json"], ["application/x-www-form-urlencoded"], ["text/plain"], ["text/plain"],
                    ["application/vnd.bank+json"],
                ])
            // The other defaults are sent with every request.
            #expect(requests.allSatisfy { $0.headerValues("X-Default") == ["1"] })
        }
    }

    @Test(
        "header values as HTTPField keeps them: spaces and tabs around a value trimmed, other control characters sent as spaces, a tab inside kept; interceptors see what is sent"
    )
    func headerValuesAsSent() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let seen = Recorder<HTTPFields>()
        let client = try TestClients.make(for: server) {
            $0.identity.userAgent = "  agent/1 \t"
            $0.requestInterceptors = [FieldsRecordingInterceptor(recorder: seen)]
        }
        try await TestClients.with(server, client) {
            let headers = try HTTPFields(validating: [
                "X-Padded": " \t padded value \t ", "X-Control": "a\u{1B}b\u{7F}c\u{01}d\u{1F}", "X-Tab": "a\tb",
            ])
            _ = try await client.get("/", headers: headers)
            let expected = [
                "User-Agent": "agent/1", "X-Padded": "padded value", "X-Control": "a b c d", "X-Tab": "a\tb",
            ]
            let received = try #require(server.requests.first)
            let intercepted = try #require(seen.items.first)
            for (name, value) in expected {
                #expect(received.headerValues(name) == [value], "\(name)")
                #expect(intercepted.values(for: name) == [value], "\(name)")
            }
        }
    }

    @Test("identity headers can be changed or left out")
    func customIdentity() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let client = try TestClients.make(for: server) {
            $0.identity = HTTPClientIdentity(
                userAgent: HTTPClientIdentity.userAgent(product: "bank-e2e", version: "7.1"), acceptLanguage: "de",
                requestedWith: nil, requestedPlatform: HTTPField(name: HTTPField.Name("X-Platform")!, value: "ci"))
        }
        try await TestClients.with(server, client) {
            _ = try await client.get("/")
            let seen = try #require(server.requests.first)
            #expect(seen.header("User-Agent")?.hasPrefix("bank-e2e/7.1 (") == true)
            #expect(seen.header("Accept-Language") == "de")
            #expect(seen.header("x-requested-with") == nil)
            #expect(seen.header("X-Platform") == "ci")
        }
    }

    @Test("a header value with a line break is refused before anything is sent")
    func headerInjection() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            await #expect(throws: HTTPClientError(.invalidRequest, "")) {
                try await client.get("/", headers: HTTPFields(validating: ["X-Evil": "a\r\nInjected: yes"]))
            }
            await #expect(throws: HTTPClientError(.invalidRequest, "")) {
                try await client.get("/", headers: HTTPFields(validating: ["Bad Name": "x"]))
            }
            #expect(server.connections == 0)
        }
    }

    @Test("URLs: a path without a base URL, a bad scheme and http without allowInsecureHTTP are refused")
    func urlErrors() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let noBase = NIOHTTPClient(configuration: HTTPClientConfiguration())
        await #expect(throws: HTTPClientError(.invalidURL, "")) { try await noBase.get("/x") }
        let ftp = NIOHTTPClient(configuration: HTTPClientConfiguration(baseURL: URL(string: "ftp://example.org")))
        await #expect(throws: HTTPClientError(.invalidURL, "")) { try await ftp.get("/x") }

        var configuration = HTTPClientConfiguration(baseURL: server.baseURL)
        configuration.requestTimeout = LoopbackLimits.requestTimeout
        #expect(configuration.allowInsecureHTTP == false)
        configuration.allowInsecureHTTP = false
        let strict = NIOHTTPClient(configuration: configuration)
        let error = await #expect(throws: HTTPClientError.self) { try await strict.get("/x") }
        #expect(error?.code == .insecureHTTPRefused)
        #expect(error?.reason.contains("127.0.0.1") == true)
        // An absolute http URL is refused the same way, and nothing reached the server.
        await #expect(throws: HTTPClientError(.insecureHTTPRefused, "")) {
            try await strict.send(HTTPExchange.Request(.get, url: URL(string: "http://127.0.0.1:\(server.port)/y")!))
        }
        #expect(server.connections == 0)
        await server.stop()
    }
}

/// Records the header fields of every request it sees (the resolved request, as the signer and the wire get it).
struct FieldsRecordingInterceptor: HTTPRequestInterceptor {
    let recorder: Recorder<HTTPFields>

    func intercept(_ request: inout HTTPExchange.Request) async throws {
        recorder.append(request.head.headerFields)
    }
}

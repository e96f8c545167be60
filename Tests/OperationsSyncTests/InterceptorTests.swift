import Foundation
import HTTPTypes
import OfflineOperations
import OperationsSync
import Testing

@Suite("Interceptors, the response observer and request signing", .timeLimit(.minutes(1)))
struct InterceptorTests {
    @Test("request and response interceptors run in registration order; the observer sees the raw response first")
    func order() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let log = Recorder<String>()
        let observed = Recorder<HTTPExchange.Response>()
        let client = try TestClients.make(for: server) {
            $0.requestInterceptors = ["a", "b", "c"].map { NamedRequestInterceptor(name: $0, recorder: log) }
            $0.responseInterceptors = ["x", "y"].map { NamedResponseInterceptor(name: $0, recorder: log) }
            $0.responseObserver = RecordingObserver(recorder: observed)
        }
        try await TestClients.with(server, client) {
            let response = try await client.get("/ordered")
            #expect(log.items == ["request:a", "request:b", "request:c", "response:x", "response:y"])
            #expect(server.requests.first?.header("X-Order") == "a,b,c")
            #expect(response.headerFields["X-Seen-By"] == "x,y")
            let raw = try #require(observed.items.first)
            #expect(raw.headerFields["X-Seen-By"] == nil)
            #expect(raw.text == "ok")
        }
    }

    @Test("the observer sees every response with URL, status and body, errors and redirects included")
    func observerSeesEverything() async throws {
        let server = try await TestServer.start { request in
            switch request.uri {
            case "/missing": .text("no such thing", status: 404)
            case "/moved": ServerReply(status: 301, headers: [("Location", "/x")])
            default: .json(#"{"status":"OK"}"#)
            }
        }
        let observed = Recorder<HTTPExchange.Response>()
        let client = try TestClients.make(for: server) { $0.responseObserver = RecordingObserver(recorder: observed) }
        try await TestClients.with(server, client) {
            _ = try await client.get("/ok")
            _ = try await client.get("/missing")
            _ = try await client.get("/moved")
            let seen = observed.items
            #expect(seen.map(\.statusCode) == [200, 404, 301])
            #expect(seen.map(\.url.path) == ["/ok", "/missing", "/moved"])
            #expect(seen[0].text == #"{"status":"OK"}"#)
            #expect(seen[1].text == "no such thing")
        }
    }

    @Test("a rejecting request interceptor stops the request before anything is sent", arguments: [true, false])
    func requestRejected(typed: Bool) async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let client = try TestClients.make(for: server) {
            $0.requestInterceptors = [RejectingInterceptor(marker: "admin", typed: typed)]
        }
        try await TestClients.with(server, client) {
            let error = await #expect(throws: HTTPClientError.self) { try await client.get("/admin/delete") }
            #expect(error?.code == .rejectedByInterceptor)
            #expect(error?.reason.contains(typed ? "blocked by policy" : "request interceptor 1") == true)
            #expect(server.connections == 0)
            let allowed = try await client.get("/public")
            #expect(allowed.statusCode == 200)
        }
    }

    @Test("a rejecting response interceptor turns the response into an error")
    func responseRejected() async throws {
        let server = try await TestServer.start { _ in .text("short and stout", status: 418) }
        let client = try TestClients.make(for: server) {
            $0.responseInterceptors = [RejectingInterceptor(marker: "", typed: true)]
        }
        try await TestClients.with(server, client) {
            let error = await #expect(throws: HTTPClientError.self) { try await client.get("/tea") }
            #expect(error?.code == .rejectedByInterceptor)
            #expect(error?.reason == "teapot refused")
        }
    }

    @Test("signed and token-signed endpoints carry the signer's header; basic ones do not call it")
    func signing() async throws {
        let server = try await TestServer.start { _ in .json(#"{"status":"OK"}"#) }
        let inputs = Recorder<RequestSigningInput>()
        let client = try TestClients.make(for: server) { $0.signer = FakeSigner(inputs: inputs) }
        try await TestClients.with(server, client) {
            let authorize = Endpoint(
                .post, "/api/auth/token/app/operation/authorize",
                kind: .signed(uriId: "/operation/authorize", factor: .possessionKnowledge))
            let list = Endpoint(
                .post, "/api/auth/token/app/operation/list", kind: .tokenSigned(tokenName: "possession_universal"))
            let body = Data(#"{"requestObject":{"id":"op-1","data":"A2"}}"#.utf8)
            _ = try await client.send(HTTPExchange.Request(authorize, body: .json(body)))
            _ = try await client.send(HTTPExchange.Request(list, body: .json(Data("{}".utf8))))
            _ = try await client.send(HTTPExchange.Request(Endpoint(.get, "/public")))

            #expect(inputs.items.count == 2)
            let first = try #require(inputs.items.first)
            #expect(first.body == body)
            #expect(first.method == .post)
            #expect(first.url.path == "/api/auth/token/app/operation/authorize")
            #expect(first.kind == .signed(uriId: "/operation/authorize", factor: .possessionKnowledge))

            let requests = server.requests
            let expectedSum = body.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF_FFFF }
            #expect(
                requests[0].header("X-PowerAuth-Authorization")
                    == "PowerAuth pa_uri=\"/operation/authorize\", pa_signature_type=\"possession_knowledge\", sum=\"\(expectedSum)\""
            )
            #expect(requests[0].body == Array(body))
            #expect(requests[1].header("X-PowerAuth-Token") == "PowerAuth token=\"possession_universal\"")
            #expect(requests[1].header("X-PowerAuth-Authorization") == nil)
            #expect(requests[2].header("X-PowerAuth-Token") == nil)
            #expect(requests[2].header("X-PowerAuth-Authorization") == nil)
        }
    }

    @Test("the signer signs the body as the interceptors left it")
    func signsAfterInterceptors() async throws {
        struct BodyRewriter: HTTPRequestInterceptor {
            func intercept(_ request: inout HTTPExchange.Request) async throws {
                request.body = Data(#"{"rewritten":true}"#.utf8)
            }
        }
        let server = try await TestServer.start { _ in .text("ok") }
        let inputs = Recorder<RequestSigningInput>()
        let client = try TestClients.make(for: server) {
            $0.signer = FakeSigner(inputs: inputs)
            $0.requestInterceptors = [BodyRewriter()]
        }
        try await TestClients.with(server, client) {
            let endpoint = Endpoint(.post, "/history", kind: .signed(uriId: "/operation/history", factor: .possession))
            _ = try await client.send(HTTPExchange.Request(endpoint, body: .json(Data("{}".utf8))))
            #expect(inputs.items.first?.body == Data(#"{"rewritten":true}"#.utf8))
            #expect(server.requests.first?.bodyText == #"{"rewritten":true}"#)
        }
    }

    @Test("a signed endpoint without a signer, or with a failing one, sends nothing")
    func signingFailures() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let endpoint = Endpoint(.post, "/cancel", kind: .signed(uriId: "/operation/cancel", factor: .possession))
        let unsigned = try TestClients.make(for: server)
        let failing = try TestClients.make(for: server) { $0.signer = FailingSigner() }
        let missing = await #expect(throws: HTTPClientError.self) {
            try await unsigned.send(HTTPExchange.Request(endpoint, body: .json(Data("{}".utf8))))
        }
        #expect(missing?.code == .signingFailed)
        #expect(missing?.reason.contains("no request signer") == true)
        await #expect(throws: HTTPClientError(.signingFailed, "")) {
            try await failing.send(HTTPExchange.Request(endpoint, body: .json(Data("{}".utf8))))
        }
        #expect(server.connections == 0)
        await server.stop()
    }
}

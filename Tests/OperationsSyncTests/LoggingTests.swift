import Foundation
import HTTPTypes
import Logging
import OperationsSync
import Testing

@Suite("Logging: levels, truncation, redaction", .timeLimit(.minutes(1)))
struct LoggingTests {
    /// One success, one 404 and one failure (closed connection) at a log level.
    private func exercise(level: HTTPLogLevel) async throws -> LogCapture {
        let server = try await TestServer.start { request in
            switch request.uri {
            case "/missing": .text("nope", status: 404)
            case "/drop": .close
            default: .text("fine")
            }
        }
        let capture = LogCapture()
        let client = try TestClients.make(for: server, logger: capture.logger()) {
            $0.logging = HTTPLogOptions(level: level)
        }
        try await TestClients.with(server, client) {
            _ = try await client.get("/ok")
            _ = try await client.get("/missing")
            await #expect(throws: HTTPClientError(.network, "")) { try await client.get("/drop") }
        }
        return capture
    }

    @Test("off logs nothing, even failures")
    func off() async throws {
        let capture = try await exercise(level: .off)
        #expect(capture.entries.isEmpty)
    }

    @Test("errors logs only the failure")
    func errors() async throws {
        let capture = try await exercise(level: .errors)
        #expect(capture.entries.map(\.level) == [.error])
        #expect(capture.entries.first?.message.contains("http.network") == true)
    }

    @Test("warnings adds 4xx/5xx answers")
    func warnings() async throws {
        let capture = try await exercise(level: .warnings)
        #expect(capture.entries.map(\.level) == [.warning, .error])
        #expect(capture.entries.first?.message.contains("404") == true)
    }

    @Test("all logs every request and response with headers and body")
    func all() async throws {
        let capture = try await exercise(level: .all)
        let levels = capture.entries.map(\.level)
        #expect(levels == [.info, .info, .info, .info, .info, .error])
        let text = capture.text
        #expect(text.contains("HTTP request GET http://127.0.0.1"))
        #expect(text.contains("HTTP response 200 OK for GET"))
        #expect(text.contains("User-Agent: qrauth/"))
        #expect(text.contains("fine"))
    }

    @Test("a message longer than the limit is cut and says how much was dropped")
    func truncation() async throws {
        let long = String(repeating: "0123456789", count: 500)
        let server = try await TestServer.start { _ in .text(long) }
        let capture = LogCapture()
        let client = try TestClients.make(for: server, logger: capture.logger()) {
            $0.logging = HTTPLogOptions(level: .all, messageLimit: 300)
        }
        try await TestClients.with(server, client) {
            _ = try await client.get("/long")
            let response = try #require(capture.entries.last)
            #expect(response.message.hasPrefix("HTTP response 200"))
            let marker = try #require(response.message.range(of: "… [truncated "))
            #expect(response.message.distance(from: response.message.startIndex, to: marker.lowerBound) == 300)
            #expect(response.message.hasSuffix(" characters]"))
            #expect(response.message.count < 340)
        }
    }

    @Test("the default message limit is 12 000 characters")
    func defaultLimit() {
        #expect(HTTPLogOptions().messageLimit == 12_000)
        #expect(HTTPLogOptions().level == .warnings)
    }

    @Test("secrets in headers, query, JSON and form bodies never reach the log")
    func redaction() async throws {
        let secrets = [
            "pa-signature-value", "token-digest-value", "Bearer abc.def", "SESSION=cookie-value", "hunter2",
            "token-secret-value", "query-password", "form-passphrase", "custom-secret-value", "set-cookie-value",
            "private-key-value",
        ]
        let server = try await TestServer.start { _ in
            ServerReply(
                status: 200, headers: [("Content-Type", "application/json"), ("Set-Cookie", "sid=set-cookie-value")],
                body: Array(#"{"status":"OK","responseObject":{"privateKey":"private-key-value","id":"op-1"}}"#.utf8))
        }
        let capture = LogCapture()
        let client = try TestClients.make(for: server, logger: capture.logger()) {
            $0.logging = HTTPLogOptions(level: .all, redactedNames: ["X-Custom-Id"])
        }
        try await TestClients.with(server, client) {
            let headers = try HTTPFields(validating: [
                "X-PowerAuth-Authorization": "PowerAuth pa_signature=\"pa-signature-value\"",
                "X-PowerAuth-Token": "PowerAuth token_digest=\"token-digest-value\"",
                "Authorization": "Bearer abc.def", "Cookie": "SESSION=cookie-value",
                "X-Custom-Id": "custom-secret-value",
            ])
            let json = Data(
                #"{"requestObject":{"id":"op-1","password":"hunter2","nested":{"tokenSecret":"token-secret-value"}}}"#
                    .utf8)
            _ = try await client.send(
                HTTPExchange.Request(
                    .post, "/api", query: [HTTPQueryItem("password", "query-password"), HTTPQueryItem("page", "2")],
                    headers: headers, body: .json(json)))
            _ = try await client.post(
                "/form", body: .form([HTTPQueryItem("passphrase", "form-passphrase"), HTTPQueryItem("user", "jan")]))
            let text = capture.text
            for secret in secrets {
                #expect(!text.contains(secret), "\(secret) leaked into the log")
            }
            #expect(text.contains("<redacted>"))
            #expect(text.contains("op-1"))
            #expect(text.contains("page=2"))
            #expect(text.contains("user=jan"))
            #expect(text.contains("X-PowerAuth-Token: <redacted>"))
        }
    }

    @Test("error messages carry no secrets from the URL query")
    func errorRedaction() async throws {
        let server = try await TestServer.start { _ in .close }
        let capture = LogCapture()
        let client = try TestClients.make(for: server, logger: capture.logger()) {
            $0.logging = HTTPLogOptions(level: .errors)
        }
        try await TestClients.with(server, client) {
            await #expect(throws: HTTPClientError(.network, "")) {
                try await client.send(HTTPExchange.Request(.get, "/x?password=in-the-path"))
            }
            #expect(capture.entries.count == 1)
            #expect(!capture.text.contains("in-the-path"))
        }
    }
}

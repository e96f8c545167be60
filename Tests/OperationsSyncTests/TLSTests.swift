import Foundation
import Logging
import OperationsSync
import Testing

@Suite("TLS: validation modes and the pinning hook", .timeLimit(.minutes(1)))
struct TLSTests {
    @Test("default validation refuses a server whose CA is not in the system store")
    func defaultRejectsUnknownCA() async throws {
        let server = try await TestServer.start(tls: true) { _ in .text("secret") }
        let client = try TestClients.make(for: server) { $0.tls = .default }
        try await TestClients.with(server, client) {
            let error = await #expect(throws: HTTPClientError.self) { try await client.get("/") }
            #expect(error?.code == .tls)
            #expect(server.requests.isEmpty)
            #expect(server.applicationBytes == 0)
        }
    }

    @Test("customCA trusts the test CA; the connection is reused")
    func customCAPasses() async throws {
        let server = try await TestServer.start(tls: true) { request in .text("hello \(request.uri)") }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            let one = try await client.get("/one")
            let two = try await client.get("/two")
            #expect(one.text == "hello /one")
            #expect(two.text == "hello /two")
            #expect(server.connections == 1)
            #expect(server.requests.first?.header("Host") == "localhost:\(server.port)")
        }
    }

    @Test("customCA still checks the host name: the certificate names localhost, not 127.0.0.1")
    func hostnameMismatch() async throws {
        let server = try await TestServer.start(tls: true) { _ in .text("ok") }
        let client = try TestClients.make(for: server) {
            $0.baseURL = URL(string: "https://127.0.0.1:\(server.port)")
        }
        try await TestClients.with(server, client) {
            let error = await #expect(throws: HTTPClientError.self) { try await client.get("/") }
            #expect(error?.code == .tls)
            #expect(server.requests.isEmpty)
        }
    }

    @Test("a custom CA bundle that is not PEM is a tls error")
    func badBundle() async throws {
        let server = try await TestServer.start(tls: true) { _ in .text("ok") }
        let client = try TestClients.make(for: server) { $0.tls = .customCA(pemBundle: "not a certificate") }
        try await TestClients.with(server, client) {
            await #expect(throws: HTTPClientError(.tls, "")) { try await client.get("/") }
            #expect(server.connections == 0)
        }
    }

    @Test("noValidation connects to anything and logs a warning on every request")
    func noValidation() async throws {
        let server = try await TestServer.start(tls: true) { _ in .text("ok") }
        let capture = LogCapture()
        let client = try TestClients.make(for: server, logger: capture.logger()) {
            $0.tls = .noValidation
            $0.baseURL = URL(string: "https://127.0.0.1:\(server.port)")
        }
        try await TestClients.with(server, client) {
            let first = try await client.get("/a")
            let second = try await client.get("/b")
            #expect(first.text == "ok" && second.text == "ok")
            let warnings = capture.entries.filter { $0.level == .warning && $0.message.contains("noValidation") }
            #expect(warnings.count == 2)
        }
    }

    @Test("an evaluator that denies aborts the handshake before any request byte is sent")
    func evaluatorDenies() async throws {
        let server = try await TestServer.start(tls: true) { _ in .text("secret") }
        let seen = Recorder<PeerCertificate>()
        let evaluator = TestEvaluator(decision: .deny(reason: "fingerprint not in the list"), seen: seen)
        let client = try TestClients.make(for: server) {
            $0.tls = .pinned(evaluator, customCA: try TestCertificates.caPEM())
        }
        try await TestClients.with(server, client) {
            let error = await #expect(throws: HTTPClientError.self) {
                try await client.post("/api/auth/token/app/operation/list", body: .json(Data("{}".utf8)))
            }
            #expect(error?.code == .pinningDenied)
            #expect(error?.reason.contains("fingerprint not in the list") == true)
            #expect(seen.items.count == 1)
            #expect(seen.items.first?.host == "localhost")
            let leaf = try TestCertificates.leafDER()
            #expect(seen.items.first?.derRepresentation == leaf)
            #expect(server.connections == 1)
            #expect(server.applicationBytes == 0)
            #expect(server.requests.isEmpty)
        }
    }

    @Test("an evaluator that trusts lets requests through and is asked once per connection")
    func evaluatorTrusts() async throws {
        let server = try await TestServer.start(tls: true) { _ in .text("ok") }
        let seen = Recorder<PeerCertificate>()
        let client = try TestClients.make(for: server) {
            $0.tls = .pinned(TestEvaluator(decision: .trust, seen: seen), customCA: try TestCertificates.caPEM())
        }
        try await TestClients.with(server, client) {
            _ = try await client.get("/1")
            _ = try await client.get("/2")
            #expect(seen.items.count == 1)
            #expect(server.requests.count == 2)
        }
    }

    @Test("the evaluator runs only after standard validation passed")
    func evaluatorAfterChainValidation() async throws {
        let server = try await TestServer.start(tls: true) { _ in .text("ok") }
        let seen = Recorder<PeerCertificate>()
        let client = try TestClients.make(for: server) {
            $0.tls = .pinned(TestEvaluator(decision: .trust, seen: seen))
        }
        try await TestClients.with(server, client) {
            await #expect(throws: HTTPClientError(.tls, "")) { try await client.get("/") }
            #expect(seen.items.isEmpty)
            #expect(server.applicationBytes == 0)
        }
    }

    @Test("validation modes have stable names")
    func names() throws {
        let evaluator = TestEvaluator(decision: .trust, seen: Recorder())
        #expect(TLSValidation.default.name == "default")
        #expect(TLSValidation.customCA(pemBundle: "").name == "customCA")
        #expect(TLSValidation.noValidation.name == "noValidation")
        #expect(TLSValidation.noValidation.isDisabled)
        #expect(TLSValidation.pinned(evaluator).name == "pinned")
        #expect(!TLSValidation.pinned(evaluator).isDisabled)
    }
}

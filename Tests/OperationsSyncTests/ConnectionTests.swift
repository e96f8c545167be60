import Foundation
import HTTPTypes
import OperationsSync
import Testing

@Suite("Connections: keep-alive, timeouts, cancellation, shutdown", .timeLimit(.minutes(1)))
struct ConnectionTests {
    @Test("sequential requests reuse one keep-alive connection")
    func keepAliveReuse() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            for index in 0..<5 {
                let response = try await client.get("/r\(index)")
                #expect(response.statusCode == 200)
            }
            #expect(server.connections == 1)
            #expect(Set(server.requests.map(\.connection)) == [1])
        }
    }

    @Test("a response with Connection: close is not reused")
    func connectionClose() async throws {
        let server = try await TestServer.start { _ in .text("ok", headers: [("Connection", "close")]) }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            _ = try await client.get("/1")
            _ = try await client.get("/2")
            #expect(server.connections == 2)
        }
    }

    @Test("concurrent requests each get a connection and all are answered; later ones reuse them")
    func concurrentRequests() async throws {
        let server = try await TestServer.start { request in .text(request.uri) }
        let client = try TestClients.make(for: server) { $0.maxIdleConnectionsPerHost = 4 }
        try await TestClients.with(server, client) {
            let texts = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<4 {
                    group.addTask { try await client.get("/c\(index)").text }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(texts == ["/c0", "/c1", "/c2", "/c3"])
            let opened = server.connections
            #expect((1...4).contains(opened))
            _ = try await client.get("/after")
            #expect(server.connections == opened)
        }
    }

    @Test("a server that never answers hits the per-request timeout, which overrides the default")
    func perRequestTimeout() async throws {
        let server = try await TestServer.start { _ in .never }
        let client = try TestClients.make(for: server) { $0.requestTimeout = .seconds(30) }
        try await TestClients.with(server, client) {
            let clock = ContinuousClock()
            let started = clock.now
            let error = await #expect(throws: HTTPClientError.self) {
                try await client.send(HTTPExchange.Request(.get, "/slow", timeout: .milliseconds(300)))
            }
            let elapsed = clock.now - started
            #expect(error?.code == .timeout)
            #expect(error?.reason.contains("0.3 s") == true)
            #expect(elapsed >= .milliseconds(250))
            #expect(elapsed < .seconds(20))  // far below the 30 s default it overrides, even sanitized or loaded
            #expect(await server.wait { $0.closedConnections == 1 })
        }
    }

    @Test("the client's default request timeout applies when the request sets none")
    func defaultTimeout() async throws {
        let server = try await TestServer.start { _ in .never }
        let client = try TestClients.make(for: server) { $0.requestTimeout = .milliseconds(200) }
        try await TestClients.with(server, client) {
            await #expect(throws: HTTPClientError(.timeout, "")) { try await client.get("/slow") }
        }
    }

    @Test("cancelling the task mid-request closes the connection and throws cancelled")
    func cancellation() async throws {
        let server = try await TestServer.start { _ in .never }
        // A request timeout far beyond the bound below: only the cancellation can end the request in time.
        let client = try TestClients.make(for: server) { $0.requestTimeout = .seconds(120) }
        try await TestClients.with(server, client) {
            let task = Task { try await client.get("/hang") }
            #expect(await server.wait { $0.requests.count == 1 })
            let clock = ContinuousClock()
            let started = clock.now
            task.cancel()
            let result = await task.result
            // Generous for a loaded or sanitized run; still far below the 120 s request timeout.
            #expect(clock.now - started < .seconds(20))
            #expect(throws: HTTPClientError(.cancelled, "")) { try result.get() }
            #expect(await server.wait { $0.closedConnections == 1 })
        }
    }

    @Test("a TLS handshake that never completes is bounded by the request timeout")
    func handshakeTimeout() async throws {
        let server = try await TestServer.startSilent()
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            let error = await #expect(throws: HTTPClientError.self) {
                try await client.send(HTTPExchange.Request(.get, "/", timeout: .milliseconds(300)))
            }
            #expect(error?.code == .timeout)
            #expect(server.connections == 1)
            #expect(await server.wait { $0.closedConnections == 1 })
        }
    }

    @Test("cancelling during the TLS handshake throws cancelled and closes the connection")
    func cancelDuringHandshake() async throws {
        let server = try await TestServer.startSilent()
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            let task = Task { try await client.get("/") }
            // The ClientHello arrived: the client is waiting for the handshake.
            #expect(await server.wait { $0.applicationBytes > 0 })
            task.cancel()
            let result = await task.result
            #expect(throws: HTTPClientError(.cancelled, "")) { try result.get() }
            #expect(await server.wait { $0.closedConnections == 1 })
        }
    }

    @Test("a task cancelled before sending sends nothing")
    func cancelledBeforeSending() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await client.get("/never")
            }
            await #expect(throws: HTTPClientError(.cancelled, "")) { try await task.value }
            #expect(server.connections == 0)
        }
    }

    @Test("a pooled connection the server closed is replaced transparently")
    func staleConnectionRetried() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            _ = try await client.get("/1")
            // The server drops its side of the idle connection.
            await server.closeConnections()
            _ = await server.wait { $0.closedConnections == 1 }
            let response = try await client.get("/2")
            #expect(response.statusCode == 200)
            #expect(server.connections == 2)
        }
    }

    @Test("a pooled connection that dies under an idempotent request is retried once on a fresh one")
    func retryIdempotent() async throws {
        // The server drops the second request on the first connection without answering.
        let server = try await TestServer.start { request in
            request.connection == 1 && request.uri == "/2" ? .close : .text("ok \(request.uri)")
        }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            _ = try await client.get("/1")
            let response = try await client.get("/2")
            #expect(response.text == "ok /2")
            #expect(server.connections == 2)
            #expect(server.requests.map(\.connection) == [1, 1, 2])
        }
    }

    @Test("a POST on a pooled connection that dies is not repeated: it may have reached the server")
    func noRetryForPost() async throws {
        let server = try await TestServer.start { request in
            request.connection == 1 && request.uri == "/2" ? .close : .text("ok")
        }
        let client = try TestClients.make(for: server)
        try await TestClients.with(server, client) {
            _ = try await client.get("/1")
            await #expect(throws: HTTPClientError(.network, "")) {
                try await client.post("/2", body: .json(Data("{}".utf8)))
            }
            #expect(server.requests.count == 2)
            #expect(server.connections == 1)
        }
    }

    @Test("after shutdown, requests fail with shutdown")
    func shutdown() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let client = try TestClients.make(for: server)
        _ = try await client.get("/")
        await client.shutdown()
        #expect(await server.wait { $0.closedConnections == 1 })
        await #expect(throws: HTTPClientError(.shutdown, "")) { try await client.get("/") }
        await server.stop()
    }
}

import Foundation
import OperationsSync
import PowerAuth
import QRAuthTestSupport
import Testing

@Suite("Faults over real TLS loopback: typed errors, bounded in time", .timeLimit(.minutes(1)))
struct FaultTests {
    static func client(
        for server: TestServer, timeout: Duration = LoopbackLimits.requestTimeout, maxSize: Int = 1 << 20
    ) throws
        -> (MobileTokenClient, NIOHTTPClient)
    {
        let pair = try ActivationFactory.create(password: "1234", biometry: false)
        let http = try TestClients.make(for: server) {
            $0.requestTimeout = timeout
            $0.maxResponseSize = maxSize
            $0.signer = PowerAuthRequestSigner(store: InMemoryActivationStore(pair.device))
        }
        return (MobileTokenClient(httpClient: http), http)
    }

    @Test(
        "answers map to typed errors by the envelope precedence",
        arguments: [
            (200, "{\"status\":\"OK\",\"respon", MobileTokenError.Code.invalidResponse),
            (200, "<html>garbage</html>", .invalidResponse),
            (200, "{\"status\":\"MAYBE\"}", .invalidResponse),
            (200, "{\"status\":\"OK\"}", .invalidResponse),
            (500, "Internal Server Error", .statusCode),
            (
                500, "{\"status\":\"ERROR\",\"responseObject\":{\"code\":\"ERROR_GENERIC\",\"message\":\"boom\"}}",
                .server
            ),
            (
                401, "{\"status\":\"ERROR\",\"responseObject\":{\"code\":\"POWERAUTH_AUTH_FAIL\",\"message\":\"x\"}}",
                .authenticationFailed
            ),
            (
                200, "{\"status\":\"ERROR\",\"responseObject\":{\"code\":\"OPERATION_EXPIRED\",\"message\":\"x\"}}",
                .expired
            ),
            (
                409,
                "{\"status\":\"ERROR\",\"responseObject\":{\"code\":\"REMOTE_COMMUNICATION_ERROR\",\"message\":\"x\"}}",
                .server
            ),
        ])
    func envelopes(status: Int, body: String, expected: MobileTokenError.Code) async throws {
        let server = try await TestServer.start(tls: true) { _ in ServerReply(status: status, body: Array(body.utf8)) }
        let (client, http) = try Self.client(for: server)
        try await TestClients.with(server, http) {
            await #expect(throws: MobileTokenError(expected, "")) { _ = try await client.operations() }
        }
    }

    @Test("server down, timeout, oversized body, truncated connection")
    func transport() async throws {
        let pair = try ActivationFactory.create(password: "1234", biometry: false)
        var configuration = HTTPClientConfiguration(
            baseURL: URL(string: "https://127.0.0.1:\(LoopbackLimits.refusedPort)"))
        configuration.signer = PowerAuthRequestSigner(store: InMemoryActivationStore(pair.device))
        let downClient = MobileTokenClient(httpClient: NIOHTTPClient(configuration: configuration))
        await #expect(throws: MobileTokenError(.network, "")) { _ = try await downClient.operations() }

        let silent = try await TestServer.start(tls: true) { _ in ServerReply(action: .never) }
        let (slow, slowHTTP) = try Self.client(for: silent, timeout: .milliseconds(300))
        try await TestClients.with(silent, slowHTTP) {
            let started = ContinuousClock.now
            await #expect(throws: MobileTokenError(.timeout, "")) { _ = try await slow.operations() }
            // The server never answers: only the 300 ms timeout can end this before the suite's time limit.
            #expect(ContinuousClock.now - started < .seconds(20))
        }

        let big = try await TestServer.start(tls: true) { _ in ServerReply(body: Array(repeating: 0x20, count: 300_000))
        }
        let (bigClient, bigHTTP) = try Self.client(for: big, maxSize: 100_000)
        try await TestClients.with(big, bigHTTP) {
            await #expect(throws: MobileTokenError(.responseTooLarge, "")) { _ = try await bigClient.operations() }
        }

        let closing = try await TestServer.start(tls: true) { _ in ServerReply(action: .close) }
        let (closingClient, closingHTTP) = try Self.client(for: closing)
        try await TestClients.with(closing, closingHTTP) {
            await #expect(throws: MobileTokenError(.network, "")) { _ = try await closingClient.operations() }
        }
    }
}

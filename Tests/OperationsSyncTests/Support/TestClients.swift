import Foundation
import Logging
import OperationsSync
import QRAuthTestSupport

/// Clients pointed at a test server: plain servers get `allowInsecureHTTP`, TLS servers trust the test CA.
enum TestClients {
    static func make(
        for server: TestServer, logger: Logger? = nil,
        configure: (inout HTTPClientConfiguration) throws -> Void = { _ in }
    ) throws -> NIOHTTPClient {
        var configuration = HTTPClientConfiguration(baseURL: server.baseURL)
        // Generous (`LoopbackLimits`): the whole suite runs in parallel on 2 shared cores, where a loopback exchange
        // has taken over 60 s. Tests about timeouts set their own in `configure`.
        configuration.requestTimeout = LoopbackLimits.requestTimeout
        configuration.allowInsecureHTTP = !server.usesTLS
        if server.usesTLS {
            configuration.tls = .customCA(pemBundle: try TestCertificates.caPEM())
        }
        try configure(&configuration)
        return NIOHTTPClient(configuration: configuration, logger: logger)
    }

    @discardableResult
    /// Runs the body, then shuts the client and the server down, whatever happened.
    static func with<Result>(
        _ server: TestServer, _ client: NIOHTTPClient, _ body: () async throws -> Result
    ) async throws -> Result {
        do {
            let result = try await body()
            await client.shutdown()
            await server.stop()
            return result
        } catch {
            await client.shutdown()
            await server.stop()
            throw error
        }
    }
}

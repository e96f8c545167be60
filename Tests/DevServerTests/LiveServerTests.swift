import DevServer
import Foundation
import Logging
import OperationsSync
import PowerAuth
import QRAuthCrypto
import Testing

@Suite("Real loopback server")
struct LiveServerTests {
    /// Reports the bound port once the server listens.
    final class PortBox: @unchecked Sendable {
        // @unchecked Sendable: `port` is only touched while `lock` is held.
        private let lock = NSLock()
        private var port = 0

        func set(_ value: Int) {
            lock.lock()
            port = value
            lock.unlock()
        }

        var current: Int {
            lock.withLock { port }
        }

        func wait() async throws -> Int {
            for _ in 0..<500 {
                let value = current
                if value != 0 { return value }
                try await Task.sleep(for: .milliseconds(10))
            }
            throw DevServerError(.startup, "the server did not start")
        }
    }

    @Test("TLS with a self-signed test CA: a token-signed list call over HTTPS")
    func tlsListCall() async throws {
        let pair = try ActivationFactory.create(password: "1234", biometry: false)
        let identity = try SelfSignedIdentity.make(host: "127.0.0.1")
        let server = DevServer(state: DevServerState(activations: [pair.server]))
        let application = DevServerApplication(
            server: server, host: "127.0.0.1", port: 0,
            transport: .tls(certificateChainPEM: identity.certificateChainPEM, privateKeyPEM: identity.privateKeyPEM),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let box = PortBox()
        let task = Task { try await application.run(handleSignals: false) { box.set($0) } }
        defer { task.cancel() }
        let port = try await box.wait()
        #expect(application.url(port: port) == "https://127.0.0.1:\(port)")

        var configuration = HTTPClientConfiguration(baseURL: URL(string: "https://127.0.0.1:\(port)"))
        configuration.tls = .customCA(pemBundle: identity.authorityPEM)
        let client = NIOHTTPClient(configuration: configuration)
        let token = try #require(pair.device.token)
        let header = TokenDigest.header(
            tokenId: token.id, tokenSecret: token.secret, timestampMillis: Int64(Date().timeIntervalSince1970 * 1000))
        let response = try await client.post(
            DevServer.Route.list, body: .json(Data("{}".utf8)),
            headers: [TokenHeader.name: header.value])
        #expect(response.statusCode == 200)
        #expect(response.text.hasPrefix(#"{"currentTimestamp":""#))
        #expect(response.text.hasSuffix(#"","responseObject":[],"status":"OK"}"#))
        let unsigned = try await client.post(
            DevServer.Route.list, body: .json(Data("{}".utf8)))
        #expect(unsigned.statusCode == 401)
        await client.shutdown()
    }
}

@Suite("Real loopback server: the back office on its own port")
struct BackOfficeListenerTests {
    @Test("--backoffice-port: /rest answers only on the second port, which answers nothing else")
    func ownPort() async throws {
        let pair = try ActivationFactory.create(password: "1234", biometry: false)
        let server = DevServer(
            state: DevServerState(activations: [pair.server]),
            backOffice: BackOfficeConfiguration(separateListener: true))
        let application = DevServerApplication(
            server: server, host: "127.0.0.1", port: 0, transport: .http, backOfficePort: 0,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let main = LiveServerTests.PortBox()
        let office = LiveServerTests.PortBox()
        let task = Task {
            try await application.run(
                handleSignals: false,
                onListeningPorts: { ports in
                    office.set(ports.backOffice ?? -1)
                    main.set(ports.main)
                })
        }
        defer { task.cancel() }
        let mainPort = try await main.wait()
        let officePort = try await office.wait()
        #expect(officePort > 0 && officePort != mainPort)
        func post(_ port: Int, _ path: String) async throws -> Int {
            var configuration = HTTPClientConfiguration(baseURL: URL(string: "http://127.0.0.1:\(port)"))
            configuration.allowInsecureHTTP = true
            let client = NIOHTTPClient(configuration: configuration)
            let response = try await client.post(path, body: .json(Data("{}".utf8)))
            await client.shutdown()
            return response.statusCode
        }
        #expect(try await post(officePort, "/rest/v3/operation/template/list") == 200)
        #expect(try await post(mainPort, "/rest/v3/operation/template/list") == 404)
        #expect(try await post(officePort, DevServer.Route.list) == 404)
        #expect(try await post(mainPort, DevServer.Route.list) == 401)
    }
}

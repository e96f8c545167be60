import DevServer
import Foundation
import Glibc
import HTTPTypes
import Logging
import MobileTokenAPI
import OperationsSync
import PowerAuth
import QRAuthCrypto
import QRAuthTestSupport
import Synchronization
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

        /// Waits (the task sleeps between checks) for the port; a server not listening after
        /// `LoopbackLimits.serverStart` is taken for a hang (a start has taken over 60 s on 2 loaded cores).
        func wait() async throws -> Int {
            let clock = ContinuousClock()
            let deadline = clock.now + LoopbackLimits.serverStart
            while clock.now < deadline {
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
        configuration.requestTimeout = LoopbackLimits.requestTimeout
        configuration.tls = .customCA(pemBundle: identity.authorityPEM)
        let client = NIOHTTPClient(configuration: configuration)
        let token = try #require(pair.device.token)
        let header = TokenDigest.header(
            tokenId: token.id, tokenSecret: token.secret, timestampMillis: Int64(Date().timeIntervalSince1970 * 1000))
        let response = try await client.post(
            EndpointPaths.MobileToken.operationList, body: .json(Data("{}".utf8)),
            headers: [.powerAuthToken: header.value])
        #expect(response.statusCode == 200)
        #expect(response.text.hasPrefix(#"{"currentTimestamp":""#))
        #expect(response.text.hasSuffix(#"","responseObject":[],"status":"OK"}"#))
        let unsigned = try await client.post(
            EndpointPaths.MobileToken.operationList, body: .json(Data("{}".utf8)))
        #expect(unsigned.statusCode == 401)
        await client.shutdown()
    }

    /// Sends `text` on a fresh loopback connection and returns what the server answers before it closes
    /// the connection (a 30 s receive timeout guards against a hang).
    /// Sends `text` on a new loopback connection and reads until the server closes it (at most 30 s of silence).
    /// The blocking socket calls run on a thread of their own, not on the cooperative pool the server needs.
    static func exchange(port: Int, sending text: String) async throws -> String {
        let outcome = Mutex<Result<String, ExchangeFailure>>(.failure(ExchangeFailure(step: "start")))
        await OwnThreads.run(1) { _ in
            let result = blockingExchange(port: port, bytes: Array(text.utf8))
            outcome.withLock { $0 = result }
        }
        return try outcome.withLock { $0 }.get()
    }

    struct ExchangeFailure: Error, CustomStringConvertible {
        let step: String
        let code = errno
        var description: String { "loopback exchange failed at \(step): errno \(code)" }
    }

    private static func blockingExchange(port: Int, bytes: [UInt8]) -> Result<String, ExchangeFailure> {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return .failure(ExchangeFailure(step: "socket")) }
        defer { close(socket) }
        var guardTime = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &guardTime, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return .failure(ExchangeFailure(step: "connect")) }
        guard send(socket, bytes, bytes.count, 0) == bytes.count else { return .failure(ExchangeFailure(step: "send")) }
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &chunk, chunk.count, 0)
            if count <= 0 { break }
            answer += chunk[0..<count]
        }
        return .success(String(decoding: answer, as: UTF8.self))
    }

    @Test("A body that trickles in past the body timeout gets 408 and the connection closes")
    func slowBodyTimesOut() async throws {
        let server = DevServer(state: DevServerState(activations: []))
        let application = DevServerApplication(
            server: server, host: "127.0.0.1", port: 0, transport: .http,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, bodyTimeout: .seconds(1))
        let box = PortBox()
        let task = Task { try await application.run(handleSignals: false) { box.set($0) } }
        defer { task.cancel() }
        let port = try await box.wait()
        // The head is complete; 3 of the 100 announced body bytes follow, the rest never does.
        let answer = try await Self.exchange(
            port: port,
            sending:
                "POST \(EndpointPaths.MobileToken.operationList) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: 100\r\n\r\n{\"a")
        #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer)")
        #expect(answer.contains("the request body did not arrive in time"))
        // A complete body on time is still served (401: the list call needs a token).
        let normal = try await Self.exchange(
            port: port,
            sending:
                "POST \(EndpointPaths.MobileToken.operationList) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n"
                + "Connection: close\r\n\r\n{}")
        #expect(normal.hasPrefix("HTTP/1.1 401"), "\(normal)")
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
            configuration.requestTimeout = LoopbackLimits.requestTimeout
            configuration.allowInsecureHTTP = true
            let client = NIOHTTPClient(configuration: configuration)
            let response = try await client.post(path, body: .json(Data("{}".utf8)))
            await client.shutdown()
            return response.statusCode
        }
        #expect(try await post(officePort, "/rest/v3/operation/template/list") == 200)
        #expect(try await post(mainPort, "/rest/v3/operation/template/list") == 404)
        #expect(try await post(officePort, EndpointPaths.MobileToken.operationList) == 404)
        #expect(try await post(mainPort, EndpointPaths.MobileToken.operationList) == 401)
    }
}

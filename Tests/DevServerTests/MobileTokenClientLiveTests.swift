import DevServer
import Foundation
import Logging
import MobileTokenAPI
import OfflineOperations
import OperationsSync
import PowerAuth
import QRAuthCrypto
import QRAuthTestSupport
import Testing

/// The library's Mobile Token client against the real DevServer over HTTPS on a random loopback port.
@Suite("MobileTokenClient ↔ DevServer over HTTPS", .timeLimit(.minutes(2)))
struct MobileTokenClientLiveTests {
    static let data = "A1*A100CZK*Q238400856/0300**D20190629*NUtility"

    /// Creates a pending operation through the admin API, in process.
    static func createOperation(_ server: DevServer) async throws -> String {
        let response = await server.respond(
            to: TestRequest(
                method: "POST", path: "/admin/operations", headers: [:],
                body: Data(#"{"name":"authorize_payment","data":"\#(data)","title":"Pay"}"#.utf8)))
        try #require(response.status == 200)
        let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let operation = try #require((object["responseObject"] as? [String: Any])?["operation"] as? [String: Any])
        return try #require(operation["id"] as? String)
    }

    @Test("list → approve → gone; claim; reject; history; wrong password; 20 parallel signed requests")
    func lifecycleAgainstDevServer() async throws {
        let pair = try ActivationFactory.create(password: "1234", biometry: true)
        let identity = try SelfSignedIdentity.make(host: "127.0.0.1")
        let server = DevServer(state: DevServerState(activations: [pair.server]), adminEnabled: true)
        var ids: [String] = []
        for _ in 0..<3 { ids.append(try await Self.createOperation(server)) }
        let application = DevServerApplication(
            server: server, host: "127.0.0.1", port: 0,
            transport: .tls(certificateChainPEM: identity.certificateChainPEM, privateKeyPEM: identity.privateKeyPEM),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let box = LiveServerTests.PortBox()
        let task = Task { try await application.run(handleSignals: false) { box.set($0) } }
        defer { task.cancel() }
        let port = try await box.wait()

        var configuration = HTTPClientConfiguration(baseURL: URL(string: "https://127.0.0.1:\(port)"))
        configuration.requestTimeout = LoopbackLimits.requestTimeout
        configuration.tls = .customCA(pemBundle: identity.authorityPEM)
        let store = InMemoryActivationStore(pair.device)
        configuration.signer = PowerAuthRequestSigner(store: store)
        let http = NIOHTTPClient(configuration: configuration)
        let client = MobileTokenClient(httpClient: http)

        let pending = try await client.operations()
        #expect(Set(pending.map(\.id)) == Set(ids))
        let first = try #require(pending.first { $0.id == ids[0] })
        try await client.authorize(first, authentication: .password("1234"))
        #expect(try await client.operations().map(\.id).contains(ids[0]) == false)
        #expect(try await client.claim(id: ids[1]).id == ids[1])
        try await client.reject(id: ids[1], reason: .incorrectData)
        let third = try #require(pending.first { $0.id == ids[2] })
        await #expect(throws: MobileTokenError(.authenticationFailed, "")) {
            try await client.authorize(third, authentication: .password("9999"))
        }
        await #expect(throws: MobileTokenError(.alreadyFinished, "")) {
            try await client.authorize(first, authentication: .password("1234"))
        }
        let history = try await client.history(authentication: .password("1234"))
        #expect(Set(history.map(\.id)).isSuperset(of: [ids[0], ids[1]]))

        // 20 parallel signed requests: serialSigned keeps the counters in order, every one verifies.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 { group.addTask { _ = try await client.history(authentication: .password("1234")) } }
            try await group.waitForAll()
        }
        await http.shutdown()
    }
}

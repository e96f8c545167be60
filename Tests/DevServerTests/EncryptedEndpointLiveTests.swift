import DevServer
import Foundation
import HTTPTypes
import Logging
import OfflineOperations
import OperationsSync
import PowerAuth
import QRAuthTestSupport
import Testing

/// Endpoints with end-to-end encryption (issue 12, "your own encrypted endpoints"): every kind (basic, signed,
/// token-signed) × scope (application, activation) through `MobileTokenClient` and `PowerAuthEncryptor` against the
/// encrypted echo of a real DevServer over HTTPS, the device activated with `EnrollmentClient`.
@Suite("Encrypted custom endpoints ↔ DevServer over HTTPS", .timeLimit(.minutes(3)))
struct EncryptedEndpointLiveTests {
    /// What is sent and echoed.
    struct Greeting: Codable, Sendable, Equatable {
        let message: String
        let count: Int
    }

    /// Records what the HTTP client's observer sees.
    final class Observer: HTTPResponseObserver, @unchecked Sendable {
        // @unchecked Sendable: `state` is only touched while `lock` is held.
        struct Raw: Sendable {
            let path: String
            let requestBody: Data
            let requestHeaders: HTTPFields
            let responseBody: Data
        }
        private let lock = NSLock()
        private var state: ([Raw], [DecryptedExchange]) = ([], [])

        func observe(_ response: HTTPExchange.Response, for request: HTTPExchange.Request) {
            lock.withLock {
                state.0.append(
                    Raw(
                        path: request.url?.path ?? "", requestBody: request.body,
                        requestHeaders: request.head.headerFields,
                        responseBody: response.body))
            }
        }

        func observeDecrypted(_ exchange: DecryptedExchange) {
            lock.withLock { state.1.append(exchange) }
        }

        var raw: [Raw] { lock.withLock { state.0 } }
        var decrypted: [DecryptedExchange] { lock.withLock { state.1 } }
    }

    /// Changes the answers of the encrypted echo: a flipped MAC byte, or the body of an earlier answer (replay).
    final class Tamperer: HTTPResponseInterceptor, @unchecked Sendable {
        // @unchecked Sendable: `state` is only touched while `lock` is held.
        enum Mode: Sendable { case none, flipMAC, replayPrevious }
        private let lock = NSLock()
        private var state: (Mode, Data?) = (.none, nil)

        func set(_ mode: Mode) { lock.withLock { state.0 = mode } }

        func intercept(_ response: inout HTTPExchange.Response, for request: HTTPExchange.Request) async throws {
            guard request.url?.path.hasPrefix("/custom/echo/") == true, response.statusCode == 200 else { return }
            let body = response.body
            let (mode, previous) = lock.withLock {
                defer { state.1 = body }
                return state
            }
            switch mode {
            case .none:
                return
            case .replayPrevious:
                if let previous { response.body = previous }
            case .flipMAC:
                var object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
                let text = try #require(object["mac"] as? String)
                var mac = try #require(Data(base64Encoded: text))
                mac[mac.startIndex] ^= 0x01
                object["mac"] = mac.base64EncodedString()
                response.body = try JSONSerialization.data(withJSONObject: object)
            }
        }
    }

    /// A running DevServer with one committed activation, and the device side's clients.
    struct Setup {
        let server: DevServer
        let task: Task<Void, any Error>
        let http: NIOHTTPClient
        let store: InMemoryActivationStore
        let observer = Observer()
        let tamperer = Tamperer()
        let client: MobileTokenClient

        init(
            version: ProtocolVersion, encryptor: Bool = true, dropMasterKey: Bool = false,
            wrap: (NIOHTTPClient) -> any HTTPClient = { $0 }
        ) async throws {
            var state = DevServerState()
            try state.prepareApplication(path: nil)
            server = DevServer(state: state, adminEnabled: true)
            let application = try #require(server.state.applications.first)
            let appVersion = try #require(application.currentVersion)
            let activation = try server.activations.initActivation(.init(userId: "alice"))
            let code = try #require(activation.registration).activationCode

            let identity = try SelfSignedIdentity.make(host: "127.0.0.1")
            let listener = DevServerApplication(
                server: server, host: "127.0.0.1", port: 0,
                transport: .tls(
                    certificateChainPEM: identity.certificateChainPEM, privateKeyPEM: identity.privateKeyPEM),
                logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
            let box = LiveServerTests.PortBox()
            task = Task { try await listener.run(handleSignals: false) { box.set($0) } }
            let port = try await box.wait()

            var configuration = HTTPClientConfiguration(baseURL: URL(string: "https://127.0.0.1:\(port)"))
            configuration.requestTimeout = LoopbackLimits.requestTimeout
            configuration.tls = .customCA(pemBundle: identity.authorityPEM)
            let plain = NIOHTTPClient(configuration: configuration)
            let completed = try await EnrollmentClient(httpClient: plain).activate(
                code: code,
                request: .init(
                    application: .init(
                        applicationKey: appVersion.applicationKey, applicationSecret: appVersion.applicationSecret,
                        masterServerPublicKey: application.masterPublicKey),
                    version: version),
                password: "1234")
            await plain.shutdown()
            _ = try server.activations.commitActivation(activation.activationId, activationOtp: nil)
            var device = completed.device
            if dropMasterKey { device.masterServerPublicKey = nil }
            store = InMemoryActivationStore(device)

            configuration.signer = PowerAuthRequestSigner(store: store)
            configuration.responseObserver = observer
            configuration.responseInterceptors = [tamperer]
            http = NIOHTTPClient(configuration: configuration)
            let enrollment = EnrollmentClient(httpClient: http)
            // The possession_universal token up front, so the calls below count only their own exchanges.
            try await enrollment.createToken(store)
            client = MobileTokenClient(
                httpClient: wrap(http),
                configuration: MobileTokenConfiguration(
                    tokenProvisioner: EnrollmentTokenProvisioner(enrollment: enrollment, store: store),
                    encryptor: encryptor ? PowerAuthEncryptor(enrollment: enrollment, store: store) : nil))
        }

        func stop() async {
            await http.shutdown()
            task.cancel()
        }

        /// The echo endpoint of a kind and scope.
        static func endpoint(_ kind: String, _ scope: Endpoint.Encryption) -> Endpoint {
            let path = scope == .applicationScope ? "/custom/echo/application" : "/custom/echo/activation"
            return switch kind {
            case "signed":
                Endpoint(.post, path, kind: .signed(uriId: path, factor: .possessionKnowledge), encryption: scope)
            case "token":
                Endpoint(.post, path, kind: .tokenSigned(tokenName: "possession_universal"), encryption: scope)
            default:
                Endpoint(.post, path, encryption: scope)
            }
        }
    }

    static let kinds = ["basic", "signed", "token"]

    @Test(
        "every kind × scope round-trips encrypted; the observer sees the wire bodies and the plaintext",
        arguments: [ProtocolVersion.v30, .v31, .v32, .v33])
    func roundTrips(version: ProtocolVersion) async throws {
        let setup = try await Setup(version: version)
        defer { Task { await setup.stop() } }
        var expectedRaw = 0
        for kind in Self.kinds {
            for scope in Endpoint.Encryption.allCases {
                let endpoint = Setup.endpoint(kind, scope)
                let sent = Greeting(message: "\(kind) \(scope.rawValue) \(version.rawValue) é✓", count: 42)
                let counterBefore = try setup.store.load().counter
                let answer = try await setup.client.send(
                    endpoint, requestObject: sent, expecting: Greeting.self, authentication: .password("1234"))
                #expect(answer == sent, "\(kind) \(scope)")
                // A signed call spends one counter; the others none.
                #expect(try setup.store.load().counter - counterBefore == (kind == "signed" ? 1 : 0))

                // The observer saw the exchange encrypted on the wire ...
                let raw = setup.observer.raw.filter { $0.path.hasPrefix("/custom/echo/") }
                expectedRaw += 1
                let last = try #require(raw.last)
                #expect(raw.count == expectedRaw)
                let wireRequest = try #require(
                    try JSONSerialization.jsonObject(with: last.requestBody) as? [String: Any])
                #expect(wireRequest["mac"] is String && wireRequest["ephemeralPublicKey"] is String)
                #expect((wireRequest["temporaryKeyId"] != nil) == (version == .v33))
                #expect(
                    !last.requestBody.contains(Data("message".utf8))
                        && !last.responseBody.contains(Data("message".utf8)))
                let wireResponse = try #require(
                    try JSONSerialization.jsonObject(with: last.responseBody) as? [String: Any])
                #expect(wireResponse["encryptedData"] is String && wireResponse["mac"] is String)
                // ... with the encryption header unless signed (the server reads the signature header then).
                let encryptionHeader = last.requestHeaders[values: .powerAuthEncryption].first
                #expect((encryptionHeader == nil) == (kind == "signed"), "\(kind) \(scope)")
                if let encryptionHeader {
                    #expect(encryptionHeader.contains("version=\"\(version.rawValue)\""))
                    #expect(encryptionHeader.contains("activation_id") == (scope == .activationScope))
                }
                #expect(last.requestHeaders.contains(.powerAuthAuthorization) == (kind == "signed"))
                #expect(last.requestHeaders.contains(.powerAuthToken) == (kind == "token"))

                // ... and decrypted.
                let decrypted = try #require(setup.observer.decrypted.last)
                #expect(setup.observer.decrypted.count == expectedRaw)
                #expect(decrypted.endpoint == endpoint)
                #expect(decrypted.response.body == last.responseBody)
                #expect(try JSONDecoder().decode(Greeting.self, from: decrypted.requestPlaintext) == sent)
                #expect(try JSONDecoder().decode(Greeting.self, from: decrypted.responsePlaintext) == sent)
            }
        }
    }

    @Test(
        "a bad MAC or a replayed answer is mtoken.response_rejected; the next call works",
        arguments: [ProtocolVersion.v32, .v33])
    func tamperedAnswers(version: ProtocolVersion) async throws {
        let setup = try await Setup(version: version)
        defer { Task { await setup.stop() } }
        let greeting = Greeting(message: "hi", count: 1)
        for kind in Self.kinds {
            for scope in Endpoint.Encryption.allCases {
                let endpoint = Setup.endpoint(kind, scope)
                for mode in [Tamperer.Mode.flipMAC, .replayPrevious] {
                    setup.tamperer.set(mode)
                    let decryptedBefore = setup.observer.decrypted.count
                    await #expect(throws: MobileTokenError(.responseRejected, "")) {
                        _ = try await setup.client.send(
                            endpoint, requestObject: greeting, expecting: Greeting.self,
                            authentication: .password("1234"))
                    }
                    #expect(setup.observer.decrypted.count == decryptedBefore, "nothing decrypted: \(kind) \(scope)")
                }
                setup.tamperer.set(.none)
                #expect(
                    try await setup.client.send(
                        endpoint, requestObject: greeting, expecting: Greeting.self, authentication: .password("1234"))
                        == greeting)
            }
        }
    }

    @Test("no encryptor, or no master key for application scope: encryption_unavailable and nothing sent")
    func unavailable() async throws {
        for version in [ProtocolVersion.v32, .v33] {
            let bare = try await Setup(version: version, encryptor: false)
            await #expect(throws: MobileTokenError(.encryptionUnavailable, "")) {
                _ = try await bare.client.send(
                    Setup.endpoint("basic", .activationScope), requestObject: Greeting(message: "x", count: 0),
                    expecting: Greeting.self)
            }
            #expect(!bare.observer.raw.contains { $0.path.hasPrefix("/custom/echo/") })
            await bare.stop()

            let noMaster = try await Setup(version: version, dropMasterKey: true)
            let counter = try noMaster.store.load().counter
            let sentBefore = noMaster.observer.raw.count
            await #expect(throws: MobileTokenError(.encryptionUnavailable, "")) {
                _ = try await noMaster.client.send(
                    Setup.endpoint("signed", .applicationScope), requestObject: Greeting(message: "x", count: 0),
                    expecting: Greeting.self, authentication: .password("1234"))
            }
            #expect(noMaster.observer.raw.count == sentBefore, "not even a temporary key was fetched")
            #expect(!noMaster.observer.raw.contains { $0.path.hasPrefix("/custom/echo/") })
            #expect(try noMaster.store.load().counter == counter, "no counter spent")
            // Activation scope needs no master key.
            #expect(
                try await noMaster.client.send(
                    Setup.endpoint("basic", .activationScope), requestObject: Greeting(message: "y", count: 1),
                    expecting: Greeting.self) == Greeting(message: "y", count: 1))
            await noMaster.stop()
        }
    }

    /// Answers the first request to an encrypted echo with `ERR_ENCRYPTION` without sending it (what a server
    /// says when it no longer knows a 3.3 temporary key); forwards everything else.
    final class RefusingOnce: HTTPClient, @unchecked Sendable {
        // @unchecked Sendable: `refused` is only touched while `lock` is held.
        let inner: NIOHTTPClient
        private let lock = NSLock()
        private var refused = false

        init(_ inner: NIOHTTPClient) { self.inner = inner }

        var responseObserver: (any HTTPResponseObserver)? { inner.responseObserver }

        func send(_ request: HTTPExchange.Request) async throws(HTTPClientError) -> HTTPExchange.Response {
            let refuse = lock.withLock {
                defer { refused = true }
                return !refused && !request.isAbsolute && request.head.path == "/custom/echo/activation"
            }
            guard refuse else { return try await inner.send(request) }
            return HTTPExchange.Response(
                url: URL(fileURLWithPath: "/custom/echo/activation"), statusCode: 400,
                body: Data(#"{"status":"ERROR","responseObject":{"code":"ERR_ENCRYPTION","message":"x"}}"#.utf8))
        }
    }

    @Test("ERR_ENCRYPTION: in 3.3 the temporary key is fetched anew and the call made once more; 3.2 reports it")
    func refusedEncryption() async throws {
        let modern = try await Setup(version: .v33, wrap: { RefusingOnce($0) })
        let greeting = Greeting(message: "again", count: 2)
        #expect(
            try await modern.client.send(
                Setup.endpoint("basic", .activationScope), requestObject: greeting, expecting: Greeting.self)
                == greeting)
        let keystore = modern.observer.raw.filter { $0.path == "/pa/v3/keystore/create" }
        // One key for token creation (activation scope, cached), one fetched anew after the refusal.
        #expect(keystore.count == 2)
        await modern.stop()

        let older = try await Setup(version: .v32, wrap: { RefusingOnce($0) })
        do {
            _ = try await older.client.send(
                Setup.endpoint("basic", .activationScope), requestObject: greeting, expecting: Greeting.self)
            Issue.record("3.2 retried a refused encryption")
        } catch {
            #expect(error.serverCode == "ERR_ENCRYPTION" && error.httpStatus == 400)
        }
        await older.stop()
    }

    @Test(
        "a wrong password or a token the server does not know: the server's refusal (authentication failed)",
        arguments: Endpoint.Encryption.allCases)
    func refusedAuthentication(scope: Endpoint.Encryption) async throws {
        let setup = try await Setup(version: .v33)
        defer { Task { await setup.stop() } }
        let greeting = Greeting(message: "x", count: 0)
        do {
            _ = try await setup.client.send(
                Setup.endpoint("signed", scope), requestObject: greeting, expecting: Greeting.self,
                authentication: .password("9999"))
            Issue.record("a wrong password was accepted")
        } catch {
            #expect(error.code == .authenticationFailed)
            #expect(error.httpStatus == 401)
            #expect(error.serverCode == "ERR_AUTHENTICATION")
        }
        // A token with another secret: refused (the provisioner then replaces it once, and the retry passes).
        var device = try setup.store.load()
        let token = try #require(device.token)
        device.token = TokenCredential(id: token.id, secret: Data(repeating: 7, count: 16))
        try setup.store.save(device)
        let answer = try await setup.client.send(
            Setup.endpoint("token", scope), requestObject: greeting, expecting: Greeting.self)
        #expect(answer == greeting)
        let tokenCalls = setup.observer.raw.filter {
            $0.path.hasPrefix("/custom/echo/") && $0.requestHeaders.contains(.powerAuthToken)
        }
        #expect(tokenCalls.count == 2, "the refused call and its retry")
        #expect(try setup.store.load().token?.id != token.id, "a new token")
        #expect(setup.observer.decrypted.count == 1)
    }
}

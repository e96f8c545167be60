import Foundation
import HTTPTypes
import MobileTokenAPI
import OperationsSync
import PowerAuth
import Testing

@Suite("Client ↔ in-test Mobile Token server over HTTPS on a random loopback port", .timeLimit(.minutes(2)))
struct HTTPSEndToEndTests {
    struct Setup {
        let server: TestServer
        let logic: MobileTokenServerLogic
        let http: NIOHTTPClient
        let client: MobileTokenClient
        let store: InMemoryActivationStore
    }

    static func setup() async throws -> Setup {
        let pair = try ActivationFactory.create(password: "1234", biometry: true)
        let logic = MobileTokenServerLogic(activation: pair.server)
        let server = try await TestServer.start(tls: true) { request in
            let headers = HTTPFields(
                request.headers.compactMap { field in
                    HTTPField.Name(field.name).map { HTTPField(name: $0, value: field.value) }
                })
            let (status, body, _) = logic.handle(path: request.uri, body: Data(request.body), headers: headers)
            return ServerReply(status: status, headers: [("Content-Type", "application/json")], body: Array(body))
        }
        let store = InMemoryActivationStore(pair.device)
        let http = try TestClients.make(for: server) { $0.signer = PowerAuthRequestSigner(store: store) }
        return Setup(
            server: server, logic: logic, http: http, client: MobileTokenClient(httpClient: http), store: store)
    }

    @Test("list → approve → gone; claim; reject; history; a wrong password counts an attempt")
    func lifecycle() async throws {
        let setup = try await Self.setup()
        try await TestClients.with(setup.server, setup.http) {
            setup.logic.add(id: "op-1")
            setup.logic.add(id: "op-2")
            setup.logic.add(id: "op-3")
            let pending = try await setup.client.operations()
            #expect(pending.map(\.id) == ["op-1", "op-2", "op-3"])
            try await setup.client.authorize(pending[0], authentication: .password("1234"))
            #expect(try await setup.client.operations().map(\.id) == ["op-2", "op-3"])
            #expect(try await setup.client.claim(id: "op-2").id == "op-2")
            try await setup.client.reject(pending[1], reason: .incorrectData)
            #expect(try await setup.client.history(authentication: .password("1234")).isEmpty)
            await #expect(throws: MobileTokenError(.authenticationFailed, "")) {
                try await setup.client.authorize(pending[2], authentication: .password("9999"))
            }
            #expect(setup.logic.state.activation.counters.failedAttempts == 1)
            await #expect(throws: MobileTokenError(.alreadyFinished, "")) {
                try await setup.client.authorize(pending[0], authentication: .password("1234"))
            }
            #expect(setup.logic.state.activation.counters.counter == 3)
            #expect(try setup.store.load().counter == 5)
        }
    }

    @Test("a replayed token header is refused")
    func replayedToken() async throws {
        let setup = try await Self.setup()
        try await TestClients.with(setup.server, setup.http) {
            let device = try setup.store.load()
            let token = try #require(device.token)
            let header = TokenDigest.header(
                tokenId: token.id, tokenSecret: token.secret,
                timestampMillis: Int64(Date().timeIntervalSince1970 * 1000))
            let plain = try TestClients.make(for: setup.server)
            let first = try await plain.post(
                "/api/auth/token/app/operation/list", body: .json(Data("{}".utf8)),
                headers: [.powerAuthToken: header.value])
            let replay = try await plain.post(
                "/api/auth/token/app/operation/list", body: .json(Data("{}".utf8)),
                headers: [.powerAuthToken: header.value])
            await plain.shutdown()
            #expect(first.statusCode == 200)
            #expect(replay.statusCode == 401)
            #expect(replay.text.contains("POWERAUTH_AUTH_FAIL"))
        }
    }

    @Test("20 parallel signed requests all verify in counter order with serialSigned")
    func parallelSigned() async throws {
        let setup = try await Self.setup()
        try await TestClients.with(setup.server, setup.http) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<20 { group.addTask { _ = try await setup.client.history(authentication: .biometry) } }
                try await group.waitForAll()
            }
            #expect(setup.logic.state.activation.counters.counter == 20)
            #expect(setup.logic.state.activation.counters.failedAttempts == 0)
            #expect(try setup.store.load().counter == 20)
        }
    }
}

import Foundation
import HTTPTypes
import MobileTokenAPI
import OfflineOperations
import OperationsSync
import PowerAuth
import QRAuthEncoding
import Testing

@Suite("MobileTokenClient against an in-test Mobile Token server with real PowerAuth checks", .timeLimit(.minutes(2)))
struct MobileTokenClientTests {
    struct Setup {
        let server: FakeMobileTokenServer
        let store: InMemoryActivationStore
        let client: MobileTokenClient
    }

    static func setup(
        serialization: RequestSerialization = .serialSigned, jitterMicros: Int = 0, lookAhead: Int = 20,
        holdsFirstSignedRequest: Bool = false
    ) throws -> Setup {
        let pair = try ActivationFactory.create(password: "1234", biometry: true, lookAhead: lookAhead)
        let store = InMemoryActivationStore(pair.device)
        let signer = PowerAuthRequestSigner(store: store)
        let server = FakeMobileTokenServer(
            activation: pair.server, signer: signer, jitterMicros: jitterMicros,
            holdsFirstSignedRequest: holdsFirstSignedRequest)
        let client = MobileTokenClient(
            httpClient: server, configuration: MobileTokenConfiguration(language: "cs", serialization: serialization))
        return Setup(server: server, store: store, client: client)
    }

    @Test("list → approve → gone; unknown JSON fields are kept in raw")
    func listApproveGone() async throws {
        let setup = try Self.setup()
        await setup.server.add(id: "op-1")
        await setup.server.add(id: "op-2")
        let operations = try await setup.client.operations()
        #expect(operations.map(\.id) == ["op-1", "op-2"])
        #expect(operations[0].raw?["futureField"]?["x"] == .integer(1))
        try await setup.client.authorize(operations[0], authentication: .password("1234"))
        #expect(try await setup.client.operations().map(\.id) == ["op-2"])
        let exchanges = await setup.server.exchanges
        let authorize = try #require(exchanges.first { $0.path.hasSuffix("/authorize") })
        #expect(
            authorize.headers["X-PowerAuth-Authorization"]?.contains("pa_signature_type=\"possession_knowledge\"")
                == true)
        #expect(authorize.headers["Accept-Language"] == "cs")
        #expect(exchanges[0].headers["X-PowerAuth-Token"]?.hasPrefix("PowerAuth version=\"3.3\", token_id=") == true)
        #expect(await setup.client.serverTimeOffset != nil)
    }

    @Test("the counter advance is saved before the request leaves")
    func counterPersisted() async throws {
        let setup = try Self.setup()
        await setup.server.add(id: "op-1")
        let before = try setup.store.load().counter
        try await setup.client.reject(id: "op-1", reason: .unexpectedOperation)
        #expect(try setup.store.load().counter == before + 1)
        #expect(await setup.server.pendingIds().isEmpty)
    }

    @Test("a wrong password gives POWERAUTH_AUTH_FAIL and counts a failed attempt")
    func wrongPassword() async throws {
        let setup = try Self.setup()
        await setup.server.add(id: "op-1")
        let operation = try #require(try await setup.client.operations().first)
        await #expect(throws: MobileTokenError(.authenticationFailed, "")) {
            try await setup.client.authorize(operation, authentication: .password("0000"))
        }
        #expect(await setup.server.activation.counters.failedAttempts == 1)
        #expect(await setup.server.failures["op-1"] == 1)
        do {
            try await setup.client.authorize(operation, authentication: .password("0000"))
        } catch {
            #expect(error.serverCode == "POWERAUTH_AUTH_FAIL")
            #expect(error.httpStatus == 401)
        }
    }

    @Test("detail and claim send {\"requestObject\":{\"id\"}} with the token header")
    func detailAndClaim() async throws {
        let setup = try Self.setup()
        await setup.server.add(id: "7e0ba60f-bf22-4ff5-b999-2733784e5eaa")
        let detail = try await setup.client.detail(id: "7e0ba60f-bf22-4ff5-b999-2733784e5eaa")
        let claimed = try await setup.client.claim(id: "7e0ba60f-bf22-4ff5-b999-2733784e5eaa")
        #expect(detail == claimed)
        let bodies = await setup.server.exchanges.map(\.body)
        for body in bodies {
            #expect(
                try OperationFixtures.sameJSON(body, OperationFixtures.data("constructed_detail_or_claim_request.json"))
            )
        }
        await #expect(throws: MobileTokenError(.invalidOperation, "")) {
            _ = try await setup.client.detail(id: "missing")
        }
    }

    @Test("request bodies match the samples: list, history, authorize (with and without proximity), reject")
    func requestBodies() async throws {
        let setup = try Self.setup()
        _ = try await setup.client.operations()
        _ = try await setup.client.history(authentication: .biometry)
        await setup.server.add(id: "95e51995-fa60-4018-bd87-43a58f098570", data: "RANDOMDATA")
        await setup.server.add(id: "47825519-35b8-469d-ad76-e42f85b9a31d", data: "A2")
        await setup.server.add(id: "9", data: "x")
        let local = UserOperation(id: "95e51995-fa60-4018-bd87-43a58f098570", data: "RANDOMDATA")
        try await setup.client.authorize(local, authentication: .password("1234"))
        let check = ProximityCheck(
            otp: "12345678", type: .qrCode, timestampReceived: Date(timeIntervalSince1970: 1_698_404_655.4),
            timestampSent: Date(timeIntervalSince1970: 1_698_404_670))
        try await setup.client.authorize(
            UserOperation(id: "47825519-35b8-469d-ad76-e42f85b9a31d", data: "A2"), authentication: .biometry,
            proximityCheck: check)
        try await setup.client.reject(id: "9", reason: "COMPLETELLY_CUSTOM_REJECT_REASON")
        let bodies = await setup.server.exchanges.map(\.body)
        #expect(
            try OperationFixtures.sameJSON(
                bodies[0], OperationFixtures.data("constructed_empty_request_list_or_history.json")))
        #expect(
            try OperationFixtures.sameJSON(
                bodies[1], OperationFixtures.data("server_doc_get_history_of_operations_request.json")))
        #expect(
            try OperationFixtures.sameJSON(bodies[2], OperationFixtures.data("ios_authorize_request_expected.json")))
        #expect(
            try OperationFixtures.sameJSON(
                bodies[3], OperationFixtures.data("constructed_authorize_request_with_proximity_check.json")))
        let custom = try JSONSerialization.jsonObject(with: bodies[4]) as? [String: [String: String]]
        #expect(custom?["requestObject"]?["reason"] == "COMPLETELLY_CUSTOM_REJECT_REASON")
        let statuses = await setup.server.exchanges.map(\.status)
        #expect(statuses == [200, 200, 200, 200, 200])
    }

    @Test(
        "factor choice from allowedSignatureType",
        arguments: [
            (
                AllowedSignatureType(type: .oneFactor), MobileTokenAuthentication.password("x"),
                SignatureType?.some(.possession)
            ),
            (
                AllowedSignatureType(type: .twoFactor, variants: [.possessionKnowledge]), .password("x"),
                .possessionKnowledge
            ),
            (
                AllowedSignatureType(type: .twoFactor, variants: [.possessionKnowledge, .possessionBiometry]),
                .biometry, .possessionBiometry
            ),
            (AllowedSignatureType(type: .twoFactor, variants: [.possessionKnowledge]), .biometry, nil),
            (AllowedSignatureType(type: .twoFactor, variants: [.possessionBiometry]), .password("x"), nil),
            (AllowedSignatureType(type: .twoFactor, variants: [.possessionKnowledge]), .possession, nil),
        ])
    func factorChoice(
        allowed: AllowedSignatureType, authentication: MobileTokenAuthentication, expected: SignatureType?
    ) throws {
        if let expected {
            #expect(try MobileTokenClient.factor(for: allowed, authentication: authentication) == expected)
        } else {
            #expect(throws: MobileTokenError(.factorNotAllowed, "")) {
                try MobileTokenClient.factor(for: allowed, authentication: authentication)
            }
        }
    }

    @Test("a factor the operation does not allow sends nothing")
    func factorNotAllowedSendsNothing() async throws {
        let setup = try Self.setup()
        let operation = UserOperation(
            id: "op", data: "A1",
            allowedSignatureType: AllowedSignatureType(type: .twoFactor, variants: [.possessionKnowledge]))
        await #expect(throws: MobileTokenError(.factorNotAllowed, "")) {
            try await setup.client.authorize(operation, authentication: .biometry)
        }
        #expect(await setup.server.exchanges.isEmpty)
    }

    @Test("missing activation: typed error, nothing sent")
    func missingActivation() async throws {
        let pair = try ActivationFactory.create(password: "1234", biometry: false)
        let signer = PowerAuthRequestSigner(store: InMemoryActivationStore(nil))
        let server = FakeMobileTokenServer(activation: pair.server, signer: signer)
        let client = MobileTokenClient(httpClient: server)
        await #expect(throws: MobileTokenError(.missingActivation, "")) { _ = try await client.operations() }
        #expect(await server.exchanges.isEmpty)
        let file = PowerAuthRequestSigner(activationPath: "/nonexistent/activation.json")
        let fileClient = MobileTokenClient(httpClient: FakeMobileTokenServer(activation: pair.server, signer: file))
        await #expect(throws: MobileTokenError(.missingActivation, "")) {
            try await fileClient.reject(id: "x", reason: .unknown)
        }
    }

    @Test("20 parallel signed requests with serialSigned: every signature verifies at look-ahead position 0")
    func serialSignedCounters() async throws {
        let setup = try Self.setup(serialization: .serialSigned, jitterMicros: 3000)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask { _ = try await setup.client.history(authentication: .password("1234")) }
            }
            try await group.waitForAll()
        }
        let iterations = await setup.server.exchanges.map(\.matchedIteration)
        #expect(iterations.count == 20)
        #expect(iterations.allSatisfy { $0 == 0 })
        #expect(try setup.store.load().counter == 20)
        #expect(await setup.server.activation.counters.counter == 20)
    }

    @Test("serialAll also orders token requests; concurrentAll lets signed requests overtake (window 1 rejects some)")
    func strategies() async throws {
        let serialAll = try Self.setup(serialization: .serialAll, jitterMicros: 2000)
        await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<10 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        _ = try await serialAll.client.history(authentication: .password("1234"))
                    } else {
                        _ = try await serialAll.client.detail(id: "none")
                    }
                }
            }
            do { try await group.waitForAll() } catch {}
        }
        #expect(await serialAll.server.exchanges.compactMap(\.matchedIteration).allSatisfy { $0 == 0 })
        // The first signed request is held until a later one is handled: it arrives behind the window, whatever the
        // machine's speed (random jitter alone reordered nothing when signing took longer than the jitter, under TSan).
        let concurrent = try Self.setup(serialization: .concurrentAll, lookAhead: 1, holdsFirstSignedRequest: true)
        let failures = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    do {
                        _ = try await concurrent.client.history(authentication: .password("1234"))
                        return false
                    } catch {
                        return true
                    }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(failures > 0)
    }

    @Test("a custom signed endpoint through send(_:requestObject:)")
    func customEndpoint() async throws {
        let setup = try Self.setup()
        struct Echo: Codable, Sendable, Equatable { let message: String }
        let endpoint = Endpoint(
            .post, "/custom/echo", kind: .signed(uriId: "/custom/echo", factor: .possessionKnowledge))
        let answer = try await setup.client.send(
            endpoint, requestObject: Echo(message: "hi"), expecting: Echo.self,
            authentication: .password("1234"))
        #expect(answer == Echo(message: "hi"))
    }
}

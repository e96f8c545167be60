import Foundation
import OfflineOperations
import OperationsSync
import PowerAuth
import QRAuthCrypto
import Testing

/// The back office's side prepared in the server double, and a client with the application's SDK configuration.
struct ActivationSetup {
    let master: NISTP256.Signing.PrivateKey
    let template: ServerActivation
    let application: DeviceActivationFlow.Application
    let code: SignedActivationCode
    let double: EnrollmentServerDouble
    let client: EnrollmentClient

    init() async throws {
        master = NISTP256.Signing.PrivateKey()
        template = try ActivationFactory.create(password: "-", biometry: false, masterKey: master).server
        application = DeviceActivationFlow.Application(
            applicationKey: template.applicationKey, applicationSecret: template.applicationSecret,
            masterServerPublicKey: master.publicKey.x963Representation)
        code = try SignedActivationCode.sign(ActivationCode.generate(), masterPrivateKey: master)
        double = EnrollmentServerDouble(
            server: nil, signer: nil, masterKey: master, applicationKey: template.applicationKey,
            applicationSecret: template.applicationSecret)
        await double.prepare(code: code.code.value, template: template)
        client = EnrollmentClient(httpClient: double)
    }

    func request(_ version: ProtocolVersion, otp: String? = nil) -> EnrollmentClient.ActivationRequest {
        EnrollmentClient.ActivationRequest(
            application: application, version: version,
            details: DeviceActivationFlow.DeviceDetails(name: "qrauth test", otp: otp, platform: "qrauth"))
    }

    func activate(_ version: ProtocolVersion, code text: String? = nil) async throws -> DeviceActivationFlow.Completed {
        try await client.activate(code: text ?? code.text, request: request(version), password: "1234")
    }
}

@Suite("Enrollment client: activation via activation code", .timeLimit(.minutes(2)))
struct EnrollmentActivationTests {
    @Test(
        "activation (3.2 and 3.3): both layers decrypt, keys agree with the server, fingerprint as the back office's",
        arguments: [ProtocolVersion.v32, .v33])
    func activates(_ version: ProtocolVersion) async throws {
        let setup = try await ActivationSetup()
        let completed = try await setup.activate(version)
        let device = completed.device
        let server = try #require(await setup.double.server)
        #expect(device.activationId == server.activationId)
        #expect(device.protocolVersion == version)
        #expect(device.ctrData == server.counters.ctrData)
        #expect(device.serverPublicKey == server.serverPublicKey)
        #expect(device.devicePublicKey == server.devicePublicKey)
        #expect(device.transportKey == (try server.derivedKeys()).transport)
        #expect(device.possessionKey == (try server.derivedKeys()).possession)
        #expect(try device.knowledgeKey.knowledgeKey(password: "1234") == (try server.derivedKeys()).knowledge)
        #expect(device.masterServerPublicKey == setup.master.publicKey.x963Representation)
        let expected = ActivationFingerprint.v3(
            devicePublicKey: try NISTP256.Signing.PublicKey(x963Representation: server.devicePublicKey),
            activationId: server.activationId,
            serverPublicKey: try NISTP256.Signing.PublicKey(x963Representation: server.serverPublicKey))
        #expect(completed.fingerprint == expected)
        #expect(completed.fingerprint.count == 8)
        #expect(await setup.double.receivedDetails?.request.activationName == "qrauth test")
        #expect(await setup.double.keystoreCalls == (version == .v33 ? 1 : 0))
        #expect(setup.client.clock.offsetMillis != nil)
        try device.validate()
    }

    @Test("a malformed code or a bad code signature fails before anything is sent")
    func codeCheckedFirst() async throws {
        let setup = try await ActivationSetup()
        await #expect(throws: EnrollmentError(.invalidActivationCode, "")) {
            try await setup.activate(.v33, code: "AAAAA-AAAAA-AAAAA-AAAAB")
        }
        let other = try SignedActivationCode.sign(setup.code.code, masterPrivateKey: NISTP256.Signing.PrivateKey())
        await #expect(throws: EnrollmentError(.activationCodeSignature, "")) {
            try await setup.activate(.v33, code: other.text)
        }
        #expect(await setup.double.exchanges.isEmpty)
        // Without a signature the code alone is accepted.
        _ = try await setup.activate(.v32, code: setup.code.code.value)
    }

    @Test("an unknown (or expired, used) code: the server's ERR_ACTIVATION, typed, with its code")
    func unknownCode() async throws {
        let setup = try await ActivationSetup()
        let unknown = try ActivationCode.generate()
        do {
            _ = try await setup.activate(.v33, code: unknown.value)
            Issue.record("activated with an unknown code")
        } catch let error as EnrollmentError {
            #expect(error.code == .activationRefused)
            #expect(error.serverCode == "ERR_ACTIVATION")
        }
        #expect(await setup.double.server == nil)
    }

    @Test("a wrong OTP is refused by the server; the right one activates")
    func activationOTP() async throws {
        let setup = try await ActivationSetup()
        await setup.double.prepare(code: setup.code.code.value, otp: "4321", template: setup.template)
        await #expect(throws: EnrollmentError(.activationRefused, "")) {
            try await setup.client.activate(
                code: setup.code.text, request: setup.request(.v33, otp: "1111"), password: "1")
        }
        _ = try await setup.client.activate(
            code: setup.code.text, request: setup.request(.v33, otp: "4321"), password: "1")
    }

    @Test("an answer with a bad MAC is responseRejected", arguments: [ProtocolVersion.v32, .v33])
    func badMAC(_ version: ProtocolVersion) async throws {
        let setup = try await ActivationSetup()
        await setup.double.setFault(.corruptMAC)
        await #expect(throws: EnrollmentError(.responseRejected, "")) { try await setup.activate(version) }
    }

    @Test("a replayed answer (another exchange's) does not verify")
    func replayedAnswer() async throws {
        let setup = try await ActivationSetup()
        _ = try await setup.activate(.v33)
        await setup.double.setFault(.replayPrevious)
        await #expect(throws: EnrollmentError(.responseRejected, "")) { try await setup.activate(.v33) }
    }

    @Test("an answer dated long before the request is staleResponse")
    func staleAnswer() async throws {
        let setup = try await ActivationSetup()
        _ = try await setup.activate(.v32)
        await setup.double.setFault(.staleBy(10 * 60_000))
        await #expect(throws: EnrollmentError(.staleResponse, "")) { try await setup.activate(.v32) }
    }

    @Test("a wrong master key: 3.3 refuses the temporary key's signature, 3.2 the server cannot decrypt")
    func wrongMasterKey() async throws {
        let setup = try await ActivationSetup()
        var wrong = setup.application
        wrong.masterServerPublicKey = NISTP256.Signing.PrivateKey().publicKey.x963Representation
        let code = setup.code.code.value
        await #expect(throws: EnrollmentError(.temporaryKeyInvalid, "")) {
            try await setup.client.activate(
                code: code, request: EnrollmentClient.ActivationRequest(application: wrong, version: .v33),
                password: "1")
        }
        await #expect(throws: EnrollmentError(.encryptionRefused, "")) {
            try await setup.client.activate(
                code: code, request: EnrollmentClient.ActivationRequest(application: wrong, version: .v32),
                password: "1")
        }
        #expect(await setup.double.server == nil)
    }

    @Test("3.3: ERR_ENCRYPTION from activation/create drops the temporary key and re-encrypts once, never more")
    func encryptionRefusedRetriedOnce() async throws {
        let setup = try await ActivationSetup()
        await setup.double.setFault(
            .errorEnvelopeOn(
                path: "/pa/v3/activation/create", status: 400, code: "ERR_ENCRYPTION",
                message: "POWER_AUTH_ENCRYPTION_FAILED"))
        await #expect(throws: EnrollmentError(.encryptionRefused, "")) { try await setup.activate(.v33) }
        let paths = await setup.double.exchanges.map(\.path)
        #expect(
            paths == [
                "/pa/v3/keystore/create", "/pa/v3/activation/create", "/pa/v3/keystore/create",
                "/pa/v3/activation/create",
            ])
    }

    @Test("a temporary key signed by another key, or already expired, is refused")
    func badTemporaryKeys() async throws {
        let setup = try await ActivationSetup()
        await setup.double.setFault(.foreignJWTSigner)
        await #expect(throws: EnrollmentError(.temporaryKeyInvalid, "")) { try await setup.activate(.v33) }
        await setup.double.setFault(.expiredTemporaryKey)
        await #expect(throws: EnrollmentError(.temporaryKeyExpired, "")) { try await setup.activate(.v33) }
        #expect(await setup.double.server == nil)
    }

    @Test("the application-scope temporary key is reused while fresh: two activations, one keystore call")
    func temporaryKeyCached() async throws {
        let setup = try await ActivationSetup()
        _ = try await setup.activate(.v33)
        _ = try await setup.activate(.v33)
        #expect(await setup.double.keystoreCalls == 1)
    }
}

@Suite("Enrollment client: token create", .timeLimit(.minutes(2)))
struct EnrollmentTokenTests {
    @Test(
        "token create (3.2, 3.3): encrypted then signed; stored; the token digest verifies with the server's secret",
        arguments: [ProtocolVersion.v32, .v33])
    func createsToken(_ version: ProtocolVersion) async throws {
        let setup = try EnrollmentSetup(version: version, token: false)
        let token = try await setup.client.createToken(setup.store)
        #expect(setup.device.token == token)
        #expect(setup.device.counter == 1)
        let server = try #require(await setup.double.server)
        let stored = try #require(server.tokens.first { $0.id == token.id })
        let header = try #require(try setup.transactions.tokenHeader(timestampMillis: 1_700_000_000_000))
        #expect(try TokenDigest.verify(header, tokenSecret: stored.secret, nowMillis: 1_700_000_000_000) == .valid)
        let exchange = try #require(await setup.double.exchanges.last)
        #expect(exchange.headers[AuthorizationHeader.name] != nil)
        #expect(exchange.headers["X-PowerAuth-Encryption"] == nil)
        #expect(await setup.double.keystoreCalls == (version == .v33 ? 1 : 0))
    }

    @Test("concurrent token creations share one activation-scope temporary key fetch")
    func keyFetchesCoalesced() async throws {
        let setup = try EnrollmentSetup(version: .v33, token: false)
        async let first = setup.client.createToken(setup.store)
        async let second = setup.client.createToken(setup.store)
        _ = try await (first, second)
        #expect(await setup.double.keystoreCalls == 1)
    }

    @Test("concurrent creations if absent: one token kept in the file and at the server, the other removed there")
    func concurrentCreationsIfAbsentKeepOne() async throws {
        let setup = try EnrollmentSetup(version: .v32, token: false)
        async let first = setup.client.createToken(setup.store, ifAbsent: true)
        async let second = setup.client.createToken(setup.store, ifAbsent: true)
        let (one, other) = try await (first, second)
        let kept = try #require(setup.device.token)
        #expect(one == kept && other == kept)
        let server = try #require(await setup.double.server)
        #expect(server.tokens.map(\.id) == [kept.id])
        // A token already held is returned without a request.
        let requests = await setup.double.exchanges.count
        #expect(try await setup.client.createToken(setup.store, ifAbsent: true) == kept)
        #expect(await setup.double.exchanges.count == requests)
    }

    @Test("a token answer with a bad MAC stores nothing; its signature's counter is spent (the request left)")
    func badMACStoresNothing() async throws {
        let setup = try EnrollmentSetup(version: .v33, token: false)
        await setup.double.setFault(.corruptMAC)
        await #expect(throws: EnrollmentError(.responseRejected, "")) {
            try await setup.client.createToken(setup.store)
        }
        #expect(setup.device.token == nil)
        #expect(setup.device.counter == 1)
    }

    @Test("a refused token creation (401 ERR_AUTHENTICATION) is retried once in 3.3, never more")
    func refusedOnce() async throws {
        let setup = try EnrollmentSetup(version: .v33, token: false)
        let first = try await setup.client.createToken(setup.store)
        await setup.double.setFault(
            .errorEnvelope(status: 401, code: "ERR_AUTHENTICATION", message: "POWER_AUTH_TOKEN_ERROR"))
        await #expect(throws: EnrollmentError(.authenticationFailed, "")) {
            try await setup.client.createToken(setup.store)
        }
        let paths = await setup.double.exchanges.map(\.path)
        // The first token: key + create; the refused one: create, then the key dropped and fetched once more (the
        // server refuses that too), and nothing after it.
        #expect(paths.filter { $0 == "/pa/v3/token/create" }.count == 2)
        #expect(paths.filter { $0 == "/pa/v3/keystore/create" }.count == 2)
        #expect(paths.last == "/pa/v3/keystore/create")
        #expect(setup.device.token == first)
        #expect(setup.device.counter == 2)
    }

    @Test("a removed activation creates no token and sends nothing")
    func removedCreatesNothing() async throws {
        let setup = try EnrollmentSetup(version: .v32, token: false)
        try setup.transactions.markRemoved()
        await #expect(throws: EnrollmentError(.activationRemoved, "")) {
            try await setup.client.createToken(setup.store)
        }
        #expect(await setup.double.exchanges.isEmpty)
    }
}

import DevServer
import Foundation
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import Testing

/// `qrauth serve`'s `/pa/v4` endpoints and the Mobile Token API with 4.0 headers, driven in process by the
/// library's 4.0 device flows: activate (both suites), status, commit, confirm, token, list and approve.
struct PowerAuthV4EndpointTests {
    let clock = TestClock(Date())
    let server: DevServer

    init() throws {
        var state = DevServerState()
        try state.prepareApplication(path: nil)
        server = DevServer(
            state: state, adminEnabled: true, backOffice: BackOfficeConfiguration(), clock: clock.emulatorClock)
    }

    func post(_ path: String, _ body: Data, headers: [String: String] = [:]) async -> TestResponse {
        await server.respond(to: TestRequest(method: "POST", path: path, headers: headers, body: body))
    }

    func responseObject<T: Codable & Sendable>(_ response: TestResponse, _ type: T.Type) throws -> T {
        try #require(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        return try JSONDecoder().decode(PowerAuthV4.Wire.ResponseObject<T>.self, from: response.body).responseObject
    }

    var application: PowerAuthV4.Application {
        get throws {
            let app = try #require(server.state.applications.first)
            let version = try #require(app.currentVersion)
            return try PowerAuthV4.Application(
                applicationKey: version.applicationKey, applicationSecret: version.applicationSecret,
                masterPublicKey: #require(server.masterPublicKeyP384(app.applicationId)))
        }
    }

    /// `/pa/v4/keystore/create` for an exchange; `signer` checks the answer.
    func temporaryKey(
        _ exchange: PowerAuthV4.TemporaryKeyExchange, signer: NISTP384.PublicKey
    ) async throws -> PowerAuthV4.TemporaryKey {
        let body = try PowerAuthV4.Wire.encode(
            PowerAuthV4.Wire.RequestObject(PowerAuthV4.Wire.JWTObject(jwt: exchange.jwt)))
        let answer = try responseObject(await post("/pa/v4/keystore/create", body), PowerAuthV4.Wire.JWTObject.self)
        return try exchange.finish(responseJWT: answer.jwt, signer: signer)
    }

    /// Activates a device with the suite the server offers first unless `suite` is given.
    func activate(suite requested: PowerAuthV4.Suite? = nil) async throws -> PowerAuthV4.Device {
        let application = try application
        let offered = try responseObject(
            await post(
                "/pa/v4/status",
                PowerAuthV4.Wire.encode(
                    PowerAuthV4.Wire.RequestObject(
                        PowerAuthV4.Wire.ServerStatusRequest(applicationKey: application.applicationKey)))),
            PowerAuthV4.Wire.ServerStatus.self)
        #expect(
            offered.supportedAlgorithms == server.state.applications.first?.supportedSuitesV4.map(\.rawValue))
        let suite = try requested ?? #require(PowerAuthV4.Suite(rawValue: offered.supportedAlgorithms[0]))

        let created = try server.activations.initActivation(.init(userId: "alice", commitPhase: .onCommit))
        let code = try #require(created.registration?.activationCode)
        let key = try await temporaryKey(application.temporaryKeyExchange(suite: suite), signer: application.master)
        let request = try PowerAuthV4.ActivationRequest(
            code: code, application: application, temporaryKey: key, suite: suite, name: "ci phone",
            nowMillis: clock.millis)
        let response = await post(
            "/pa/v4/activation/create", request.body,
            headers: [
                PowerAuthV4.EncryptionHeader.name: PowerAuthV4.EncryptionHeader(
                    applicationKey: application.applicationKey
                ).value
            ])
        try #require(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        var device = try request.finish(responseBody: response.body)
        #expect(device.activationId == created.activationId)

        // A 4.0 activation is PENDING_COMMIT until the back office commits it.
        #expect(try await status(&device) == ActivationStatus.pendingCommit.statusByte)
        _ = try server.activations.commitActivation(created.activationId, activationOtp: nil)
        #expect(try await status(&device) == ActivationStatus.active.statusByte)

        let confirm = try device.confirmRequest()
        let confirmed = await post(
            "/pa/v4/activation/confirm", confirm.body,
            headers: [PowerAuthV4.AuthorizationHeader.name: confirm.authorization.value])
        #expect(confirmed.status == 200, "\(String(decoding: confirmed.body, as: UTF8.self))")
        let stored = try #require(server.state.activations.first { $0.activationId == device.activationId })
        #expect(stored.v4?.confirmationPending == false)
        #expect(stored.v4?.suite == suite)
        return device
    }

    /// `/pa/v4/activation/status`; returns the blob's status byte.
    func status(_ device: inout PowerAuthV4.Device) async throws -> UInt8 {
        let key = try await temporaryKey(device.temporaryKeyExchange(), signer: device.serverKey)
        let request = try device.statusRequest(key, nowMillis: clock.millis)
        let response = await post(
            "/pa/v4/activation/status", request.body,
            headers: [PowerAuthV4.EncryptionHeader.name: device.encryptionHeader.value])
        try #require(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        guard case .blob(let blob) = try device.status(responseBody: response.body, key: key, nonce: request.nonce)
        else { throw PowerAuthError(.statusBlob, "not a blob") }
        return blob.status
    }

    /// `/pa/v4/token/create`.
    func createToken(_ device: inout PowerAuthV4.Device) async throws {
        let key = try await temporaryKey(device.temporaryKeyExchange(), signer: device.serverKey)
        let request = try device.tokenCreateRequest(key, nowMillis: clock.millis)
        let response = await post(
            "/pa/v4/token/create", request.body,
            headers: [PowerAuthV4.AuthorizationHeader.name: request.authorization.value])
        try #require(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        _ = try device.finishTokenCreate(responseBody: response.body, key: key, nonce: request.nonce)
    }

    @Test(arguments: PowerAuthV4.Suite.allCases)
    func activateListAndApproveWithVersion4Headers(suite: PowerAuthV4.Suite) async throws {
        var device = try await activate(suite: suite)
        try await createToken(&device)

        let created = await post(
            "/admin/operations",
            Data(#"{"name":"login","data":"A2","activationId":"\#(device.activationId)"}"#.utf8))
        try #require(created.status == 200, "\(String(decoding: created.body, as: UTF8.self))")

        let list = await post(
            "/api/auth/token/app/operation/list", Data("{}".utf8),
            headers: [PowerAuthV4.TokenHeader.name: try device.tokenHeader(nowMillis: clock.millis).value])
        try #require(list.status == 200, "\(String(decoding: list.body, as: UTF8.self))")
        let operations = try #require(
            (try JSONSerialization.jsonObject(with: list.body) as? [String: Any])?["responseObject"] as? [[String: Any]]
        )
        #expect(operations.count == 1)
        let id = try #require(operations.first?["id"] as? String)

        // A 3.x token header for the same token id is refused (never mixed).
        let mixed = try device.tokenHeader(nowMillis: clock.millis).value.replacingOccurrences(
            of: #"version="4.0""#, with: #"version="3.3""#)
        #expect(
            await post("/api/auth/token/app/operation/list", Data("{}".utf8), headers: [TokenHeader.name: mixed]).status
                == 401)

        // Approve with a 4.0 possession_knowledge code over the exact body.
        let body = Data(#"{"requestObject":{"id":"\#(id)","data":"A2"}}"#.utf8)
        let header = try device.authorize(
            method: "POST", uriId: "/operation/authorize", body: body, type: .possessionKnowledge)
        let approved = await post(
            "/api/auth/token/app/operation/authorize", body,
            headers: [PowerAuthV4.AuthorizationHeader.name: header.value])
        #expect(approved.status == 200, "\(String(decoding: approved.body, as: UTF8.self))")
        #expect(server.state.operations.first { $0.id == id }?.status.rawValue == "APPROVED")

        // The same header again does not verify: the counter moved past it.
        let replay = await post(
            "/api/auth/token/app/operation/authorize", body,
            headers: [PowerAuthV4.AuthorizationHeader.name: header.value])
        #expect(replay.status == 401)
        #expect(String(decoding: replay.body, as: UTF8.self).contains("POWERAUTH_AUTH_FAIL"))
        let stored = try #require(server.state.activations.first { $0.activationId == device.activationId })
        #expect(stored.counters.failedAttempts == 1)

        // The state, 4.0 part included, survives a save and a load; a 3.x activation has no v4 key in JSON.
        let data = try JSONEncoder().encode(server.state)
        let loaded = try JSONDecoder().decode(DevServerState.self, from: data)
        #expect(loaded.activations.first { $0.activationId == device.activationId } == stored)
        #expect(loaded.applications.first?.masterPrivateKeyP384 != nil)
        let legacy = try ActivationFactory.create(password: "1234", biometry: false).server
        let legacyJSON = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(legacy)) as? [String: Any])
        #expect(legacyJSON["v4"] == nil)
        #expect(legacyJSON["activationId"] as? String == legacy.activationId)
    }

    @Test func unknownTemporaryKeyAndWrongApplicationAreRefused() async throws {
        let application = try application
        let exchange = try application.temporaryKeyExchange(suite: .ecP384)
        // The master key of another server does not verify this server's answer.
        await #expect(throws: PowerAuthError.self) {
            _ = try await temporaryKey(exchange, signer: NISTP384.PrivateKey().publicKey)
        }
        let fake = PowerAuthV4.TemporaryKey(
            id: UUID().uuidString.lowercased(), secret: SecureRandom.bytes(count: 32), expiresMillis: .max,
            serverTimeMillis: 0)
        let request = try PowerAuthV4.ActivationRequest(
            code: "AAAAA-AAAAA-AAAAA-AAAAA", application: application, temporaryKey: fake, suite: .ecP384,
            nowMillis: clock.millis)
        let response = await post(
            "/pa/v4/activation/create", request.body,
            headers: [
                PowerAuthV4.EncryptionHeader.name: PowerAuthV4.EncryptionHeader(
                    applicationKey: application.applicationKey
                ).value
            ])
        #expect(response.status == 400)
    }

    @Test("/pa/v4/upgrade/*: no 3.3 header, an unknown activation, a 4.0 activation are ERR_UPGRADE (HTTP 400)")
    func upgradeRefusals() async throws {
        let application = try application
        func refusedAsUpgrade(_ response: TestResponse) -> Bool {
            response.status == 400 && String(decoding: response.body, as: UTF8.self).contains("\"ERR_UPGRADE\"")
        }
        let encryption = PowerAuthV4.EncryptionHeader(applicationKey: application.applicationKey).value
        let start = await post(
            "/pa/v4/upgrade/start", Data("{}".utf8), headers: [PowerAuthV4.EncryptionHeader.name: encryption])
        #expect(refusedAsUpgrade(start), "\(String(decoding: start.body, as: UTF8.self))")
        let stranger = PowerAuthV4.AuthorizationHeader(
            applicationKey: application.applicationKey, activationId: UUID().uuidString.lowercased(),
            codeType: .possession, authCode: Data(count: 32).base64EncodedString(),
            nonce: Data(count: 16).base64EncodedString())
        let unknown = await post(
            "/pa/v4/upgrade/confirm", Data(), headers: [PowerAuthV4.AuthorizationHeader.name: stranger.value])
        #expect(refusedAsUpgrade(unknown), "\(String(decoding: unknown.body, as: UTF8.self))")
        // A 4.0 activation has nothing to confirm, although its code would verify.
        var device = try await activate()
        let header = try device.upgradeConfirmAuthorization()
        let confirm = await post(
            "/pa/v4/upgrade/confirm", Data(), headers: [PowerAuthV4.AuthorizationHeader.name: header.value])
        #expect(refusedAsUpgrade(confirm), "\(String(decoding: confirm.body, as: UTF8.self))")
    }
}

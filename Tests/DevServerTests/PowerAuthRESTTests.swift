import DevServer
import Foundation
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import Testing

/// `/pa/v3/*` of `qrauth serve` against a client made of library calls, for protocol 3.2 and 3.3.
@Suite("PowerAuth standard RESTful API (/pa/v3)")
struct PowerAuthRESTTests {
    let clock = TestClock(Date())
    let server: DevServer

    init(statePath: String? = nil) throws {
        var state = DevServerState()
        try state.prepareApplication(path: nil)
        server = DevServer(state: state, statePath: statePath, adminEnabled: true, clock: clock.emulatorClock)
    }

    func client(_ version: ProtocolVersion) throws -> PowerAuthClient {
        try PowerAuthClient(server: server, clock: clock, version: version)
    }

    func initActivation(
        phase: CommitPhase = .onCommit, otp: String? = nil, maxFailures: Int? = nil
    ) throws -> (id: String, code: String) {
        let activation = try server.activations.initActivation(
            .init(userId: "alice", commitPhase: phase, activationOtp: otp, maxFailureCount: maxFailures))
        let registration = try #require(activation.registration)
        return (activation.activationId, registration.activationCode)
    }

    static let versions: [ProtocolVersion] = [.v32, .v33]

    @Test(
        "init → activate → status → commit → token → Mobile Token API → token remove → remove",
        arguments: [ProtocolVersion.v30, .v31, .v32, .v33])
    func fullFlow(version: ProtocolVersion) async throws {
        var client = try client(version)
        let (id, code) = try initActivation()
        // The code is valid and its signature verifies with the master key from sdk-config.
        let signature = try #require(server.state.activations.first { $0.activationId == id }?.registration)
        let signed = try SignedActivationCode(parsing: code + "#" + signature.activationSignature)
        try signed.verify(
            masterPublicKey: NISTP256.Signing.PublicKey(x963Representation: client.application.masterPublicKey))

        let created = try await client.activate(code: code)
        #expect(created.response.status == 200, "\(String(decoding: created.response.body, as: UTF8.self))")
        #expect(client.activationId == id)
        let (_, pending) = try await client.status()
        #expect(pending?.status == ActivationStatus.pendingCommit.statusByte)
        _ = try server.activations.commitActivation(id, activationOtp: nil)
        let (_, active) = try await client.status()
        #expect(active?.status == ActivationStatus.active.statusByte)
        #expect(active?.maxFailedAttempts == 5)
        let keys = try #require(client.keys)
        let ctrData = try #require(client.counter?.counterData)
        #expect(try active?.counterDistance(localCtrData: ctrData, transportKey: keys.transport) == 0)

        // A token, usable at once by the Mobile Token API.
        let (tokenResponse, token, _) = try await client.createToken()
        #expect(tokenResponse.status == 200, "\(String(decoding: tokenResponse.body, as: UTF8.self))")
        let payload = try #require(token)
        #expect(payload.tokenSecret.count == 16)
        let list = await listOperations(token: payload)
        #expect(list.status == 200)
        // The status now reports the counter one step on, in step with the client.
        let (_, afterToken) = try await client.status()
        let nextCtrData = try #require(client.counter?.counterData)
        #expect(try afterToken?.counterDistance(localCtrData: nextCtrData, transportKey: keys.transport) == 0)

        // Token remove (signed), then the token is refused.
        let removeBody = try PowerAuthClient.json(
            RequestEnvelope(requestObject: TokenRemoveRequest(tokenId: payload.tokenId)))
        let removeHeader = try client.signature(uriId: "/pa/token/remove", body: removeBody, type: .possession)
        let removed = await client.post(
            EndpointPaths.PowerAuth.v3.tokenRemove, headers: [AuthorizationHeader.name: removeHeader], body: removeBody)
        #expect(removed.status == 200)
        #expect(
            try PowerAuthClient.object(removed)["responseObject"] as? [String: String] == ["tokenId": payload.tokenId])
        #expect(await listOperations(token: payload).status == 401)

        // Remove the activation (2FA), then it is REMOVED everywhere.
        let keyBeforeRemove = version == .v33 ? try await client.temporaryKey(activationScope: true) : nil
        let body = Data("{}".utf8)
        let header = try client.signature(uriId: "/pa/activation/remove", body: body)
        let gone = await client.post(
            EndpointPaths.PowerAuth.v3.activationRemove, headers: [AuthorizationHeader.name: header], body: body)
        #expect(gone.status == 200)
        #expect(try PowerAuthClient.object(gone)["responseObject"] as? [String: String] == ["activationId": id])
        let (_, removedStatus) = try await client.status()
        #expect(removedStatus?.status == ActivationStatus.removed.statusByte)
        let (afterRemove, _, _) = try await client.createToken(temporaryKey: keyBeforeRemove)
        #expect(try PowerAuthClient.error(afterRemove) == (401, "ERR_AUTHENTICATION", "POWER_AUTH_TOKEN_ERROR"))
        if version == .v33 {
            // A removed activation gets no activation-scope temporary key.
            let request = TemporaryKeyRequest(
                applicationKey: client.appVersion.applicationKey, activationId: id,
                challenge: TemporaryKeyRequest.makeChallenge())
            let jwt = try request.jwt(
                applicationSecret: client.appVersion.applicationSecret, transportKey: keys.transport)
            let refused = await client.post(
                EndpointPaths.PowerAuth.v3.keystoreCreate,
                body: try PowerAuthClient.json(RequestEnvelope(requestObject: KeystoreCreateRequest(jwt: jwt))))
            #expect(try PowerAuthClient.error(refused).1 == "ERR_TEMPORARY_KEY")
        }
    }

    func listOperations(token: TokenCreatePayload) async -> TestResponse {
        let header = TokenDigest.header(
            tokenId: token.tokenId, tokenSecret: token.tokenSecret, timestampMillis: clock.millis)
        return await server.respond(
            to: TestRequest(
                method: "POST", path: EndpointPaths.MobileToken.operationList,
                headers: [TokenHeader.name: header.value],
                body: Data("{}".utf8)))
    }

    @Test("CREATED and unknown activations get a random blob the client cannot read")
    func randomBlobs() async throws {
        let (id, _) = try initActivation()
        let client = try client(.v33)
        for activationId in [id, UUID().uuidString] {
            let (response, _) = try await client.status(activationId: activationId)
            #expect(response.status == 200)
            let object = try #require(try PowerAuthClient.object(response)["responseObject"] as? [String: Any])
            #expect(Data(base64Encoded: object["encryptedStatusBlob"] as? String ?? "")?.count == 32)
            #expect(Data(base64Encoded: object["nonce"] as? String ?? "")?.count == 16)
        }
        let missing = await client.post(EndpointPaths.PowerAuth.v3.activationStatus, body: Data("{}".utf8))
        #expect(try PowerAuthClient.error(missing) == (400, "ERR_ACTIVATION", "POWER_AUTH_ACTIVATION_INVALID"))
    }

    @Test("bad, used and expired codes are ERR_ACTIVATION; the expired activation is REMOVED", arguments: versions)
    func badCodes(version: ProtocolVersion) async throws {
        var client = try client(version)
        let activation = ("ERR_ACTIVATION", "POWER_AUTH_ACTIVATION_INVALID")
        let unknown = try await client.activate(code: "AAAAA-AAAAA-AAAAA-AAAAA")
        #expect(try PowerAuthClient.error(unknown.response) == (400, activation.0, activation.1))

        let (_, code) = try initActivation()
        #expect(try await client.activate(code: code).response.status == 200)
        var second = try self.client(version)
        let used = try await second.activate(code: code)
        #expect(try PowerAuthClient.error(used.response) == (400, activation.0, activation.1))

        let (expiredId, expiredCode) = try initActivation()
        clock.advance(by: 301)
        var late = try self.client(version)
        let expired = try await late.activate(code: expiredCode)
        #expect(try PowerAuthClient.error(expired.response) == (400, activation.0, activation.1))
        #expect(try server.activations.activationStatus(expiredId)?.counters.status == .removed)
    }

    @Test("ON_KEY_EXCHANGE: a wrong OTP counts, REMOVED at the limit; the right one activates at once")
    func activationOtp() async throws {
        var client = try client(.v33)
        let (id, code) = try initActivation(phase: .onKeyExchange, otp: "24680", maxFailures: 2)
        let first = try await client.activate(code: code, otp: "13579")
        #expect(try PowerAuthClient.error(first.response).1 == "ERR_ACTIVATION")
        var state = try #require(try server.activations.activationStatus(id))
        #expect(state.counters.status == .created)
        #expect(state.counters.failedAttempts == 1)
        let second = try await client.activate(code: code, otp: nil)
        #expect(try PowerAuthClient.error(second.response).1 == "ERR_ACTIVATION")
        state = try #require(try server.activations.activationStatus(id))
        #expect(state.counters.status == .removed)

        let (otherId, otherCode) = try initActivation(phase: .onKeyExchange, otp: "24680")
        var other = try self.client(.v32)
        #expect(try await other.activate(code: otherCode, otp: "24680").response.status == 200)
        #expect(try server.activations.activationStatus(otherId)?.counters.status == .active)
    }

    @Test("a flipped MAC, a missing header and a garbage body are ERR_ENCRYPTION", arguments: versions)
    func encryptionFailures(version: ProtocolVersion) async throws {
        var client = try client(version)
        let (id, code) = try initActivation()
        let tampered = try await client.activate(code: code) { request in
            request.mac[0] ^= 1
        }
        let encryption = (400, "ERR_ENCRYPTION", "POWER_AUTH_ENCRYPTION_FAILED")
        #expect(try PowerAuthClient.error(tampered.response) == encryption)
        #expect(try server.activations.activationStatus(id)?.counters.status == .created)
        let noHeader = await client.post(EndpointPaths.PowerAuth.v3.activationCreate, body: tampered.layer1Request)
        #expect(try PowerAuthClient.error(noHeader) == encryption)
        let garbage = await client.post(
            EndpointPaths.PowerAuth.v3.activationCreate,
            headers: [
                EncryptionHeader.name: EncryptionHeader(
                    version: version, applicationKey: client.appVersion.applicationKey
                ).value
            ],
            body: Data("not json".utf8))
        #expect(try PowerAuthClient.error(garbage) == encryption)
        let wrongKey = await client.post(
            EndpointPaths.PowerAuth.v3.activationCreate,
            headers: [
                EncryptionHeader.name: EncryptionHeader(
                    version: version, applicationKey: SecureRandom.bytes(count: 16).base64EncodedString()
                ).value
            ],
            body: tampered.layer1Request)
        #expect(try PowerAuthClient.error(wrongKey) == encryption)
    }

    @Test("a replayed request and stale or future timestamps are refused", arguments: versions)
    func replayAndClock(version: ProtocolVersion) async throws {
        var client = try client(version)
        let (_, code) = try initActivation()
        let accepted = try await client.activate(code: code)
        #expect(accepted.response.status == 200)
        let replay = await client.post(
            EndpointPaths.PowerAuth.v3.activationCreate,
            headers: [
                EncryptionHeader.name: EncryptionHeader(
                    version: version, applicationKey: client.appVersion.applicationKey
                ).value
            ],
            body: accepted.layer1Request)
        #expect(try PowerAuthClient.error(replay) == (400, "ERR_ENCRYPTION", "POWER_AUTH_ENCRYPTION_FAILED"))

        for offset: Int64 in [-61_000, 5_000] {
            let (_, other) = try initActivation()
            var late = try self.client(version)
            let result = try await late.activate(code: other, timestampOffset: offset)
            #expect(try PowerAuthClient.error(result.response).1 == "ERR_ENCRYPTION")
        }
    }

    @Test("3.3: an unknown or expired temporary key id is refused (ERR0045 path)")
    func unknownTemporaryKey() async throws {
        var client = try client(.v33)
        let (_, code) = try initActivation()
        let real = try await client.temporaryKey()
        let bogus = TemporaryKey(
            id: UUID().uuidString, publicKey: real.publicKey, issuedAtMilliseconds: real.issuedAtMilliseconds,
            expiresAtMilliseconds: real.expiresAtMilliseconds)
        let unknown = try await client.activate(code: code, temporaryKey: bogus)
        #expect(try PowerAuthClient.error(unknown.response).1 == "ERR_ENCRYPTION")
        clock.advance(by: 299)
        let (_, fresh) = try initActivation()
        clock.advance(by: 2)
        let expired = try await client.activate(code: fresh, temporaryKey: real)
        #expect(try PowerAuthClient.error(expired.response).1 == "ERR_ENCRYPTION")
        #expect(try await client.activate(code: fresh).response.status == 200)

        // Token creation with an application-scope key (wrong scope) is a token error.
        _ = try server.activations.commitActivation(try #require(client.activationId), activationOtp: nil)
        let applicationKey = try await client.temporaryKey()
        let (refused, _, _) = try await client.createToken(temporaryKey: applicationKey)
        #expect(try PowerAuthClient.error(refused) == (401, "ERR_AUTHENTICATION", "POWER_AUTH_TOKEN_ERROR"))
        let (accepted, _, _) = try await client.createToken()
        #expect(accepted.status == 200)
    }

    @Test("keystore: a bad JWT MAC, an unknown application key or an inactive activation is ERR_TEMPORARY_KEY")
    func keystoreFailures() async throws {
        let client = try client(.v33)
        let failure = (400, "ERR_TEMPORARY_KEY", "POWER_AUTH_TEMPORARY_KEY_FAILURE")
        func post(_ jwt: String) async throws -> TestResponse {
            await client.post(
                EndpointPaths.PowerAuth.v3.keystoreCreate,
                body: try PowerAuthClient.json(RequestEnvelope(requestObject: KeystoreCreateRequest(jwt: jwt))))
        }
        let wrongSecret = try TemporaryKeyRequest(
            applicationKey: client.appVersion.applicationKey, challenge: TemporaryKeyRequest.makeChallenge()
        ).jwt(applicationSecret: SecureRandom.bytes(count: 16).base64EncodedString())
        #expect(try PowerAuthClient.error(try await post(wrongSecret)) == failure)
        let otherApp = try TemporaryKeyRequest(
            applicationKey: SecureRandom.bytes(count: 16).base64EncodedString(),
            challenge: TemporaryKeyRequest.makeChallenge()
        ).jwt(applicationSecret: client.appVersion.applicationSecret)
        #expect(try PowerAuthClient.error(try await post(otherApp)) == failure)
        let (id, _) = try initActivation()
        let created = try TemporaryKeyRequest(
            applicationKey: client.appVersion.applicationKey, activationId: id,
            challenge: TemporaryKeyRequest.makeChallenge()
        ).jwt(applicationSecret: client.appVersion.applicationSecret, transportKey: Data(count: 16))
        #expect(try PowerAuthClient.error(try await post(created)) == failure)
        #expect(try PowerAuthClient.error(try await post("a.b")) == failure)
        let empty = await client.post(EndpointPaths.PowerAuth.v3.keystoreCreate, body: Data("{}".utf8))
        #expect(try PowerAuthClient.error(empty) == failure)
    }

    @Test("remove: 1FA is the wrong factor, a missing or bad signature is refused (and counted)")
    func removeFactors() async throws {
        var client = try client(.v32)
        let (id, code) = try initActivation()
        #expect(try await client.activate(code: code).response.status == 200)
        _ = try server.activations.commitActivation(id, activationOtp: nil)
        let body = Data("{}".utf8)
        let possession = try client.signature(uriId: "/pa/activation/remove", body: body, type: .possession)
        let refused = await client.post(
            EndpointPaths.PowerAuth.v3.activationRemove, headers: [AuthorizationHeader.name: possession], body: body)
        #expect(try PowerAuthClient.error(refused) == (401, "ERR_AUTHENTICATION", "POWER_AUTH_SIGNATURE_TYPE_INVALID"))
        let unsigned = await client.post(EndpointPaths.PowerAuth.v3.activationRemove, body: body)
        #expect(try PowerAuthClient.error(unsigned) == (401, "ERR_AUTHENTICATION", "POWER_AUTH_HTTP_HEADER_MISSING"))
        let wrongBody = try client.signature(uriId: "/pa/activation/remove", body: Data("{\"x\":1}".utf8))
        let bad = await client.post(
            EndpointPaths.PowerAuth.v3.activationRemove, headers: [AuthorizationHeader.name: wrongBody], body: body)
        #expect(try PowerAuthClient.error(bad) == (401, "ERR_AUTHENTICATION", "POWER_AUTH_SIGNATURE_INVALID"))
        #expect(try server.activations.activationStatus(id)?.counters.failedAttempts == 1)
        #expect(try server.activations.activationStatus(id)?.counters.status == .active)
        // A PENDING_COMMIT activation cannot sign.
        var pending = try self.client(.v32)
        let (_, pendingCode) = try initActivation()
        #expect(try await pending.activate(code: pendingCode).response.status == 200)
        let header = try pending.signature(uriId: "/pa/activation/remove", body: body)
        let notActive = await pending.post(
            EndpointPaths.PowerAuth.v3.activationRemove, headers: [AuthorizationHeader.name: header], body: body)
        #expect(try PowerAuthClient.error(notActive).0 == 401)
    }

    @Test("the encrypted echo answers its plaintext, application and activation scope", arguments: versions)
    func encryptedEcho(version: ProtocolVersion) async throws {
        var client = try client(version)
        let plaintext = Data(#"{"requestObject":{"hello":"world"}}"#.utf8)
        let temporary = version == .v33 ? try await client.temporaryKey() : nil
        let (request, decryptor) = try client.encryptor(
            .applicationScopeGeneric, fallback: client.application.masterPublicKey, temporaryKey: temporary
        ).encrypt(plaintext, timestamp: clock.millis)
        let response = await client.post(
            EndpointPaths.PowerAuth.echoApplication,
            headers: [
                EncryptionHeader.name: EncryptionHeader(
                    version: version, applicationKey: client.appVersion.applicationKey
                ).value
            ],
            body: try PowerAuthClient.json(request))
        #expect(response.status == 200)
        #expect(
            try decryptor.decrypt(try JSONDecoder().decode(ECIES.EncryptedResponse.self, from: response.body))
                == plaintext)

        let (id, code) = try initActivation()
        #expect(try await client.activate(code: code).response.status == 200)
        _ = try server.activations.commitActivation(id, activationOtp: nil)
        let activationKey = version == .v33 ? try await client.temporaryKey(activationScope: true) : nil
        let (signedRequest, signedDecryptor) = try client.encryptor(
            .activationScopeGeneric, fallback: try #require(client.serverPublicKey), temporaryKey: activationKey
        ).encrypt(plaintext, timestamp: clock.millis)
        let body = try PowerAuthClient.json(signedRequest)
        let header = try client.signature(uriId: EndpointPaths.PowerAuth.echoActivation, body: body, type: .possession)
        let signed = await client.post(
            EndpointPaths.PowerAuth.echoActivation, headers: [AuthorizationHeader.name: header], body: body)
        #expect(signed.status == 200, "\(String(decoding: signed.body, as: UTF8.self))")
        #expect(signed.header("X-PowerAuth-Signature-Type") == "possession")
        #expect(
            try signedDecryptor.decrypt(try JSONDecoder().decode(ECIES.EncryptedResponse.self, from: signed.body))
                == plaintext)

        // Unsigned, with X-PowerAuth-Encryption naming the activation.
        let (plainRequest, plainDecryptor) = try client.encryptor(
            .activationScopeGeneric, fallback: try #require(client.serverPublicKey), temporaryKey: activationKey
        ).encrypt(plaintext, timestamp: clock.millis)
        let unsigned = await client.post(
            EndpointPaths.PowerAuth.echoActivation,
            headers: [
                EncryptionHeader.name: EncryptionHeader(
                    version: version, applicationKey: client.appVersion.applicationKey, activationId: id
                ).value
            ], body: try PowerAuthClient.json(plainRequest))
        #expect(unsigned.status == 200)
        #expect(
            try plainDecryptor.decrypt(try JSONDecoder().decode(ECIES.EncryptedResponse.self, from: unsigned.body))
                == plaintext)
    }

    @Test("activations made through codes survive a restart and keep signing")
    func restart() async throws {
        let path = NSTemporaryDirectory() + "qrauth-pa-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = try PowerAuthRESTTests(statePath: path)
        var client = try first.client(.v33)
        let (id, code) = try first.initActivation()
        #expect(try await client.activate(code: code).response.status == 200)
        _ = try first.server.activations.commitActivation(id, activationOtp: nil)
        let (created, _, _) = try await client.createToken()
        #expect(created.status == 200)

        let restored = try DevServerState.load(statePath: path, activationPaths: [])
        let second = DevServer(state: restored, statePath: path, clock: first.clock.emulatorClock)
        #expect(second.state.defaultApplication == first.server.state.defaultApplication)
        var again = client
        again.server = second
        let (status, blob) = try await again.status()
        #expect(status.status == 200)
        #expect(blob?.status == ActivationStatus.active.statusByte)
        let (token, _, _) = try await again.createToken()
        #expect(token.status == 200)
    }

    @Test("/admin/activations/init and commit: the back office's bodies and ERR00nn refusals")
    func adminInitAndCommit() async throws {
        func admin(_ path: String, _ body: String) async -> TestResponse {
            await server.respond(to: TestRequest(method: "POST", path: path, body: Data(body.utf8)))
        }
        let applicationId = try #require(server.state.defaultApplication?.applicationId)
        let created = await admin(
            "/admin/activations/init",
            #"{"requestObject":{"userId":"bob","applicationId":"\#(applicationId)","commitPhase":"ON_COMMIT","activationOtp":"9999","maxFailureCount":3}}"#
        )
        #expect(created.status == 200)
        let object = try #require(try PowerAuthClient.object(created)["responseObject"] as? [String: Any])
        let id = try #require(object["activationId"] as? String)
        let code = try #require(object["activationCode"] as? String)
        _ = try ActivationCode(validating: code)
        #expect(object["userId"] as? String == "bob")
        #expect(object["applicationId"] as? String == applicationId)

        let early = await admin("/admin/activations/commit", #"{"requestObject":{"activationId":"\#(id)"}}"#)
        #expect(try PowerAuthClient.error(early) == (400, "ERR0008", try PowerAuthClient.error(early).2))
        let unknown = await admin("/admin/activations/commit", #"{"activationId":"\#(UUID().uuidString)"}"#)
        #expect(try PowerAuthClient.error(unknown).1 == "ERR0009")
        let badApp = await admin("/admin/activations/init", #"{"userId":"bob","applicationId":"nope"}"#)
        #expect(try PowerAuthClient.error(badApp).1 == "ERR0015")
        let badCount = await admin(
            "/admin/activations/init", #"{"userId":"bob","applicationId":"\#(applicationId)","maxFailureCount":0}"#)
        #expect(try PowerAuthClient.error(badCount).1 == "ERR0011")

        var client = try client(.v33)
        #expect(try await client.activate(code: code).response.status == 200)
        let wrongOtp = await admin(
            "/admin/activations/commit", #"{"activationId":"\#(id)","activationOtp":"0000"}"#)
        #expect(try PowerAuthClient.error(wrongOtp).1 == "ERR0031")
        let committed = await admin(
            "/admin/activations/commit", #"{"activationId":"\#(id)","activationOtp":"9999"}"#)
        let answer = try #require(try PowerAuthClient.object(committed)["responseObject"] as? [String: Any])
        #expect(answer["activationId"] as? String == id)
        #expect(answer["activated"] as? Bool == true)
        let again = await admin("/admin/activations/commit", #"{"activationId":"\#(id)","activationOtp":"9999"}"#)
        #expect(try PowerAuthClient.error(again).1 == "ERR0008")
    }

    @Test("status without a challenge (3.0): a zero-IV blob with random counter fields and no nonce")
    func statusWithoutChallenge() async throws {
        var client = try client(.v30)
        let (id, code) = try initActivation()
        #expect(try await client.activate(code: code).response.status == 200)
        _ = try server.activations.commitActivation(id, activationOtp: nil)
        let response = await client.post(
            EndpointPaths.PowerAuth.v3.activationStatus,
            body: Data(#"{"requestObject":{"activationId":"\#(id)"}}"#.utf8))
        #expect(response.status == 200)
        let object = try #require(try PowerAuthClient.object(response)["responseObject"] as? [String: Any])
        #expect(object["nonce"] == nil)
        let blobText = try #require(object["encryptedStatusBlob"] as? String)
        let blob = try #require(Data(base64Encoded: blobText))
        let keys = try #require(client.keys)
        let plain = try AES128.decryptCBC(blob, key: keys.transport, iv: Data(count: 16), padding: false)
        #expect(Array(plain.prefix(5)) == ActivationStatusBlob.magic + [ActivationStatus.active.statusByte])
    }

    @Test("refusal reasons are logged with control and bidi characters replaced")
    func loggableReasons() {
        #expect(DevServer.loggable("no activation a\u{1B}[31mb\u{202E}c\nd") == "no activation a?[31mb?c?d")
        #expect(DevServer.loggable("plain ERR0045: missing temporary key") == "plain ERR0045: missing temporary key")
    }

    @Test("eight devices racing for one code: exactly one activates")
    func racingForOneCode() async throws {
        let (id, code) = try initActivation()
        let server = server
        let clock = clock
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var client = try PowerAuthClient(server: server, clock: clock, version: .v32)
                    return try await client.activate(code: code).response.status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == 200 }.count == 1)
        #expect(statuses.filter { $0 == 400 }.count == 7)
        #expect(try server.activations.activationStatus(id)?.counters.status == .pendingCommit)
    }
}

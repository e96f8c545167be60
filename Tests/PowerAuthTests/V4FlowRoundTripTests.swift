import Foundation
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import Testing

/// The protocol 4.0 online flows, device half against server half in process (`PowerAuthV4` device flows,
/// `ServerFlows/ServerFlowsV4.swift`): temporary keys, activation, status, confirm, token, signed requests.
struct V4FlowRoundTripTests {
    static let now: Int64 = 1_800_000_000_000
    let master = NISTP384.PrivateKey()
    let serverApplication = ServerApplication.generate(applicationId: "demo-app")
    let temporaryKeys = ServerTemporaryKeysV4()

    var version: ServerApplication.Version { serverApplication.currentVersion! }
    var applicationKey: String { version.applicationKey }
    var applicationSecret: String { version.applicationSecret }

    var application: PowerAuthV4.Application {
        get throws {
            try PowerAuthV4.Application(
                applicationKey: applicationKey, applicationSecret: applicationSecret,
                masterPublicKey: master.publicKey.x963Representation)
        }
    }

    var service: ServerActivationServiceV4 {
        ServerActivationServiceV4(applicationKey: applicationKey, applicationSecret: applicationSecret)
    }

    /// Application-scope temporary key, device ↔ server.
    func applicationTemporaryKey(suite: PowerAuthV4.Suite) throws -> PowerAuthV4.TemporaryKey {
        let exchange = try application.temporaryKeyExchange(suite: suite)
        let jwtKey = try PowerAuthV4.ActivationKeys.applicationTemporaryKey(
            applicationSecret: try #require(Data(base64Encoded: applicationSecret)))
        let response = try temporaryKeys.issue(
            for: exchange.jwt, jwtKey: jwtKey, signingKey: master, nowMillis: Self.now)
        return try exchange.finish(responseJWT: response, signer: master.publicKey)
    }

    /// Activation-scope temporary key, device ↔ server.
    func activationTemporaryKey(
        _ device: PowerAuthV4.Device, _ server: ServerActivation
    ) throws -> PowerAuthV4.TemporaryKey {
        let exchange = try device.temporaryKeyExchange()
        let claims = try ServerTemporaryKeysV4.claims(of: exchange.jwt)
        #expect(claims.activationId == server.activationId)
        let response = try temporaryKeys.issue(
            for: exchange.jwt, jwtKey: server.requireV4().keys().activationTemporaryKey,
            signingKey: server.requireV4().signingKey(),
            nowMillis: Self.now)
        return try exchange.finish(responseJWT: response, signer: device.serverKey)
    }

    /// Activation create for a suite against a CREATED activation waiting for its code: both sides end with the
    /// same activation secret and counter.
    func activate(
        suite: PowerAuthV4.Suite, commitPhase: CommitPhase = .onCommit
    ) throws -> (PowerAuthV4.Device, ServerActivation) {
        let code = try ActivationCode.generate().value
        var server = try ServerActivation.initiate(
            application: serverApplication, version: version, userId: "alice", activationCode: code,
            activationSignature: "c2ln", commitPhase: commitPhase, nowMillis: Self.now)
        let key = try applicationTemporaryKey(suite: suite)
        let request = try PowerAuthV4.ActivationRequest(
            code: code, application: application, temporaryKey: key, suite: suite, name: "test phone",
            nowMillis: Self.now)
        let flow = ServerActivationFlowV4(applicationKey: applicationKey, applicationSecret: applicationSecret)
        let opened = try flow.open(request.body, temporaryKeys: temporaryKeys, nowMillis: Self.now)
        #expect(opened.code == code)
        #expect(opened.layer2.activationName == "test phone")
        #expect(opened.layer2.sharedSecretRequest.encapsulationKeys.count == (suite.isHybrid ? 2 : 1))
        // The same layer-1 body again is a replay: its nonce was seen.
        #expect(throws: PowerAuthError.self) {
            _ = try flow.open(request.body, temporaryKeys: temporaryKeys, nowMillis: Self.now)
        }
        let body = try flow.answer(opened, activation: &server, nowMillis: Self.now)
        let device = try request.finish(responseBody: body)
        let v4 = try server.requireV4()
        #expect(device.activationId == server.activationId)
        #expect(try device.state.keys() == PowerAuthV4.ActivationKeys(activationSecret: v4.activationSecret))
        #expect(device.state.counterData == v4.counterData)
        #expect(v4.devicePublicKey == request.devicePublicKey)
        #expect(v4.suite == suite)
        // ML-DSA-65 keys both ways for the PQC suite only; both sides fingerprint the same four (or two) keys.
        #expect((device.mldsa != nil) == suite.signsWithMLDSA)
        #expect(v4.deviceMLDSAPublicKey == device.mldsa?.devicePublicKey)
        #expect(try v4.mldsaSigningKey()?.publicKeySPKI == device.mldsa?.serverPublicKey)
        #expect(try v4.fingerprint(activationId: server.activationId) == device.fingerprint)
        #expect(!server.hasDeviceKey)
        #expect(server.counters.status == (commitPhase == .onCommit ? .pendingCommit : .active))
        try server.validate()
        return (device, server)
    }

    @Test(arguments: PowerAuthV4.Suite.allCases)
    func activationStatusConfirmTokenAndSignedRequest(suite: PowerAuthV4.Suite) throws {
        var (device, server) = try activate(suite: suite)

        // Status while pending commit, through an activation-scope temporary key.
        let actKey = try activationTemporaryKey(device, server)
        let status = try device.statusRequest(actKey, nowMillis: Self.now)
        let answer = try service.status(
            status.body, activation: server, temporaryKeys: temporaryKeys, nowMillis: Self.now)
        guard case .blob(let blob) = try device.status(responseBody: answer, key: actKey, nonce: status.nonce) else {
            Issue.record("expected the blob shape")
            return
        }
        #expect(blob.status == ActivationStatus.pendingCommit.statusByte)
        #expect(blob.flags & 1 == 1)
        #expect(!blob.isUpgradeAvailable)
        #expect(throws: PowerAuthError.self) {
            _ = try service.status(status.body, activation: server, temporaryKeys: temporaryKeys, nowMillis: Self.now)
        }

        // Commit (back office), then confirm, signed possession_knowledge over the exact body.
        try server.commit(activationOtp: nil, nowMillis: Self.now)
        let confirm = try device.confirmRequest()
        let header = try PowerAuthV4.AuthorizationHeader(parsing: confirm.authorization.value)
        #expect(header.authCode.count == 88)
        #expect(
            try server.verifyV4(
                header, method: "POST", uriId: "/pa/activation/confirm", body: confirm.body,
                allowed: [.possessionKnowledge, .possessionBiometry], confirm: true, nowMillis: Self.now)
                == .valid(steps: 0))
        try service.confirm(confirm.body, activation: &server)
        #expect(try !server.requireV4().confirmationPending)
        #expect(try server.requireV4().counterData == device.state.counterData)

        // Token create: the code covers the encrypted body; the token then signs requests with KMAC digests.
        let tokenRequest = try device.tokenCreateRequest(actKey, nowMillis: Self.now)
        #expect(tokenRequest.authorization.authCode.count == 44)
        #expect(
            try server.verifyV4(
                tokenRequest.authorization, method: "POST", uriId: "/pa/token/create", body: tokenRequest.body,
                allowed: [.possession, .possessionKnowledge], nowMillis: Self.now) == .valid(steps: 0))
        let tokenAnswer = try service.createToken(
            tokenRequest.body, activation: &server, temporaryKeys: temporaryKeys, nowMillis: Self.now)
        let token = try device.finishTokenCreate(responseBody: tokenAnswer, key: actKey, nonce: tokenRequest.nonce)
        #expect(try server.requireV4().tokens[token.id] == token.secret)
        let tokenHeader = try PowerAuthV4.TokenHeader(parsing: device.tokenHeader(nowMillis: Self.now).value)
        #expect(
            try ServerActivationServiceV4.checkToken(tokenHeader, secret: token.secret, nowMillis: Self.now) == .valid)
        #expect(
            try ServerActivationServiceV4.checkToken(
                tokenHeader, secret: SecureRandom.bytes(count: 32), nowMillis: Self.now) == .digestMismatch)
        #expect(
            try ServerActivationServiceV4.checkToken(tokenHeader, secret: token.secret, nowMillis: Self.now + 7_200_001)
                == .expired)

        // A code the device computed but never sent: the server catches up within the look-ahead window.
        _ = try device.authorize(
            method: "POST", uriId: "/operation/authorize", body: Data("{}".utf8), type: .possessionKnowledge)
        let body = Data(#"{"requestObject":{"id":"op-1","data":"A1*A100CZK"}}"#.utf8)
        let signed = try device.authorize(
            method: "POST", uriId: "/operation/authorize", body: body, type: .possessionKnowledge)
        #expect(
            try server.verifyV4(
                signed, method: "POST", uriId: "/operation/authorize", body: body,
                allowed: [.possessionKnowledge], nowMillis: Self.now) == .valid(steps: 1))
        #expect(try server.requireV4().counterData == device.state.counterData)
        #expect(server.counters.counter == UInt64(device.state.counter))

        // The same header again is a replay: the counter has moved past it.
        #expect(
            try server.verifyV4(
                signed, method: "POST", uriId: "/operation/authorize", body: body,
                allowed: [.possessionKnowledge], nowMillis: Self.now) == .invalid(blockedNow: false))
        #expect(server.counters.failedAttempts == 1)

        // Another body under the same header does not verify.
        var next = try device.authorize(
            method: "POST", uriId: "/operation/authorize", body: body, type: .possessionKnowledge)
        next.nonce = SecureRandom.bytes(count: 16).base64EncodedString()
        #expect(
            try server.verifyV4(
                next, method: "POST", uriId: "/operation/authorize", body: body,
                allowed: [.possessionKnowledge], nowMillis: Self.now) == .invalid(blockedNow: false))
        #expect(throws: PowerAuthError.self) {
            _ = try server.verifyV4(
                signed, method: "POST", uriId: "/operation/authorize", body: body,
                allowed: [.possession], nowMillis: Self.now)
        }
    }

    @Test func statusResynchronizesADeviceThatFellBehind() throws {
        var (device, server) = try activate(suite: .ecP384, commitPhase: .onKeyExchange)
        let stale = device
        _ = try device.authorize(method: "POST", uriId: "/x", body: Data(), type: .possession)
        let header = try device.authorize(method: "POST", uriId: "/x", body: Data(), type: .possession)
        #expect(
            try server.verifyV4(
                header, method: "POST", uriId: "/x", body: Data(), allowed: [.possession], nowMillis: Self.now)
                == .valid(steps: 1))
        // A copy of the device from before those two codes learns the counter from the status blob.
        var behind = stale
        let key = try activationTemporaryKey(behind, server)
        let status = try behind.statusRequest(key, nowMillis: Self.now)
        let answer = try service.status(
            status.body, activation: server, temporaryKeys: temporaryKeys, nowMillis: Self.now)
        guard case .blob(let blob) = try behind.status(responseBody: answer, key: key, nonce: status.nonce) else {
            Issue.record("not a blob")
            return
        }
        #expect(try behind.state.counterData == server.requireV4().counterData)
        #expect(behind.state.counter == 2)
        #expect(try behind.counterPosition(blob) == .inSync)

        // A code the server never saw: the status leaves the counter (no hash to follow backwards) and CTR_BYTE says
        // the device is one ahead.
        _ = try device.authorize(method: "POST", uriId: "/x", body: Data(), type: .possession)
        let aheadKey = try activationTemporaryKey(device, server)
        let aheadStatus = try device.statusRequest(aheadKey, nowMillis: Self.now)
        let aheadAnswer = try service.status(
            aheadStatus.body, activation: server, temporaryKeys: temporaryKeys, nowMillis: Self.now)
        let before = device.state
        guard
            case .blob(let aheadBlob) = try device.status(
                responseBody: aheadAnswer, key: aheadKey, nonce: aheadStatus.nonce)
        else {
            Issue.record("not a blob")
            return
        }
        #expect(device.state == before)
        #expect(try device.counterPosition(aheadBlob) == .deviceAhead(1))
    }

    @Test func temporaryKeyRefusals() throws {
        let exchange = try application.temporaryKeyExchange(suite: .ecP384)
        // A wrong JWT key (another application secret) is refused by the server.
        #expect(throws: PowerAuthError.self) {
            _ = try temporaryKeys.issue(
                for: exchange.jwt, jwtKey: SecureRandom.bytes(count: 32), signingKey: master, nowMillis: Self.now)
        }
        // A response signed by another key is refused by the device.
        let jwtKey = try PowerAuthV4.ActivationKeys.applicationTemporaryKey(
            applicationSecret: try #require(Data(base64Encoded: applicationSecret)))
        let response = try temporaryKeys.issue(
            for: exchange.jwt, jwtKey: jwtKey, signingKey: NISTP384.PrivateKey(), nowMillis: Self.now)
        #expect(throws: PowerAuthError.self) {
            _ = try exchange.finish(responseJWT: response, signer: master.publicKey)
        }
        // A response to another request (another challenge) is refused too.
        let other = try application.temporaryKeyExchange(suite: .ecP384)
        let otherResponse = try temporaryKeys.issue(
            for: other.jwt, jwtKey: jwtKey, signingKey: master, nowMillis: Self.now)
        #expect(throws: PowerAuthError.self) {
            _ = try exchange.finish(responseJWT: otherResponse, signer: master.publicKey)
        }
    }

    @Test func headerParsersRefuseOtherVersions() throws {
        let id = UUID().uuidString.lowercased()
        let key = SecureRandom.bytes(count: 16).base64EncodedString()
        let header = PowerAuthV4.AuthorizationHeader(
            applicationKey: key, activationId: id, codeType: .possession,
            authCode: SecureRandom.bytes(count: 32).base64EncodedString(), nonce: key)
        #expect(try PowerAuthV4.AuthorizationHeader(parsing: header.value) == header)
        #expect(PowerAuthV4.isVersion4Header(header.value))
        let v3 = header.value.replacingOccurrences(of: #"pa_version="4.0""#, with: #"pa_version="3.3""#)
        #expect(!PowerAuthV4.isVersion4Header(v3))
        #expect(throws: PowerAuthError.self) { _ = try PowerAuthV4.AuthorizationHeader(parsing: v3) }
        let shortCode = header.value.replacingOccurrences(
            of: header.authCode, with: SecureRandom.bytes(count: 16).base64EncodedString())
        #expect(throws: PowerAuthError.self) { _ = try PowerAuthV4.AuthorizationHeader(parsing: shortCode) }
    }
}

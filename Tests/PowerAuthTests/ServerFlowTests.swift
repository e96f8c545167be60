import Foundation
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import Testing

/// The server flows (`ServerFlows/`) against the device flows: round trips and the refusals a server must give.
struct ServerFlowTests {
    static let now: Int64 = 1_700_000_000_000
    let application = ServerApplication.generate(applicationId: "demo-app")

    /// A server with one CREATED activation waiting for a code, and the device's view of the application.
    struct Enrollment {
        var server: ServerActivation
        let code: String
        let version: ServerApplication.Version
        let master: NISTP256.Signing.PrivateKey
        let temporaryKeys = ServerTemporaryKeys()

        var deviceApplication: DeviceActivationFlow.Application {
            DeviceActivationFlow.Application(
                applicationKey: version.applicationKey, applicationSecret: version.applicationSecret,
                masterServerPublicKey: master.publicKey.x963Representation)
        }
    }

    func enrollment(otp: String? = nil) throws -> Enrollment {
        let version = try #require(application.currentVersion)
        let code = try ActivationCode.generate().value
        let server = try ServerActivation.initiate(
            application: application, version: version, userId: "alice", activationCode: code,
            activationSignature: "c2ln", commitPhase: .onKeyExchange, activationOtp: otp, nowMillis: Self.now)
        return Enrollment(server: server, code: code, version: version, master: try application.masterSigningKey())
    }

    /// The device asks for an application-scope temporary key (3.3) and verifies the server's answer.
    func temporaryKey(_ enrollment: Enrollment) throws -> DeviceActivationFlow.TemporaryKey {
        let request = TemporaryKeyRequest(
            applicationKey: enrollment.version.applicationKey, challenge: TemporaryKeyRequest.makeChallenge())
        let jwt = try request.jwt(applicationSecret: enrollment.version.applicationSecret)
        let claims = try ServerTemporaryKeys.claims(of: jwt)
        #expect(claims.applicationKey == enrollment.version.applicationKey)
        let response = try enrollment.temporaryKeys.issue(
            for: jwt, applicationSecret: enrollment.version.applicationSecret, transportKey: nil,
            signingKey: enrollment.master, nowMillis: Self.now)
        let key = try TemporaryKey(verifying: response, request: request, signingKey: enrollment.master.publicKey)
        return DeviceActivationFlow.TemporaryKey(id: key.id, publicKey: key.publicKey)
    }

    /// The server's half of activation/create: both layers opened, the activation prepared, the answer sealed.
    func serverAnswer(
        _ pending: DeviceActivationFlow.Pending, _ enrollment: inout Enrollment, version: ProtocolVersion
    ) throws -> Data {
        let flow = ServerActivationFlow(
            version: version, applicationKey: enrollment.version.applicationKey,
            applicationSecret: enrollment.version.applicationSecret)
        let master = enrollment.master
        let outer = try flow.layer1.open(
            ServerEncryptionFlow.request(pending.body), temporaryKeys: enrollment.temporaryKeys, nowMillis: Self.now,
            fallback: { master })
        let request = try flow.request(outer)
        #expect(request.identityAttributes["code"] == enrollment.code)
        let inner = try flow.layer2.open(
            request.activationData, temporaryKeys: enrollment.temporaryKeys, nowMillis: Self.now,
            fallback: { master })
        let registration = try flow.registration(inner)
        #expect(registration.request.activationName == "Phone")
        try enrollment.server.prepare(registration, nowMillis: Self.now)
        return try flow.answer(
            enrollment.server, request: request, layer1: outer, layer2: inner, timestampMillis: Self.now)
    }

    func activated(_ version: ProtocolVersion = .v32) throws -> (DeviceActivation, Enrollment) {
        var enrollment = try enrollment()
        let temporary = version == .v33 ? try temporaryKey(enrollment) : nil
        let pending = try DeviceActivationFlow.start(
            code: enrollment.code, application: enrollment.deviceApplication, version: version,
            details: .init(name: "Phone", platform: "iOS"), temporaryKey: temporary, timestampMillis: Self.now)
        let answer = try serverAnswer(pending, &enrollment, version: version)
        let completed = try pending.finish(responseBody: answer, password: "1234")
        return (completed.device, enrollment)
    }

    func signed(
        _ device: inout DeviceActivation, uriId: String, body: Data, type: SignatureType = .possessionKnowledge,
        password: String = "1234"
    ) throws -> AuthorizationHeader {
        let request = try SignedRequest(
            method: "POST", uriId: uriId, nonce: SecureRandom.bytes(count: 16).base64EncodedString(), body: body)
        let header = try AuthorizationHeader.sign(
            request: request, type: type, keys: device.factorKeys(password: password),
            counter: device.signatureCounter(), activationId: device.activationId,
            applicationKey: device.applicationKey, applicationSecret: device.applicationSecret,
            version: device.protocolVersion)
        try device.advanceCounter()
        return header
    }

    // MARK: activation

    @Test(
        "activation via code: the device's keys agree with the server's (3.2 master key, 3.3 temporary key)",
        arguments: [ProtocolVersion.v32, .v33])
    func activationRoundTrip(_ version: ProtocolVersion) throws {
        let (device, enrollment) = try activated(version)
        #expect(enrollment.server.counters.status == .active)
        #expect(device.activationId == enrollment.server.activationId)
        #expect(device.ctrData == enrollment.server.counters.ctrData)
        #expect(device.transportKey == (try enrollment.server.derivedKeys()).transport)
        #expect(device.possessionKey == (try enrollment.server.derivedKeys()).possession)
    }

    @Test("activation: a flipped MAC bit in layer 1 is refused before anything is read")
    func activationWrongMAC() throws {
        let enrollment = try enrollment()
        let pending = try DeviceActivationFlow.start(
            code: enrollment.code, application: enrollment.deviceApplication, version: .v32,
            timestampMillis: Self.now)
        var request = try ServerEncryptionFlow.request(pending.body)
        request.mac[0] ^= 0x01
        let flow = ServerActivationFlow(
            version: .v32, applicationKey: enrollment.version.applicationKey,
            applicationSecret: enrollment.version.applicationSecret)
        let master = enrollment.master
        #expect(throws: PowerAuthError.self) {
            _ = try flow.layer1.open(
                request, temporaryKeys: enrollment.temporaryKeys, nowMillis: Self.now, fallback: { master })
        }
    }

    @Test("activation 3.3: a temporary key id the server never issued is refused (ERR0045)")
    func activationUnknownTemporaryKey() throws {
        let enrollment = try enrollment()
        let stranger = NISTP256.Signing.PrivateKey()
        let pending = try DeviceActivationFlow.start(
            code: enrollment.code, application: enrollment.deviceApplication, version: .v33,
            temporaryKey: .init(id: "not-issued", publicKey: stranger.publicKey.x963Representation),
            timestampMillis: Self.now)
        let flow = ServerActivationFlow(
            version: .v33, applicationKey: enrollment.version.applicationKey,
            applicationSecret: enrollment.version.applicationSecret)
        let master = enrollment.master
        #expect(throws: PowerAuthError(.temporaryKey, "")) {
            _ = try flow.layer1.open(
                ServerEncryptionFlow.request(pending.body), temporaryKeys: enrollment.temporaryKeys,
                nowMillis: Self.now, fallback: { master })
        }
    }

    @Test("activation: a replayed layer 1 is refused by the replay guard")
    func activationReplay() async throws {
        let enrollment = try enrollment()
        let pending = try DeviceActivationFlow.start(
            code: enrollment.code, application: enrollment.deviceApplication, version: .v32,
            timestampMillis: Self.now)
        let request = try ServerEncryptionFlow.request(pending.body)
        let guardian = ECIES.ReplayGuard()
        try await guardian.check(request, now: Self.now)
        await #expect(throws: PowerAuthError(.replay, "")) { try await guardian.check(request, now: Self.now) }
    }

    // MARK: status

    @Test("status: the device reads the server's blob (status, counter in sync); unknown is 32 random bytes")
    func statusRoundTrip() throws {
        let (device, enrollment) = try activated()
        let challenge = DeviceStatusFlow.makeChallenge()
        let answer = try ServerStatusFlow().answer(enrollment.server, challenge: challenge)
        let nonce = try #require(answer.nonce)
        let report = try DeviceStatusFlow.report(
            for: device, encryptedBlob: answer.blob, challenge: challenge, nonce: nonce)
        #expect(report.state == .active)
        #expect(report.lookAhead == enrollment.server.lookAhead)
        let unknown = try ServerStatusFlow().answer(nil, challenge: challenge)
        #expect(unknown.blob.count == 32)
        #expect(
            (try? DeviceStatusFlow.report(
                for: device, encryptedBlob: unknown.blob, challenge: challenge, nonce: try #require(unknown.nonce)))
                == nil)
    }

    // MARK: tokens

    @Test("token create: signed over the encrypted body, opened in CREATE_TOKEN scope; the device gets the token")
    func tokenRoundTrip() throws {
        var (device, enrollment) = try activated()
        let prepared = try DeviceTokenFlow.prepare(device: device, timestampMillis: Self.now)
        let header = try signed(&device, uriId: DeviceTokenFlow.uriId, body: prepared.body, type: .possession)
        let verification = try ServerSignatureAuthentication.tokenCreate.verify(
            header, body: prepared.body, activation: &enrollment.server, nowMillis: Self.now)
        #expect(verification.isValid)
        let flow = ServerTokenFlow(version: header.version)
        let opened = try flow.encryption(for: enrollment.server).open(
            ServerEncryptionFlow.request(prepared.body), recipient: enrollment.server.serverSigningKey())
        let token = ServerTokenFlow.newToken()
        try ServerTokenFlow.add(token, to: &enrollment.server)
        let (received, _) = try prepared.finish(
            responseBody: try flow.answer(token, request: opened, timestampMillis: Self.now))
        #expect(received == token)
        #expect(ServerTokenFlow.remove(token.id, from: &enrollment.server))
        #expect(!ServerTokenFlow.remove(token.id, from: &enrollment.server))
        #expect(enrollment.server.tokens.isEmpty)
    }

    @Test("token create: a BLOCKED activation gets no token")
    func tokenBlocked() throws {
        var (_, enrollment) = try activated()
        try enrollment.server.block(reason: nil, nowMillis: Self.now)
        #expect(throws: PowerAuthError.self) {
            try ServerTokenFlow.add(ServerTokenFlow.newToken(), to: &enrollment.server)
        }
    }

    func tokenCheck(
        _ header: String?, secret: Data, status: ActivationStatus = .active, seen: inout Set<String>,
        now: Int64 = ServerFlowTests.now
    ) throws(ServerAuthenticationError) -> String {
        var nonces = seen
        defer { seen = nonces }
        return try ServerTokenAuthentication.standard.authenticate(
            headerValue: header, nowMillis: now,
            token: { id in id == "t1" ? .init(secret: secret, activationId: "a1", status: status) : nil },
            recordNonce: { header, _ in nonces.insert(header.nonce).inserted }
        ).activationId
    }

    @Test("token header: valid once; a replay, a wrong secret, a stale timestamp and a blocked activation fail")
    func tokenAuthentication() throws {
        let secret = SecureRandom.bytes(count: 16)
        var seen = Set<String>()
        let header = TokenDigest.header(tokenId: "t1", tokenSecret: secret, timestampMillis: Self.now).value
        #expect(try tokenCheck(header, secret: secret, seen: &seen) == "a1")
        #expect(throws: ServerAuthenticationError(.rejected, "the token nonce was used before (replay)")) {
            try tokenCheck(header, secret: secret, seen: &seen)
        }
        let fresh = { TokenDigest.header(tokenId: "t1", tokenSecret: secret, timestampMillis: Self.now).value }
        #expect(throws: ServerAuthenticationError(.rejected, "the token digest does not match")) {
            try tokenCheck(fresh(), secret: SecureRandom.bytes(count: 16), seen: &seen)
        }
        #expect(throws: ServerAuthenticationError(.rejected, "the token timestamp is older than 2 hours")) {
            try tokenCheck(fresh(), secret: secret, seen: &seen, now: Self.now + 7_200_001)
        }
        #expect(throws: ServerAuthenticationError(.unknownCredential, "the activation is BLOCKED")) {
            try tokenCheck(fresh(), secret: secret, status: .blocked, seen: &seen)
        }
        #expect(throws: ServerAuthenticationError(.headerMissing, "the request has no X-PowerAuth-Token header")) {
            try tokenCheck(nil, secret: secret, seen: &seen)
        }
    }

    // MARK: signatures

    @Test("signature: inside the look-ahead window it verifies; a counter past the window does not")
    func signatureLookAhead() throws {
        var (device, enrollment) = try activated()
        let body = Data("{}".utf8)
        let authentication = ServerSignatureAuthentication(
            uriId: "/operation/authorize", allowed: [.possessionKnowledge])
        for _ in 0..<3 { _ = try signed(&device, uriId: "/operation/authorize", body: body) }
        let ahead = try signed(&device, uriId: "/operation/authorize", body: body)
        let accepted = try authentication.verify(ahead, body: body, activation: &enrollment.server, nowMillis: Self.now)
        #expect(accepted.isValid)
        #expect(accepted.matchedIteration == 3)
        #expect(enrollment.server.registration?.lastUsedMillis == Self.now)
        for _ in 0..<enrollment.server.lookAhead { _ = try signed(&device, uriId: "/operation/authorize", body: body) }
        let outside = try signed(&device, uriId: "/operation/authorize", body: body)
        let refused = try authentication.verify(
            outside, body: body, activation: &enrollment.server, nowMillis: Self.now)
        #expect(!refused.isValid)
        #expect(enrollment.server.counters.failedAttempts == 1)
    }

    @Test(
        "signature: a wrong password fails, the last allowed failure blocks (MAX_FAILED_ATTEMPTS), a type not allowed is refused"
    )
    func signatureFailures() throws {
        var (device, enrollment) = try activated()
        let body = Data("{}".utf8)
        let authentication = ServerSignatureAuthentication(
            uriId: "/pa/activation/remove", allowed: ServerSignatureAuthentication.twoOrMoreFactors)
        let possessionOnly = try signed(&device, uriId: authentication.uriId, body: body, type: .possession)
        #expect(throws: ServerAuthenticationError.self) {
            _ = try authentication.verify(
                possessionOnly, body: body, activation: &enrollment.server, nowMillis: Self.now)
        }
        var last: SignatureVerification?
        for _ in 0..<enrollment.server.counters.maxFailedAttempts {
            let wrong = try signed(&device, uriId: authentication.uriId, body: body, password: "0000")
            last = try authentication.verify(wrong, body: body, activation: &enrollment.server, nowMillis: Self.now)
            #expect(last?.isValid == false)
        }
        #expect(last?.blockedNow == true)
        #expect(enrollment.server.counters.status == .blocked)
        #expect(enrollment.server.registration?.blockedReason == "MAX_FAILED_ATTEMPTS")
        let right = try signed(&device, uriId: authentication.uriId, body: body)
        let afterBlock = try authentication.verify(
            right, body: body, activation: &enrollment.server, nowMillis: Self.now)
        #expect(!afterBlock.isValid)
        #expect(afterBlock.refusal != nil)
    }

    @Test("signature header: missing and malformed headers have their own kinds")
    func signatureHeaderParsing() {
        #expect(
            throws: ServerAuthenticationError(.headerMissing, "the request has no X-PowerAuth-Authorization header")
        ) {
            _ = try ServerSignatureAuthentication.header(nil)
        }
        #expect(throws: ServerAuthenticationError.self) { _ = try ServerSignatureAuthentication.header("PowerAuth x") }
    }
}

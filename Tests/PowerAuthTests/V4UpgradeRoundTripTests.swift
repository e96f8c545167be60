import Foundation
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import Testing

/// Upgrade 3.3 → 4.0 (spec powerauth-v4.md §15), device half (`PowerAuthV4.UpgradeStart`) against server half
/// (`ServerUpgradeFlowV4`) in process: start signed with the 3.3 keys, pending 4.0 keys (status flag bit 1),
/// confirm with the new keys, and what is refused on the way.
struct V4UpgradeRoundTripTests {
    static let now: Int64 = 1_800_000_000_000
    static let password = "1234"
    let master = NISTP384.PrivateKey()
    let temporaryKeys = ServerTemporaryKeysV4()
    let pair: ActivationFactory.Pair

    init() throws {
        pair = try ActivationFactory.create(password: Self.password, biometry: false)
    }

    var application: PowerAuthV4.Application {
        get throws {
            try PowerAuthV4.Application(
                applicationKey: pair.device.applicationKey, applicationSecret: pair.device.applicationSecret,
                masterPublicKey: master.publicKey.x963Representation)
        }
    }

    var flow: ServerUpgradeFlowV4 {
        ServerUpgradeFlowV4(
            applicationKey: pair.server.applicationKey, applicationSecret: pair.server.applicationSecret)
    }

    /// An application-scope temporary key, device ↔ server.
    func temporaryKey(_ suite: PowerAuthV4.Suite) throws -> PowerAuthV4.TemporaryKey {
        let exchange = try application.temporaryKeyExchange(suite: suite)
        let jwtKey = try PowerAuthV4.ActivationKeys.applicationTemporaryKey(
            applicationSecret: try #require(Data(base64Encoded: pair.device.applicationSecret)))
        let response = try temporaryKeys.issue(
            for: exchange.jwt, jwtKey: jwtKey, signingKey: master, nowMillis: Self.now)
        return try exchange.finish(responseJWT: response, signer: master.publicKey)
    }

    /// A fresh start request and its 3.x `X-PowerAuth-Authorization` (counter advanced on `device`).
    func start(
        _ device: inout DeviceActivation, suite: PowerAuthV4.Suite = .ecP384, password: String = Self.password,
        version: ProtocolVersion = .v33, uriId: String = PowerAuthV4.Upgrade.startURIId
    ) throws -> (request: PowerAuthV4.UpgradeStart, authorization: String) {
        let request = try PowerAuthV4.UpgradeStart(
            activationId: device.activationId, application: application, temporaryKey: temporaryKey(suite),
            suite: suite, nowMillis: Self.now)
        let header = try sign3x(&device, uriId: uriId, body: request.body, password: password, version: version)
        return (request, header)
    }

    /// A 3.x `possession_knowledge` header over `body`; advances the device's counter.
    func sign3x(
        _ device: inout DeviceActivation, uriId: String, body: Data, password: String = Self.password,
        version: ProtocolVersion = .v33
    ) throws -> String {
        let header = try AuthorizationHeader.sign(
            request: SignedRequest(
                method: "POST", uriId: uriId, nonce: SecureRandom.bytes(count: 16).base64EncodedString(), body: body),
            type: .possessionKnowledge, keys: device.factorKeys(password: password),
            counter: device.signatureCounter(), activationId: device.activationId,
            applicationKey: device.applicationKey, applicationSecret: device.applicationSecret, version: version)
        try device.advanceCounter()
        return header.value
    }

    /// The refusal of an upgrade start, or nil when it was accepted.
    func startRefusal(
        _ body: Data, _ authorization: String?, _ server: inout ServerActivation
    ) -> ServerUpgradeFlowV4.Refusal.Kind? {
        refusal {
            _ = try flow.start(
                body, authorization: authorization, activation: &server, temporaryKeys: temporaryKeys,
                nowMillis: Self.now)
        }
    }

    func refusal(_ body: () throws -> Void) -> ServerUpgradeFlowV4.Refusal.Kind? {
        do {
            try body()
            return nil
        } catch let error as ServerUpgradeFlowV4.Refusal {
            return error.kind
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test(
        "start → pending 4.0 keys (flag bit 1, 3.x still works) → confirm → 4.0 only; counters continue",
        arguments: [
            PowerAuthV4.Suite.ecP384, .ecP384MLL3,
        ])
    func roundTrip(suite: PowerAuthV4.Suite) throws {
        var device3 = pair.device
        var server = pair.server
        let (request, authorization) = try start(&device3, suite: suite)
        let answer = try flow.start(
            request.body, authorization: authorization, activation: &server, temporaryKeys: temporaryKeys,
            nowMillis: Self.now)
        #expect(server.v4 == nil && server.upgradeV4?.suite == suite)
        #expect(server.counters.counter == device3.counter, "the 3.3 start consumed one step on both sides")
        var device4 = try request.finish(responseBody: answer, counter: Int(device3.counter))
        let pending = try #require(server.upgradeV4)
        #expect(device4.state.counterData == pending.counterData, "ctrData replaces the 3.x counter data")
        #expect(device4.devicePublicKey == pending.devicePublicKey)
        #expect(try device4.state.keys() == pending.keys(), "both sides derived the same KEY_ACTIVATION_SECRET")

        // While pending: the 4.0 status blob (pending keys) has flag bit 1 and the counter in sync; 3.x works.
        let blob = try PowerAuthV4.StatusBlob(
            decoding: server.statusBlobV4(), statusKey: device4.state.keys().status)
        #expect(blob.flags & PowerAuthV4.StatusBlob.upgradePendingFlag != 0)
        #expect(try device4.counterPosition(blob) == .inSync)
        // (on a copy: a 3.x code in between moves the numeric counter the 4.0 device continues from)
        var probeDevice = device3
        var probe = server
        let still = try sign3x(&probeDevice, uriId: "/operation/authorize", body: Data("{}".utf8))
        #expect(
            try probe.verifySignature(
                AuthorizationHeader(parsing: still), uriId: "/operation/authorize", body: Data("{}".utf8)
            ).isValid)

        // Confirm with the new keys commits: the activation is 4.0.
        let confirm = try device4.upgradeConfirmAuthorization()
        let ok = try flow.confirm(Data(), authorization: confirm.value, activation: &server, nowMillis: Self.now)
        #expect(String(decoding: ok, as: UTF8.self) == #"{"status":"OK"}"#)
        #expect(server.v4 != nil && server.upgradeV4 == nil && !server.hasDeviceKey && server.tokens.isEmpty)
        let after = try PowerAuthV4.StatusBlob(decoding: server.statusBlobV4(), statusKey: device4.state.keys().status)
        #expect(after.flags & PowerAuthV4.StatusBlob.upgradePendingFlag == 0)
        #expect(try device4.counterPosition(after) == .inSync)
        #expect(Int(after.counterByte) == device4.state.counter & 0xFF)

        // A 4.0 possession_knowledge code of the upgraded device verifies at step 0; the numeric counters agree.
        let body = Data("{}".utf8)
        let header = try device4.authorize(
            method: "POST", uriId: "/operation/authorize", body: body, type: .possessionKnowledge)
        #expect(
            try server.verifyV4(
                header, method: "POST", uriId: "/operation/authorize", body: body,
                allowed: [.possessionKnowledge], nowMillis: Self.now) == .valid(steps: 0))
        #expect(Int(server.counters.counter) == device4.state.counter)

        // The 3.x keys are refused now, and a second upgrade is refused.
        let late = try sign3x(&device3, uriId: "/operation/authorize", body: body)
        #expect(throws: ServerAuthenticationError.self) {
            _ = try ServerSignatureAuthentication(uriId: "/operation/authorize", allowed: [.possessionKnowledge])
                .verify(AuthorizationHeader(parsing: late), body: body, activation: &server, nowMillis: Self.now)
        }
        let (again, againHeader) = try start(&device3)
        #expect(
            startRefusal(again.body, againHeader, &server) == .upgrade)
        try server.validate()
    }

    @Test("a wrong password is ERR_AUTHENTICATION and counts; confirm without start is ERR_UPGRADE")
    func refusals() throws {
        var device3 = pair.device
        var server = pair.server
        #expect(
            refusal {
                _ = try flow.confirm(Data(), authorization: nil, activation: &server, nowMillis: Self.now)
            } == .upgrade)
        let (request, wrong) = try start(&device3, password: "9999")
        #expect(
            startRefusal(request.body, wrong, &server) == .authentication)
        #expect(server.counters.failedAttempts == 1 && server.upgradeV4 == nil)
        // No header, or a header of another version (U1: the start is signed 3.3): ERR_UPGRADE.
        #expect(
            startRefusal(request.body, nil, &server) == .upgrade)
        let (other, v32) = try start(&device3, version: .v32)
        #expect(
            startRefusal(other.body, v32, &server) == .upgrade)
        // A confirm signed with keys the server does not hold: ERR_AUTHENTICATION (possession: not counted).
        let (good, header) = try start(&device3)
        let answer = try flow.start(
            good.body, authorization: header, activation: &server, temporaryKeys: temporaryKeys, nowMillis: Self.now)
        var device4 = try good.finish(responseBody: answer, counter: Int(device3.counter))
        var stranger = device4
        stranger.state = try PowerAuthV4.DeviceState(
            activationId: device4.activationId, suite: .ecP384, activationSecret: SecureRandom.bytes(count: 32),
            masterPublicKey: master.publicKey.x963Representation, counterData: device4.state.counterData)
        let forged = try stranger.upgradeConfirmAuthorization()
        #expect(
            refusal {
                _ = try flow.confirm(Data(), authorization: forged.value, activation: &server, nowMillis: Self.now)
            } == .authentication)
        #expect(server.upgradeV4 != nil && server.v4 == nil && server.counters.failedAttempts == 0)
        _ = try flow.confirm(
            Data(), authorization: device4.upgradeConfirmAuthorization().value, activation: &server,
            nowMillis: Self.now)
        #expect(server.v4 != nil)
    }

    @Test("a suite cryptography_algorithms_supported leaves out is ERR_VALIDATION; allowed, it starts")
    func suiteNotAllowed() throws {
        var device3 = pair.device
        var server = pair.server
        let (request, header) = try start(&device3, suite: .ecP384MLL3)
        #expect(
            refusal {
                _ = try flow.start(
                    request.body, authorization: header, activation: &server, temporaryKeys: temporaryKeys,
                    allowedSuites: [.ecP384], nowMillis: Self.now)
            } == .validation)
        #expect(server.upgradeV4 == nil)
        let (again, header2) = try start(&device3, suite: .ecP384MLL3)
        _ = try flow.start(
            again.body, authorization: header2, activation: &server, temporaryKeys: temporaryKeys,
            allowedSuites: [.ecP384MLL3], nowMillis: Self.now)
        #expect(server.upgradeV4?.suite == .ecP384MLL3)
    }

    @Test("a second start before the confirmation replaces the pending keys (a retry)")
    func restart() throws {
        var device3 = pair.device
        var server = pair.server
        let (first, firstHeader) = try start(&device3)
        let firstAnswer = try flow.start(
            first.body, authorization: firstHeader, activation: &server, temporaryKeys: temporaryKeys,
            nowMillis: Self.now)
        var abandoned = try first.finish(responseBody: firstAnswer, counter: Int(device3.counter))
        let (second, secondHeader) = try start(&device3, suite: .ecP384MLL3)
        let secondAnswer = try flow.start(
            second.body, authorization: secondHeader, activation: &server, temporaryKeys: temporaryKeys,
            nowMillis: Self.now)
        var current = try second.finish(responseBody: secondAnswer, counter: Int(device3.counter))
        #expect(server.upgradeV4?.suite == .ecP384MLL3)
        #expect(
            refusal {
                _ = try flow.confirm(
                    Data(), authorization: abandoned.upgradeConfirmAuthorization().value, activation: &server,
                    nowMillis: Self.now)
            } == .authentication)
        _ = try flow.confirm(
            Data(), authorization: current.upgradeConfirmAuthorization().value, activation: &server,
            nowMillis: Self.now)
        #expect(server.v4?.suite == .ecP384MLL3)
    }

    @Test("open points 7 and U1: the envelope under the documented /pa/upgrade/start, a header under pa_version 4.0")
    func otherChoices() throws {
        var device3 = pair.device
        var server = pair.server
        // The documented SHARED_INFO_1 constant: a server of that choice opens it, ours (the SDK's /pa/upgrade)
        // does not, and the key exchange never starts.
        let key = try temporaryKey(.ecP384)
        let envelope = try application.envelope(key)
        let payload = try PowerAuthV4.Wire.encode(
            PowerAuthV4.Wire.UpgradeRequest(
                sharedSecretRequest: PowerAuthV4.SharedSecret.ClientContext(suite: .ecP384).request,
                devicePublicKeys: PowerAuthV4.SigningKeys(suite: .ecP384).publicKeys, enableBiometry: false))
        let sealed = try envelope.sealRequest(
            payload, sharedInfo1: PowerAuthV4.SharedInfo1.upgradeStartDocumented, timestamp: Self.now)
        #expect(
            try envelope.openRequest(sealed, sharedInfo1: PowerAuthV4.SharedInfo1.upgradeStartDocumented) == payload)
        let body = try PowerAuthV4.Wire.encode(sealed)
        let header = try sign3x(&device3, uriId: PowerAuthV4.Upgrade.startURIId, body: body)
        #expect(
            startRefusal(body, header, &server) == .upgrade)
        #expect(server.upgradeV4 == nil)
        // U1's other choice: a start header claiming pa_version 4.0 does not parse as a 3.x header at all.
        let (request, _) = try start(&device3)
        let v4Header = PowerAuthV4.AuthorizationHeader(
            applicationKey: device3.applicationKey, activationId: device3.activationId, codeType: .possessionKnowledge,
            authCode: Data(count: 64).base64EncodedString(), nonce: Data(count: 16).base64EncodedString())
        #expect(
            startRefusal(request.body, v4Header.value, &server) == .upgrade)
    }
}

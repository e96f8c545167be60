import Foundation
import PowerAuth
import Testing

/// The ECIES JSON bodies, the `X-PowerAuth-Encryption` header and the replay guard.
@Suite("E2EE wire format")
struct E2EEWireTests {
    static let w1Request = """
        {"temporaryKeyId":"1221CD15-9092-4779-A157-04DC229A63F7",\
        "ephemeralPublicKey":"A1Ph49CFAdWfQFlzYPDeaFdipYMJGY+qYWEJgphvE601",\
        "encryptedData":"v5chxkMsHJanOOw/av+oRbPsk2Va226igxQ+2frT3AraTLwJxotHocnTFxyK7pNk",\
        "mac":"0yjA3GDiKJooZMi2hOkkD+aICpY7Slo/nzg0oTYrqJM=",\
        "nonce":"EoNe/DqID0Isa15tzFeTYw==",\
        "timestamp":1723109505421}
        """

    @Test func requestRoundTripsThroughTheWireForm() throws {
        let request = try JSONDecoder().decode(ECIES.EncryptedRequest.self, from: Data(Self.w1Request.utf8))
        #expect(request.timestamp == 1_723_109_505_421)
        #expect(request.ephemeralPublicKey.count == 33)
        try request.validateFields(for: .v33)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        let written = String(decoding: try encoder.encode(request), as: UTF8.self)
        #expect(written.contains(#""timestamp":1723109505421"#))
        #expect(written.contains(#""mac":"0yjA3GDiKJooZMi2hOkkD+aICpY7Slo/nzg0oTYrqJM=""#))
        #expect(try JSONDecoder().decode(ECIES.EncryptedRequest.self, from: Data(written.utf8)) == request)
        let original = try JSONSerialization.jsonObject(with: Data(Self.w1Request.utf8)) as? NSDictionary
        let again = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? NSDictionary
        #expect(original == again)
    }

    @Test func nullsAreAbsentAndAbsentKeysAreNotWritten() throws {
        let text =
            #"{"encryptedData":"AAAAAAAAAAAAAAAAAAAAAA==","mac":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=","nonce":null,"timestamp":null}"#
        let response = try JSONDecoder().decode(ECIES.EncryptedResponse.self, from: Data(text.utf8))
        #expect(response.nonce == nil && response.timestamp == nil)
        try response.validateFields(for: .v31)
        let written = String(decoding: try JSONEncoder().encode(response), as: UTF8.self)
        #expect(!written.contains("nonce") && !written.contains("timestamp") && !written.contains("null"))
    }

    @Test(arguments: [
        #"{"ephemeralPublicKey":"A1Ph49CFAdWfQFlzYPDeaFdipYMJGY+qYWEJgphvE601","encryptedData":"AAAA","mac":"AA=A"}"#,
        #"{"ephemeralPublicKey":"A1Ph49CFAdWfQFlzYPDeaFdipYMJGY+qYWEJgphvE601","encryptedData":"AAAA"}"#,
        #"{"ephemeralPublicKey":"A1Ph49CFAdWfQFlzYPDeaFdipYMJGY+qYWEJgphvE60","encryptedData":"AAAA","mac":"AAAA"}"#,
        #"{"ephemeralPublicKey":"AAAA","encryptedData":"AAAA","mac":"AAAA","timestamp":"1723109505421"}"#,
        #"{"ephemeralPublicKey":"AAAA","encryptedData":"AAAA","mac":"AAAA","timestamp":1.5}"#,
        #"{"ephemeralPublicKey":"AAAA","encryptedData":"AA AA","mac":"AAAA"}"#,
    ])
    func malformedRequestBodiesDoNotDecode(text: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ECIES.EncryptedRequest.self, from: Data(text.utf8))
        }
    }

    @Test func headerBuildsTheIOSLayout() throws {
        let header = EncryptionHeader(
            version: .v33, applicationKey: "WQBeNgCHGlW58rzUlP7Ehg==",
            activationId: "CF2E9A48-9085-4AA3-8F85-FFAFD2380609")
        #expect(
            header.value
                == #"PowerAuth version="3.3", application_key="WQBeNgCHGlW58rzUlP7Ehg==", activation_id="CF2E9A48-9085-4AA3-8F85-FFAFD2380609""#
        )
        try header.validate(scope: .activation)
        #expect(throws: PowerAuthError(.header, "")) { try header.validate(scope: .application) }
    }

    @Test(arguments: [
        // iOS, Android (no commas), Java builder order.
        #"PowerAuth version="3.2", application_key="WQBeNgCHGlW58rzUlP7Ehg==", activation_id="CF2E9A48-9085-4AA3-8F85-FFAFD2380609""#,
        #"PowerAuth version="3.2" application_key="WQBeNgCHGlW58rzUlP7Ehg==" activation_id="CF2E9A48-9085-4AA3-8F85-FFAFD2380609""#,
        #"PowerAuth application_key="WQBeNgCHGlW58rzUlP7Ehg==", activation_id="CF2E9A48-9085-4AA3-8F85-FFAFD2380609", version="3.2""#,
        // Unquoted values, as the server's regex also reads them.
        #"PowerAuth version=3.2, application_key=WQBeNgCHGlW58rzUlP7Ehg==,activation_id="CF2E9A48-9085-4AA3-8F85-FFAFD2380609""#,
    ])
    func headerParsesEveryLayout(value: String) throws {
        let header = try EncryptionHeader(parsing: value)
        #expect(header.version == .v32)
        #expect(header.applicationKey == "WQBeNgCHGlW58rzUlP7Ehg==")
        #expect(header.activationId == "CF2E9A48-9085-4AA3-8F85-FFAFD2380609")
        try header.validate(scope: .activation)
    }

    @Test func headerValidationFollowsTheServer() throws {
        let application = try EncryptionHeader(
            parsing: #"PowerAuth version="3.3", application_key="WQBeNgCHGlW58rzUlP7Ehg==""#)
        try application.validate(scope: .application)
        #expect(throws: PowerAuthError(.header, "")) { try application.validate(scope: .activation) }
        let shortKey = EncryptionHeader(version: .v33, applicationKey: "AAAA")
        #expect(throws: PowerAuthError(.header, "")) { try shortKey.validate(scope: .application) }
        let badId = EncryptionHeader(version: .v33, applicationKey: "WQBeNgCHGlW58rzUlP7Ehg==", activationId: "x")
        #expect(throws: PowerAuthError(.header, "")) { try badId.validate(scope: .activation) }
        #expect(throws: PowerAuthError(.version, "")) {
            try EncryptionHeader(parsing: #"PowerAuth version="4.0", application_key="WQBeNgCHGlW58rzUlP7Ehg==""#)
        }
        #expect(throws: PowerAuthError(.header, "")) {
            try EncryptionHeader(parsing: #"PowerAuth application_key="WQBeNgCHGlW58rzUlP7Ehg==""#)
        }
        #expect(throws: PowerAuthError(.header, "")) { try EncryptionHeader(parsing: #"Basic version="3.3""#) }
        #expect(throws: PowerAuthError(.header, "")) {
            try EncryptionHeader(parsing: #"PowerAuth version="3.3", version="3.2", application_key="x""#)
        }
        #expect(throws: PowerAuthError(.header, "")) {
            try EncryptionHeader(parsing: #"PowerAuth version="3.3", application_key="x"#)
        }
        #expect(throws: PowerAuthError(.header, "")) { try EncryptionHeader(parsing: #"PowerAuth version"#) }
    }

    @Test func headerFromParametersDropsTheActivationIdInApplicationScope() {
        let parameters = ECIES.Parameters(
            version: .v32, encryptorId: .applicationScopeGeneric, applicationKey: "k", applicationSecret: "s",
            activationId: "CF2E9A48-9085-4AA3-8F85-FFAFD2380609")
        #expect(EncryptionHeader(parameters: parameters).activationId == nil)
        var activation = parameters
        activation.encryptorId = .activationScopeGeneric
        #expect(EncryptionHeader(parameters: activation).activationId == "CF2E9A48-9085-4AA3-8F85-FFAFD2380609")
    }

    @Test func sharedInfo1HasTheVersionPrefixFrom32On() {
        #expect(ECIES.EncryptorID.createToken.sharedInfo1(version: .v30) == Data("/pa/token/create".utf8))
        #expect(ECIES.EncryptorID.createToken.sharedInfo1(version: .v31) == Data("/pa/token/create".utf8))
        #expect(ECIES.EncryptorID.createToken.sharedInfo1(version: .v32) == Data("3.2/pa/token/create".utf8))
        #expect(ECIES.EncryptorID.activationLayer2.sharedInfo1(version: .v33) == Data("3.3/pa/activation".utf8))
        #expect(ECIES.EncryptorID.allCases.filter { $0.scope == .application }.count == 2)
    }

    static func timedRequest(_ timestamp: Int64?, nonce: UInt8 = 1) -> ECIES.EncryptedRequest {
        ECIES.EncryptedRequest(
            ephemeralPublicKey: Data(repeating: 2, count: 33), encryptedData: Data(count: 16), mac: Data(count: 32),
            nonce: Data(repeating: nonce, count: 16), timestamp: timestamp)
    }

    @Test func replayGuardRefusesRepeatsWithinTheWindow() async throws {
        let guardian = ECIES.ReplayGuard()
        let now: Int64 = 1_000_000
        try await guardian.check(Self.timedRequest(now - 10), now: now)
        await #expect(throws: PowerAuthError(.replay, "")) {
            try await guardian.check(Self.timedRequest(now - 10), now: now + 5)
        }
        try await guardian.check(Self.timedRequest(now - 10, nonce: 2), now: now)
        // After the window the record is gone (and the timestamp is too old for 2.x anyway).
        try await guardian.check(Self.timedRequest(now + 60_000), now: now + 60_000)
        #expect(await guardian.count == 1)
        // 3.0/3.1 requests carry no timestamp and are not recorded.
        try await guardian.check(Self.timedRequest(nil), now: now)
        try await guardian.check(Self.timedRequest(nil), now: now)
    }

    @Test func timestampPolicies() async throws {
        let now: Int64 = 10_000_000
        let server2 = ECIES.ReplayGuard(policy: .server2)
        await #expect(throws: PowerAuthError(.replay, "")) {
            try await server2.check(Self.timedRequest(now + 1), now: now)
        }
        await #expect(throws: PowerAuthError(.replay, "")) {
            try await server2.check(Self.timedRequest(now - 60_001), now: now)
        }
        try await server2.check(Self.timedRequest(now - 60_000), now: now)
        try await server2.check(Self.timedRequest(now, nonce: 3), now: now)

        let server19 = ECIES.ReplayGuard(policy: .server19)
        try await server19.check(Self.timedRequest(now + 60_000), now: now)
        try await server19.check(Self.timedRequest(0, nonce: 4), now: now)
        await #expect(throws: PowerAuthError(.replay, "")) {
            try await server19.check(Self.timedRequest(now + 60_001, nonce: 5), now: now)
        }
    }
}

import Foundation
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import Testing

@Suite("Activations, knowledge key storage, TOTP")
struct ActivationTests {
    @Test func bothSidesAgree() throws {
        let pair = try ActivationFactory.create(password: "1234", biometry: true)
        let serverKeys = try pair.server.factorKeys()
        let deviceKeys = try pair.device.factorKeys(password: "1234")
        #expect(deviceKeys == serverKeys)
        #expect(pair.device.ctrData == pair.server.counters.ctrData)
        #expect(pair.device.activationId == pair.server.activationId)
        try pair.device.validate()
        try pair.server.validate()
        let wrong = try pair.device.factorKeys(password: "1235")
        #expect(wrong.knowledge != serverKeys.knowledge)
        #expect(wrong.knowledge?.count == 16)
    }

    @Test func withoutBiometryTheDeviceHasNoBiometryKey() throws {
        let pair = try ActivationFactory.create(password: "1234", biometry: false)
        #expect(pair.device.biometryKey == nil)
        #expect(throws: PowerAuthError(.missingFactorKey, "")) {
            try pair.device.factorKeys(password: "1234").keys(for: .possessionBiometry)
        }
    }

    @Test func knowledgeKeyIsStoredAsTheSDKDoes() throws {
        let key = SecureRandom.bytes(count: 16)
        let salt = SecureRandom.bytes(count: 16)
        let protection = try KnowledgeKeyProtection.protect(knowledgeKey: key, password: "pässword", salt: salt)
        let storageKey = try PBKDF2.deriveSHA1(
            password: Data("pässword".utf8), salt: salt, iterations: 10_000, keyLength: 16)
        #expect(try AES128.encryptBlock(key, key: storageKey) == protection.encryptedKey)
        #expect(try protection.knowledgeKey(password: "pässword") == key)
        #expect(try protection.knowledgeKey(password: "password") != key)
    }

    @Test func deviceCounterAdvancesAndWarnsNearTheWindow() throws {
        var device = try ActivationFactory.create(password: "1", biometry: false, lookAhead: 20).device
        let first = try device.signatureCounter()
        for _ in 0..<14 { try device.advanceCounter() }
        #expect(!device.isNearLookAhead)
        try device.advanceCounter()
        #expect(device.isNearLookAhead)
        #expect(device.counter == 15)
        #expect(try device.signatureCounter() == first.advanced(by: 15))
    }

    @Test func jsonRoundTrip() throws {
        let pair = try ActivationFactory.create(password: "1", biometry: true)
        let data = try ActivationFileCodec.encode(pair.device)
        let decoded = try JSONDecoder().decode(DeviceActivation.self, from: data)
        #expect(decoded == pair.device)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"formatVersion\" : 1"))
        let server = try JSONDecoder().decode(ServerActivation.self, from: ActivationFileCodec.encode(pair.server))
        #expect(server == pair.server)
    }

    @Test func importsACmdToolStatusFile() throws {
        let pair = try ActivationFactory.create(password: "0000", biometry: true)
        let keys = try pair.server.derivedKeys()
        let salt = SecureRandom.bytes(count: 16)
        let protection = try KnowledgeKeyProtection.protect(knowledgeKey: keys.knowledge, password: "0000", salt: salt)
        let status: [String: Any] = [
            "activationId": pair.server.activationId,
            "serverPublicKey": pair.server.serverPublicKey.base64EncodedString(),
            "counter": 4,
            "ctrData": try #require(pair.server.counters.ctrData).base64EncodedString(),
            "encryptedDevicePrivateKey": SecureRandom.bytes(count: 48).base64EncodedString(),
            "signatureBiometryKey": keys.biometry.base64EncodedString(),
            "signatureKnowledgeKeyEncrypted": protection.encryptedKey.base64EncodedString(),
            "signatureKnowledgeKeySalt": salt.base64EncodedString(),
            "signaturePossessionKey": keys.possession.base64EncodedString(),
            "transportMasterKey": keys.transport.base64EncodedString(),
            "version": 3,
        ]
        let json = try JSONSerialization.data(withJSONObject: status)
        let device = try CmdToolStatusFile(json: json).deviceActivation(
            application: .init(
                applicationKey: pair.server.applicationKey, applicationSecret: pair.server.applicationSecret,
                masterPublicKey: pair.server.masterPublicKey.base64EncodedString()))
        #expect(device.counter == 4)
        #expect(try device.factorKeys(password: "0000") == keys.factorKeys)
        #expect(throws: PowerAuthError.self) {
            try CmdToolStatusFile(json: Data("{\"activationId\": 1}".utf8))
        }
    }

    @Test func rfc6238SHA1Table() throws {
        // RFC 6238 Appendix B, HMAC-SHA1, seed "12345678901234567890".
        let seed = Data("12345678901234567890".utf8)
        let table: [(Int64, String)] = [
            (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
            (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
        ]
        for (time, expected) in table {
            #expect(try TOTP.code(seed: seed, unixTime: time, algorithm: .sha1) == expected, "time \(time)")
        }
        #expect(throws: PowerAuthError.self) { try TOTP.code(seed: seed, unixTime: 59, digits: 3) }
    }

    @Test func approvalCodeGrouping() {
        #expect(ApprovalCodeGrouping.fourByFour.format("12345678-87654321") == "1234-5678-8765-4321")
        #expect(ApprovalCodeGrouping.twoByEight.format("12345678-87654321") == "12345678-87654321")
        #expect(ApprovalCodeGrouping.normalize("1234-5678-8765-4321") == "12345678-87654321")
        #expect(ApprovalCodeGrouping.fourByFour.format("1234-5678") == "1234-5678")
    }
}

@Suite("Mobile SDK configuration blob")
struct MobileSDKConfigurationTests {
    @Test(arguments: [16, 200, 20_000])
    func roundTrip(secretLength: Int) throws {
        let key = SecureRandom.bytes(count: 16)
        let secret = SecureRandom.bytes(count: secretLength)
        let master = NISTP256.Signing.PrivateKey().publicKey.x963Representation
        let blob = MobileSDKConfiguration.encode(
            applicationKey: key, applicationSecret: secret, masterServerPublicKey: master)
        let parsed = try MobileSDKConfiguration(base64: blob)
        #expect(parsed.applicationKey == key.base64EncodedString())
        #expect(parsed.applicationSecret == secret.base64EncodedString())
        #expect(parsed.masterServerPublicKey == master)
    }

    @Test func truncatedBlobsAreMalformed() throws {
        let blob = try #require(
            Data(
                base64Encoded: MobileSDKConfiguration.encode(
                    applicationKey: Data(count: 16), applicationSecret: Data(count: 16),
                    masterServerPublicKey: Data(count: 65))))
        for length in stride(from: 0, to: blob.count, by: 7) {
            #expect(throws: PowerAuthError.self) {
                try MobileSDKConfiguration(base64: blob.prefix(length).base64EncodedString())
            }
        }
    }
}

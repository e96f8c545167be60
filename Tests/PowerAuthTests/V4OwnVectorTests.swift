import Foundation
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import QRAuthTestSupport
import Testing

/// qrauth's own PowerAuth 4.0 vectors: reproduced by the library, and cross-checked by a second computation
/// built in the test from `openssl` command-line primitives (KMAC-256, HMAC-SHA384, SHA3-256, ECDSA P-384).
@Suite struct V4OwnVectorTests {
    typealias V4 = PowerAuthV4
    static let path = "derived/v4/own-vectors.json"

    static func load() throws -> V4OwnVectors {
        try Fixture.decode(V4OwnVectors.self, path)
    }

    /// Regenerates the file when `QRAUTH_WRITE_V4_VECTORS` names a path (never in a normal run).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["QRAUTH_WRITE_V4_VECTORS"] != nil))
    func writeVectors() throws {
        let path = try #require(ProcessInfo.processInfo.environment["QRAUTH_WRITE_V4_VECTORS"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(try V4OwnVectors.generate()).write(to: URL(fileURLWithPath: path))
    }

    @Test func fileRecordsTheCurrentChoices() throws {
        #expect(try Self.load().choices == V4OwnVectors.currentChoices)
    }

    @Test func libraryReproducesEveryValue() throws {
        let file = try Self.load()
        #expect(file.activations.count == 2)
        for item in file.activations {
            let keys = try V4OwnVectors.keys(item)
            #expect(keys.possession.base64EncodedString() == item.possession)
            #expect(keys.knowledge.base64EncodedString() == item.knowledge)
            #expect(keys.biometry.base64EncodedString() == item.biometry)
            #expect(keys.counterData.base64EncodedString() == item.counterData)
            #expect(keys.status.base64EncodedString() == item.status)
            #expect(keys.activationTemporaryKey.base64EncodedString() == item.activationTemporaryKey)
            #expect(keys.personalizedData.base64EncodedString() == item.personalizedData)
            #expect(keys.sharedInfo2.base64EncodedString() == item.sharedInfo2)
        }
        #expect(file.authenticationCodes.count == 6)
        for item in file.authenticationCodes {
            let keys = try V4OwnVectors.keys(file.activations[item.activation])
            let type = try #require(V4.AuthenticationCode.CodeType(rawValue: item.type))
            let components = try V4.AuthenticationCode.components(
                data: try Fixture.base64(item.normalizedData), factorKeys: type.factorKeys(keys),
                counterData: try Fixture.base64(item.counterData))
            #expect(V4.AuthenticationCode.online(components) == item.online)
            #expect(item.online.count == (type == .possession ? 44 : 88))
            #expect(try V4.AuthenticationCode.offline(components, digits: 8) == item.offline8)
            #expect(try V4.AuthenticationCode.offline(components, digits: 4) == item.offline4)
        }
        #expect(file.offlineQR.count == 2)
        for item in file.offlineQR {
            let keys = try V4OwnVectors.keys(file.activations[item.activation])
            let master = try NISTP384.PublicKey(x963Representation: try Fixture.base64(item.masterPublicKey))
            #expect(
                try V4.OfflineQR.signPersonalized(item.unsigned, key: keys.personalizedData) == item.personalizedPayload
            )
            #expect(
                try V4.OfflineQR.verify(
                    item.personalizedPayload, personalizedKey: keys.personalizedData, masterKey: nil) == .valid)
            #expect(
                try V4.OfflineQR.verify(item.nonPersonalizedPayload, personalizedKey: nil, masterKey: master) == .valid)
            #expect(
                try V4.OfflineQR.verify(item.personalizedPayload, personalizedKey: keys.possession, masterKey: nil)
                    == .invalid)
            #expect(
                try V4.OfflineQR.verify(item.nonPersonalizedPayload, personalizedKey: nil, masterKey: nil)
                    == .keyUnavailable)
            let tampered = item.nonPersonalizedPayload.replacingOccurrences(of: "Payment", with: "Paymenu")
            #expect(try V4.OfflineQR.verify(tampered, personalizedKey: nil, masterKey: master) == .invalid)
            let counter = try Fixture.base64(item.counterData)
            func approval(_ second: Data, _ digits: Int = 8) throws -> String {
                try V4.OfflineQR.approvalCode(
                    operationId: item.operationId, operationData: item.operationData, totp: item.totp,
                    nonce: item.nonce,
                    factorKeys: [keys.possession, second], counterData: counter, digits: digits)
            }
            #expect(try approval(keys.knowledge) == item.approvalKnowledge)
            #expect(try approval(keys.biometry) == item.approvalBiometry)
            #expect(try approval(keys.knowledge, 6) == item.approvalKnowledge6)
            #expect(item.approvalKnowledge.count == 17 && item.approvalKnowledge6.count == 13)
        }
        for item in file.statusBlobs {
            let keys = try V4OwnVectors.keys(file.activations[item.activation])
            let blob = V4.StatusBlob(
                status: item.status, currentVersion: item.currentVersion, upgradeVersion: item.upgradeVersion,
                flags: item.flags, counterByte: item.counterByte, failedAttempts: item.failedAttempts,
                maxFailedAttempts: item.maxFailedAttempts, lookAhead: item.lookAhead,
                counterDataHash: try V4.Counter.hash(try Fixture.base64(item.counterData), key: keys.counterData))
            #expect(try blob.encode(statusKey: keys.status).base64EncodedString() == item.blob)
            #expect(try V4.StatusBlob(decoding: try Fixture.base64(item.blob), statusKey: keys.status) == blob)
            #expect(throws: PowerAuthError(.statusBlob, "")) {
                try V4.StatusBlob(decoding: try Fixture.base64(item.blob), statusKey: keys.possession)
            }
            // Resync: the counter two steps behind finds the blob's hash at distance 2.
            let behind = try Fixture.base64(item.counterData)
            let ahead = V4.Counter.next(V4.Counter.next(behind))
            let hash = try V4.Counter.hash(ahead, key: keys.counterData)
            #expect(try V4.Counter.distance(from: behind, toHash: hash, key: keys.counterData, lookAhead: 20) == 2)
            #expect(try V4.Counter.distance(from: behind, toHash: hash, key: keys.counterData, lookAhead: 2) == nil)
        }
        for item in file.temporaryKeys {
            let jwtKey = try Fixture.base64(item.jwtKey)
            let expectedKey =
                try item.activation.map { try V4OwnVectors.keys(file.activations[$0]).activationTemporaryKey }
                ?? V4.ActivationKeys.applicationTemporaryKey(
                    applicationSecret: try Fixture.base64(item.applicationSecret))
            #expect(jwtKey == expectedKey)
            let claims = try V4.TemporaryKeyJWT.verifyRequest(item.requestJWT, jwtKey: jwtKey)
            #expect(try V4.TemporaryKeyJWT.request(claims, jwtKey: jwtKey) == item.requestJWT)
            #expect(throws: PowerAuthError(.temporaryKey, "")) {
                try V4.TemporaryKeyJWT.verifyRequest(item.requestJWT, jwtKey: jwtKey.dropFirst() + Data([0]))
            }
            let server = try NISTP384.PublicKey(x963Representation: try Fixture.base64(item.serverPublicKey))
            let verified = try V4.TemporaryKeyJWT.verifySignatures(item.responseJWT, publicKey: server)
            #expect(verified.claims.challenge == claims.challenge)
            #expect(verified.claims.activationId == claims.activationId)
            #expect(verified.additional == .none)
        }
    }

    @Test(.enabled(if: OpenSSLCommandLine.isAvailable, "needs /usr/bin/openssl"))
    func openSSLCommandLineAgreesWithTheFile() throws {
        let file = try Self.load()
        let openssl = try OpenSSLCommandLine()
        defer { openssl.remove() }
        func be32(_ value: Int) -> Data { Data([0, 0, UInt8(value >> 8), UInt8(value & 0xFF)]) }
        func kmac(_ key: Data, _ message: Data, _ custom: String) throws -> Data {
            try Fixture.hex(try openssl.kmac256(key: key, message: message, length: 32, customization: custom))
        }
        // KDF with no diversifier, message built here: BE32(len label) || label || BE32(0).
        func kdf(_ key: Data, _ label: String) throws -> Data {
            try kmac(key, be32(label.utf8.count) + Data(label.utf8) + be32(0), "PA4KDF")
        }
        let first = file.activations[0]
        let secret = try Fixture.base64(first.activationSecret)
        let authentication = try kdf(secret, "auth")
        let utility = try kdf(secret, "util")
        let possession = try kdf(authentication, "auth/possession")
        let knowledge = try kdf(authentication, "auth/knowledge")
        #expect(possession.base64EncodedString() == first.possession)
        #expect(knowledge.base64EncodedString() == first.knowledge)
        #expect(try kdf(utility, "util/mac/personalized-data").base64EncodedString() == first.personalizedData)
        #expect(try kdf(utility, "util/mac/status").base64EncodedString() == first.status)
        // Authentication codes: C1 = KMAC(KMAC(Kp, CTR), DATA), C2 = KMAC(KMAC(K2, CTR || KMAC(Kp, CTR)), DATA).
        for item in file.authenticationCodes where item.activation == 0 && item.type == "possession_knowledge" {
            let counter = try Fixture.base64(item.counterData)
            let data = try Fixture.base64(item.normalizedData)
            let d1 = try kmac(possession, counter, "PA4CODE")
            let d2 = try kmac(knowledge, counter + d1, "PA4CODE")
            let online = try kmac(d1, data, "PA4CODE") + (try kmac(d2, data, "PA4CODE"))
            #expect(online.base64EncodedString() == item.online)
        }
        // QR key 2 tag and key 0 signature.
        for item in file.offlineQR where item.activation == 0 {
            let signed = Data((item.unsigned + "2").utf8)
            let tag = try kmac(try Fixture.base64(first.personalizedData), signed, "PA4MAC-QR")
            #expect(item.personalizedPayload == item.unsigned + "2" + tag.base64EncodedString())
            let signature = try #require(
                Data(base64Encoded: String(item.nonPersonalizedPayload.dropFirst(item.unsigned.count + 1))))
            let publicKey =
                try Fixture.hex("3076301006072a8648ce3d020106052b81040022036200")
                + (try Fixture.base64(item.masterPublicKey))
            let verified = try openssl.run([
                "dgst", "-sha384", "-verify", try openssl.write(publicKey, to: "master.pub"), "-keyform", "DER",
                "-signature", try openssl.write(signature, to: "qr.sig"),
                try openssl.write(Data((item.unsigned + "0").utf8), to: "qr.txt"),
            ])
            #expect(verified.status == 0)
        }
        // Status blob MAC and counter step (SHA3-256).
        let status = file.statusBlobs[0]
        let blob = try Fixture.base64(status.blob)
        #expect(try kmac(try Fixture.base64(first.status), blob.prefix(48), "PA4MAC-STATUS") == blob.suffix(32))
        let counter = try Fixture.base64(status.counterData)
        let sha3 = try openssl.succeed([
            "dgst", "-sha3-256", "-binary", try openssl.write(counter, to: "ctr"),
        ])
        #expect(sha3 == PowerAuthV4.Counter.next(counter))
        #expect(try kmac(try Fixture.base64(first.counterData), counter, "PA4MAC-CTR") == blob[16..<48])
        // HS384 request JWTs.
        for item in file.temporaryKeys {
            let parts = item.requestJWT.split(separator: ".")
            let mac = try openssl.succeed([
                "mac", "-digest", "SHA384", "-macopt",
                "hexkey:" + OpenSSLCommandLine.hex(try Fixture.base64(item.jwtKey)),
                "-in", try openssl.write(Data("\(parts[0]).\(parts[1])".utf8), to: "jwt"), "HMAC",
            ])
            let expected = String(decoding: mac, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(OpenSSLCommandLine.hex(try #require(Self.base64URL(String(parts[2])))) == expected.lowercased())
        }
    }

    static func base64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}

/// The device side of offline QR for a 4.0 activation, on the own vectors.
@Suite struct V4DeviceStateTests {
    typealias V4 = PowerAuthV4

    static func state(
        _ file: V4OwnVectors, _ item: V4OwnVectors.OfflineQR, biometry: Bool = false
    ) throws
        -> V4.DeviceState
    {
        try V4.DeviceState(
            activationId: "a2fb8d5c-576b-4f65-98bf-0aa476cec799", suite: .ecP384,
            activationSecret: try Fixture.base64(file.activations[item.activation].activationSecret),
            masterPublicKey: try Fixture.base64(item.masterPublicKey),
            counterData: try Fixture.base64(item.counterData),
            biometryEnabled: biometry)
    }

    @Test func verifiesKeys0And2AndRefusesKey1() throws {
        let file = try V4OwnVectorTests.load()
        for item in file.offlineQR {
            let state = try Self.state(file, item)
            #expect(try state.verify(item.personalizedPayload) == .valid)
            #expect(try state.verify(item.nonPersonalizedPayload) == .valid)
            let asKey1 = item.unsigned + "1" + String(item.nonPersonalizedPayload.dropFirst(item.unsigned.count + 1))
            #expect(try state.verify(asKey1) == .keyUnavailable)
        }
    }

    @Test func approvalCodesAdvanceTheCounterOnce() throws {
        let file = try V4OwnVectorTests.load()
        let item = file.offlineQR[0]
        var state = try Self.state(file, item)
        let before = state.counterData
        let first = try state.approvalCode(
            operationId: item.operationId, operationData: item.operationData, totp: item.totp, nonce: item.nonce,
            factor: .knowledge)
        #expect(first == item.approvalKnowledge)
        #expect(state.counter == 1 && state.counterData == V4.Counter.next(before))
        let second = try state.approvalCode(
            operationId: item.operationId, operationData: item.operationData, totp: item.totp, nonce: item.nonce,
            factor: .knowledge)
        #expect(second != first)
        #expect(throws: PowerAuthError(.factorNotAllowed, "")) {
            try state.approvalCode(
                operationId: item.operationId, operationData: item.operationData, totp: item.totp, nonce: item.nonce,
                factor: .biometry)
        }
        var withBiometry = try Self.state(file, item, biometry: true)
        #expect(
            try withBiometry.approvalCode(
                operationId: item.operationId, operationData: item.operationData, totp: item.totp, nonce: item.nonce,
                factor: .biometry) == item.approvalBiometry)
    }

    @Test func approvesAParsedKey0Payload() throws {
        let file = try V4OwnVectorTests.load()
        let item = file.offlineQR[0]
        let operation = try OfflineOperation(item.nonPersonalizedPayload)
        var state = try Self.state(file, item)
        #expect(try state.approvalCode(for: operation, factor: .knowledge) == item.approvalKnowledge)
        var other = try Self.state(file, file.offlineQR[1])
        #expect(throws: PowerAuthError(.payload, "")) { try other.approvalCode(for: operation, factor: .knowledge) }
    }
}

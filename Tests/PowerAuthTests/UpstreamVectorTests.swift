import Foundation
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import Testing

@Suite("Upstream PowerAuth vectors")
struct UpstreamVectorTests {
    static let both = ["upstream/powerauth-crypto/", "upstream/powerauth-mobile-sdk/"]

    @Test(arguments: both.map { $0 + "compute-master-secret-key.json" })
    func masterSecret(file: String) throws {
        let items = try Fixture.upstream(file)
        #expect(items.count == 20)
        for (index, item) in items.enumerated() {
            let expected = item.output["masterSecretKey"]
            let devicePrivate = try ServerSignedData.privateKey(base64: #require(item.input["devicePrivateKey"]))
            let devicePublic = try ServerSignedData.publicKey(base64: #require(item.input["devicePublicKey"]))
            let serverPrivate = try ServerSignedData.privateKey(base64: #require(item.input["serverPrivateKey"]))
            let serverPublic = try ServerSignedData.publicKey(base64: #require(item.input["serverPublicKey"]))
            let client = try KeyDerivation.masterSecret(privateKey: devicePrivate, publicKey: serverPublic)
            let server = try KeyDerivation.masterSecret(privateKey: serverPrivate, publicKey: devicePublic)
            #expect(client.base64EncodedString() == expected, "item \(index) client")
            #expect(server.base64EncodedString() == expected, "item \(index) server")
            #expect(devicePrivate.publicKey == devicePublic, "item \(index) device key pair")
        }
    }

    @Test(arguments: both.map { $0 + "compute-derived-keys.json" })
    func derivedKeys(file: String) throws {
        let items = try Fixture.upstream(file)
        #expect(items.count == 20)
        for (index, item) in items.enumerated() {
            let keys = try DerivedKeys(masterSecret: Fixture.base64(item.input["masterSecretKey"]))
            #expect(keys.possession.base64EncodedString() == item.output["signaturePossessionKey"], "item \(index)")
            #expect(keys.knowledge.base64EncodedString() == item.output["signatureKnowledgeKey"], "item \(index)")
            #expect(keys.biometry.base64EncodedString() == item.output["signatureBiometryKey"], "item \(index)")
            #expect(keys.transport.base64EncodedString() == item.output["transportKey"], "item \(index)")
            #expect(keys.vault.base64EncodedString() == item.output["vaultEncryptionKey"], "item \(index)")
        }
    }

    static func factorKeys(_ input: [String: String]) throws -> FactorKeys {
        FactorKeys(
            possession: try Fixture.base64(input["signaturePossessionKey"]),
            knowledge: try Fixture.base64(input["signatureKnowledgeKey"]),
            biometry: try Fixture.base64(input["signatureBiometryKey"]))
    }

    @Test(arguments: both.map { $0 + "signatures-v2.json" })
    func signaturesV2(file: String) throws {
        let items = try Fixture.upstream(file)
        #expect(items.count == 300)
        for (index, item) in items.enumerated() {
            let counter = try #require(UInt64(item.input["counter"] ?? ""))
            let signature = try PowerAuthSignature.compute(
                type: SignatureType(name: #require(item.input["signatureType"])), keys: Self.factorKeys(item.input),
                counter: .numeric(counter), data: Fixture.base64(item.input["data"]), format: .decimal(length: 8))
            #expect(signature == item.output["signature"], "item \(index)")
        }
    }

    @Test(arguments: both.map { $0 + "signatures-v3.json" } + both.map { $0 + "signatures-v31.json" })
    func signaturesV3(file: String) throws {
        let items = try Fixture.upstream(file)
        #expect(items.count == 300)
        let format: SignatureFormat = file.hasSuffix("v31.json") ? .base64 : .decimal(length: 8)
        for (index, item) in items.enumerated() {
            let signature = try PowerAuthSignature.compute(
                type: SignatureType(name: #require(item.input["signatureType"])), keys: Self.factorKeys(item.input),
                counter: .hashBased(validating: Fixture.base64(item.input["counterData"])),
                data: Fixture.base64(item.input["data"]), format: format)
            #expect(signature == item.output["signature"], "item \(index)")
        }
    }

    @Test(arguments: both.map { $0 + "signatures-v3.json" })
    func consecutiveCounterDataFollowsTheHashChain(file: String) throws {
        let items = try Fixture.upstream(file)
        var links = 0
        for (current, next) in zip(items, items.dropFirst()) {
            let counter = try SignatureCounter.hashBased(validating: Fixture.base64(current.input["counterData"]))
            let following = try Fixture.base64(next.input["counterData"])
            if counter.advanced().counterData == following { links += 1 }
        }
        #expect(links > items.count / 2)
    }

    @Test(arguments: both.map { $0 + "signatures-offline.json" })
    func offlineSignatures(file: String) throws {
        let items = try Fixture.upstream(file)
        #expect(items.count == 200)
        for (index, item) in items.enumerated() {
            let length = try #require(Int(item.input["signatureComponentLength"] ?? ""))
            let signature = try PowerAuthSignature.compute(
                type: SignatureType(name: #require(item.input["signatureType"])), keys: Self.factorKeys(item.input),
                counter: .hashBased(validating: Fixture.base64(item.input["counterData"])),
                data: Fixture.base64(item.input["data"]), format: SignatureFormat.offline(length: length))
            #expect(signature == item.output["signature"], "item \(index)")
        }
    }

    @Test(arguments: both.map { $0 + "activation-status-blob-iv.json" })
    func statusBlobIV(file: String) throws {
        let items = try Fixture.upstream(file)
        #expect(items.count == 32)
        for (index, item) in items.enumerated() {
            let iv = try ActivationStatusBlob.iv(
                transportKey: Fixture.base64(item.input["transportKey"]),
                challenge: Fixture.base64(item.input["challenge"]), nonce: Fixture.base64(item.input["nonce"]))
            #expect(iv.base64EncodedString() == item.output["iv"], "item \(index)")
        }
    }

    @Test(arguments: both.map { $0 + "activation-status-blob-data.json" })
    func statusBlobData(file: String) throws {
        let items = try Fixture.upstream(file)
        #expect(items.count == 8)
        for (index, item) in items.enumerated() {
            let transportKey = try Fixture.base64(item.input["transportKey"])
            let blob = try ActivationStatusBlob(
                encrypted: Fixture.base64(item.input["encryptedStatusBlob"]), transportKey: transportKey,
                challenge: Fixture.base64(item.input["challenge"]), nonce: Fixture.base64(item.input["nonce"]))
            #expect(String(blob.status) == item.output["activationStatus"], "item \(index)")
            #expect(String(blob.currentVersion) == item.output["currentVersion"], "item \(index)")
            #expect(String(blob.upgradeVersion) == item.output["upgradeVersion"], "item \(index)")
            #expect(String(blob.failedAttempts) == item.output["failedAttempts"], "item \(index)")
            #expect(String(blob.maxFailedAttempts) == item.output["maxFailedAttempts"], "item \(index)")
            #expect(String(blob.lookAhead) == item.output["ctrLookAhead"], "item \(index)")
            #expect(String(blob.counterByte) == item.output["ctrByte"], "item \(index)")
            #expect(blob.counterDataHash.base64EncodedString() == item.output["ctrDataHash"], "item \(index)")
            let distance = try blob.counterDistance(
                localCtrData: Fixture.base64(item.input["ctrData"]), transportKey: transportKey)
            #expect(distance.map(String.init) == item.output["counterDistance"], "item \(index)")
        }
    }

    @Test(arguments: [
        "upstream/powerauth-crypto/public-key-fingerprint-v3.json",
        "upstream/powerauth-mobile-sdk/public-key-fingerprint.json",
    ])
    func fingerprintV3(file: String) throws {
        let items = try Fixture.upstream(file)
        #expect(items.count == 100)
        for (index, item) in items.enumerated() {
            let device = try ServerSignedData.publicKey(base64: #require(item.input["devicePublicKey"]))
            let server = try ServerSignedData.publicKey(base64: #require(item.input["serverPublicKey"]))
            #expect(
                ActivationFingerprint.xCoordinate(device).base64EncodedString() == item.output["devicePublicKeyCoordX"])
            let fingerprint = ActivationFingerprint.v3(
                devicePublicKey: device, activationId: try #require(item.output["activationId"]),
                serverPublicKey: server)
            #expect(fingerprint == item.output["fingerprint"], "item \(index)")
        }
    }

    @Test(arguments: [
        "upstream/powerauth-crypto/public-key-fingerprint-v2.json",
        "upstream/powerauth-crypto/public-key-fingerprint.json",
    ])
    func fingerprintV2(file: String) throws {
        let items = try Fixture.upstream(file)
        #expect(items.count == 100)
        for (index, item) in items.enumerated() {
            let device = try ServerSignedData.publicKey(base64: #require(item.input["publicKey"]))
            let x = ActivationFingerprint.xCoordinate(device)
            if file.hasSuffix("-v2.json") {
                #expect(x.base64EncodedString() == item.output["publicKeyCoordX"])
                #expect(
                    ActivationFingerprint.v2(devicePublicKey: device) == item.output["fingerprint"], "item \(index)")
            } else {
                // The older file: a short X coordinate is padded on the right.
                let padded = x + Data(count: 32 - x.count)
                #expect(padded.base64EncodedString() == item.output["publicKeyCoordX"])
                #expect(ActivationFingerprint.legacyV2(devicePublicKey: device) == item.output["fingerprint"])
            }
        }
    }

    @Test(arguments: [
        "upstream/powerauth-crypto/verify-activation-data-signature-v3.json",
        "upstream/powerauth-crypto/verify-activation-data-signature-v2.json",
        "upstream/powerauth-mobile-sdk/verify-activation-data-signature.json",
    ])
    func activationDataSignature(file: String) throws {
        let items = try Fixture.upstream(file)
        #expect(items.count == 20)
        for (index, item) in items.enumerated() {
            let message: String
            if let code = item.input["activationCode"] {
                message = code
            } else {
                message = try #require(item.input["activationIdShort"]) + "-" + #require(item.input["activationOtp"])
            }
            let key = try ServerSignedData.publicKey(base64: #require(item.input["masterPublicKey"]))
            let privateKey = try ServerSignedData.privateKey(base64: #require(item.input["masterPrivateKey"]))
            #expect(privateKey.publicKey == key, "item \(index) key pair")
            let signature = try Fixture.base64(item.output["activationSignature"])
            #expect(ServerSignedData.isValid(signatureDER: signature, for: Data(message.utf8), publicKey: key))
            #expect(!ServerSignedData.isValid(signatureDER: signature, for: Data((message + "X").utf8), publicKey: key))
            let own = try ServerSignedData.sign(Data(message.utf8), with: privateKey)
            #expect(ServerSignedData.isValid(signatureDER: own, for: Data(message.utf8), publicKey: key))
        }
    }

    @Test(arguments: [
        "upstream/powerauth-crypto/verify-encrypted-server-public-key-signature-v2.json",
        "upstream/powerauth-mobile-sdk/verify-encrypted-server-public-key-signature.json",
    ])
    func encryptedServerPublicKeySignatureKeyPairs(file: String) throws {
        // The signature field of these files cannot be reproduced (see Fixtures/README.md); the key pairs can.
        let items = try Fixture.upstream(file)
        #expect(items.count == 20)
        for (index, item) in items.enumerated() {
            let key = try ServerSignedData.publicKey(base64: #require(item.input["masterServerPublicKey"]))
            let privateKey = try ServerSignedData.privateKey(base64: #require(item.input["masterServerPrivateKey"]))
            #expect(privateKey.publicKey == key, "item \(index)")
            let message = Data((try #require(item.input["activationId"]) + "&").utf8)
            let own = try ServerSignedData.sign(message, with: privateKey)
            #expect(ServerSignedData.isValid(signatureDER: own, for: message, publicKey: key))
        }
    }

    @Test(arguments: [
        "upstream/powerauth-crypto/encrypt-device-public-key-v2.json",
        "upstream/powerauth-mobile-sdk/encrypt-device-public-key.json",
    ])
    func legacyEncryptDevicePublicKey(file: String) throws {
        let items = try Fixture.upstream(file)
        #expect(items.count == 20)
        for (index, item) in items.enumerated() {
            let nonce = try Fixture.base64(item.input["activationNonce"])
            let encrypted = try LegacyActivationV2.encryptDevicePublicKey(
                Fixture.base64(item.input["devicePublicKey"]),
                activationIdShort: #require(item.input["activationIdShort"]),
                activationOtp: #require(item.input["activationOtp"]), activationNonce: nonce,
                ephemeralPrivateKey: ServerSignedData.privateKey(base64: #require(item.input["ephemeralPrivateKey"])),
                masterPublicKey: ServerSignedData.publicKey(base64: #require(item.input["masterPublicKey"])))
            #expect(encrypted.base64EncodedString() == item.output["cDevicePublicKey"], "item \(index)")
            let signature = LegacyActivationV2.applicationSignature(
                activationIdShort: try #require(item.input["activationIdShort"]), activationNonce: nonce,
                encryptedDevicePublicKey: encrypted, applicationKey: try #require(item.input["applicationKey"]),
                applicationSecret: try Fixture.base64(item.input["applicationSecret"]))
            #expect(signature.base64EncodedString() == item.output["applicationSignature"], "item \(index)")
        }
    }

    @Test(arguments: [
        "upstream/powerauth-crypto/decrypt-server-public-key-v2.json",
        "upstream/powerauth-mobile-sdk/decrypt-server-public-key.json",
    ])
    func legacyDecryptServerPublicKey(file: String) throws {
        let items = try Fixture.upstream(file)
        #expect(items.count == 20)
        for (index, item) in items.enumerated() {
            let decrypted = try LegacyActivationV2.decryptServerPublicKey(
                Fixture.base64(item.input["encryptedServerPublicKey"]),
                activationIdShort: #require(item.input["activationIdShort"]),
                activationOtp: #require(item.input["activationOtp"]),
                activationNonce: Fixture.base64(item.input["activationNonce"]),
                devicePrivateKey: ServerSignedData.privateKey(base64: #require(item.input["devicePrivateKey"])),
                ephemeralPublicKey: ServerSignedData.publicKey(base64: #require(item.input["ephemeralPublicKey"])))
            #expect(decrypted.base64EncodedString() == item.output["serverPublicKey"], "item \(index)")
        }
    }

    struct CompressedKeyVector: Decodable {
        let dataHex: String
        let signatureDerHex: String
        let publicKeyHex: String
        let expectedValid: Bool
    }

    struct CompressedKeyFile: Decodable {
        let data: [CompressedKeyVector]
    }

    @Test func compressedKeyECDSA() throws {
        let vectors = try Fixture.decode(
            CompressedKeyFile.self, "upstream/transcribed/ecdsa-compressed-key-vectors.json")
        #expect(vectors.data.count == 5)
        for (index, vector) in vectors.data.enumerated() {
            let key = try ServerSignedData.publicKey(base64: Fixture.hex(vector.publicKeyHex).base64EncodedString())
            let valid = ServerSignedData.isValid(
                signatureDER: try Fixture.hex(vector.signatureDerHex), for: try Fixture.hex(vector.dataHex),
                publicKey: key)
            #expect(valid == vector.expectedValid, "item \(index)")
        }
    }

    @Test func totpRFC6238Table() throws {
        let text = String(decoding: try Fixture.data("upstream/powerauth-crypto/totp-rfc6238-data.csv"), as: UTF8.self)
        var checked = 0
        for line in text.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard columns.count == 6, columns[4] == "HmacSHA256" else { continue }
            let time = try #require(Int64(columns[0]))
            let code = try TOTP.code(seed: Fixture.hex(columns[5]), unixTime: time, step: 30, digits: 8)
            #expect(code == columns[3], "time \(time)")
            let counter = try #require(UInt64(columns[2], radix: 16))
            #expect(try TOTP.code(seed: Fixture.hex(columns[5]), counter: counter) == columns[3])
            checked += 1
        }
        #expect(checked == 6)
    }
}

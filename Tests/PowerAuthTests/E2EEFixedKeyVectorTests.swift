import Foundation
import PowerAuth
import QRAuthCrypto
import Testing

/// The 44 transcribed fixed-key items: full ECDH + X9.63 KDF + SHARED_INFO_1, plus the W1 walk-through (§1.11).
@Suite("E2EE fixed-key vectors")
struct E2EEFixedKeyVectorTests {
    static func group(_ name: String) throws -> [String: Any] {
        try #require(try E2EEVectors.transcribed()[name] as? [String: Any])
    }

    static func strings(_ object: Any?) throws -> [String: String] {
        try #require(object as? [String: Any]).compactMapValues { $0 as? String }
    }

    @Test(arguments: ["raw_v30", "raw_v31"])
    func rawItemsAgreeOnKeysAndBytes(name: String) throws {
        let group = try Self.group(name)
        let top = try Self.strings(group)
        let items = try #require(group["items"] as? [[String: Any]])
        #expect(items.count == 6)
        let serverKey = try ServerSignedData.privateKey(base64: top.text("serverPrivateKey"))
        #expect(serverKey.publicKey == (try ServerSignedData.publicKey(base64: top.text("serverPublicKey"))))
        for (index, raw) in items.enumerated() {
            let item = try Self.strings(raw)
            let ephemeral = try item.bytes("requestEphemeralPublicKey")
            let secret = try serverKey.sharedSecretFromKeyAgreement(
                with: ServerSignedData.publicKey(base64: item.text("requestEphemeralPublicKey")))
            let key = try ECIES.EnvelopeKey(
                sharedSecret: secret, sharedInfo1: item.bytes("sharedInfo1"), ephemeralPublicKey: ephemeral)
            let sharedInfo2 = try item.bytes("sharedInfo2")
            let nonce = item["requestNonce"].flatMap { Data(base64Encoded: $0) }
            let request = try key.open(
                item.bytes("requestEncryptedData"), mac: item.bytes("requestMac"), nonce: nonce,
                sharedInfo2: sharedInfo2)
            #expect(request == (try item.bytes("requestPlaintext")), "\(name) item \(index)")
            let resealed = try key.seal(request, nonce: nonce, sharedInfo2: sharedInfo2)
            #expect(resealed.encryptedData == (try item.bytes("requestEncryptedData")), "\(name) item \(index)")
            #expect(resealed.mac == (try item.bytes("requestMac")), "\(name) item \(index)")
            // The response uses the same IV: zero in 3.0, the request nonce in 3.1.
            let response = try key.seal(item.bytes("responsePlaintext"), nonce: nonce, sharedInfo2: sharedInfo2)
            #expect(response.encryptedData == (try item.bytes("responseEncryptedData")), "\(name) item \(index)")
            #expect(response.mac == (try item.bytes("responseMac")), "\(name) item \(index)")
        }
    }

    @Test(arguments: ["sdk_v32", "sdk_v33"])
    func sdkItemsDecryptWithThePrivateKeys(name: String) throws {
        let group = try Self.group(name)
        let top = try Self.strings(group)
        let items = try #require(group["items"] as? [[String: Any]])
        #expect(items.count == 16)
        let version = try ProtocolVersion(text: top.text("protocolVersion"))
        var seen: Set<ECIES.EncryptorID> = []
        for (index, raw) in items.enumerated() {
            let item = try Self.strings(raw)
            let requestObject = try #require(raw["request"])
            let responseObject = try #require(raw["response"])
            let request = try JSONDecoder().decode(
                ECIES.EncryptedRequest.self, from: JSONSerialization.data(withJSONObject: requestObject))
            let response = try JSONDecoder().decode(
                ECIES.EncryptedResponse.self, from: JSONSerialization.data(withJSONObject: responseObject))
            let encryptorId = try #require(ECIES.EncryptorID(rawValue: item.text("encryptorId")))
            seen.insert(encryptorId)
            let application = encryptorId.scope == .application
            let privateKey = try ServerSignedData.privateKey(
                base64: top.text(application ? "masterServerPrivateKey" : "serverPrivateKey"))
            #expect(
                privateKey.publicKey
                    == (try ServerSignedData.publicKey(
                        base64: top.text(application ? "masterServerPublicKey" : "serverPublicKey"))))
            let parameters = ECIES.Parameters(
                version: version, encryptorId: encryptorId, applicationKey: try top.text("applicationKey"),
                applicationSecret: try top.text("applicationSecret"), activationId: top["activationId"],
                transportKey: try top.bytes("transportKey"))
            #expect(request.ephemeralPublicKey.count == 33, "compressed ephemeral key")

            // The envelope key and the associated data match the SDK's.
            let secret = try privateKey.sharedSecretFromKeyAgreement(
                with: NISTP256.Signing.PublicKey(compressedRepresentation: request.ephemeralPublicKey))
            let envelopeKey = try ECIES.EnvelopeKey(
                sharedSecret: secret, sharedInfo1: encryptorId.sharedInfo1(version: version),
                ephemeralPublicKey: request.ephemeralPublicKey)
            #expect(envelopeKey.rawRepresentation == (try item.bytes("envelopeKey")), "\(name) item \(index)")
            #expect(
                parameters.associatedData(temporaryKeyId: request.temporaryKeyId) == (try item.bytes("associatedData")),
                "\(name) item \(index)")
            if version == .v33 {
                let expectedKeyId = try top.text(application ? "temporaryKeyIdApplication" : "temporaryKeyIdActivation")
                #expect(request.temporaryKeyId == expectedKeyId)
            }

            // The server side decrypts with the private key; the same exchange opens the response.
            let (plaintext, _) = try ECIES.Decryptor(parameters: parameters, recipientPrivateKey: privateKey)
                .decrypt(request)
            #expect(plaintext == (try item.bytes("requestPlaintext")), "\(name) item \(index)")
            let exchange = try ECIESExchange(
                parameters: parameters, envelopeKey: envelopeKey, ephemeralPublicKey: request.ephemeralPublicKey,
                temporaryKeyId: request.temporaryKeyId)
            #expect(
                try exchange.openResponse(response, requestNonce: request.nonce)
                    == (try item.bytes("responsePlaintext")))
            let resealed = try exchange.sealResponse(
                item.bytes("responsePlaintext"), requestNonce: request.nonce, responseNonce: response.nonce,
                timestamp: response.timestamp ?? 0)
            #expect(resealed == response, "\(name) item \(index) response re-encryption")

            // The wrong scope's key does not decrypt.
            let otherKey = try ServerSignedData.privateKey(
                base64: top.text(application ? "serverPrivateKey" : "masterServerPrivateKey"))
            #expect(throws: PowerAuthError(.decryption, "")) {
                try ECIES.Decryptor(parameters: parameters, recipientPrivateKey: otherKey).decrypt(request)
            }
        }
        #expect(seen == Set(ECIES.EncryptorID.allCases))
    }

    /// Spec §1.11: every intermediate of W1 (3.3, activation scope, CREATE_TOKEN).
    @Test func workedExampleW1() throws {
        let group = try Self.group("sdk_v33")
        let items = try #require(group["items"] as? [[String: Any]])
        let raw = items[5]
        let item = try Self.strings(raw)
        #expect(item["encryptorId"] == "CREATE_TOKEN")
        let request = try JSONDecoder().decode(
            ECIES.EncryptedRequest.self, from: JSONSerialization.data(withJSONObject: try #require(raw["request"])))
        let response = try JSONDecoder().decode(
            ECIES.EncryptedResponse.self, from: JSONSerialization.data(withJSONObject: try #require(raw["response"])))

        let serverKey = try ServerSignedData.privateKey(base64: "98pEwpFj60r8REpXzrflb5kzgj1aoxg1YEuKb0Kuwyk=")
        #expect(
            serverKey.publicKey.compressedRepresentation.base64EncodedString()
                == "AjG7M9W9qNUOu51dJROO4NE+xOnqppxxyFU1Tn3FhXui")
        #expect(
            request.ephemeralPublicKey.hexString == "0353e1e3d08501d59f40597360f0de685762a58309198faa61610982986f13ad35"
        )
        let z = try serverKey.sharedSecretFromKeyAgreement(
            with: NISTP256.Signing.PublicKey(compressedRepresentation: request.ephemeralPublicKey))
        #expect(z.hexString == "d99d9cd9ede406dd2fb9ee11494e16280580904145e036a1a74bb05aba9f777e")
        let sh1 = ECIES.EncryptorID.createToken.sharedInfo1(version: .v33)
        #expect(sh1.hexString == "332e332f70612f746f6b656e2f637265617465")
        let key = try ECIES.EnvelopeKey(
            sharedSecret: z, sharedInfo1: sh1, ephemeralPublicKey: request.ephemeralPublicKey)
        #expect(
            key.rawRepresentation.hexString
                == "2419b9d99b70298041c55ec0af95ad7f" + "863d3930eff4e536a4512fed625803be"
                + "323094507002d6ba0a95efd086e40a9f")
        #expect(request.nonce?.hexString == "12835efc3a880f422c6b5e6dcc579363")
        #expect(key.iv(nonce: request.nonce)?.hexString == "ff1f95bb0a954d304b11e7bb5fc7a97a")
        #expect(request.timestamp == 1_723_109_505_421)

        let parameters = ECIES.Parameters(
            version: .v33, encryptorId: .createToken, applicationKey: "WQBeNgCHGlW58rzUlP7Ehg==",
            applicationSecret: "Epbv1D+tibvvkqGIyDOT5g==", activationId: "CF2E9A48-9085-4AA3-8F85-FFAFD2380609",
            transportKey: Data(base64Encoded: "EsOk4R701klML5Ljd07Y5Q=="),
            temporaryKeyId: "1221CD15-9092-4779-A157-04DC229A63F7")
        let exchange = try ECIESExchange(
            parameters: parameters, envelopeKey: key, ephemeralPublicKey: request.ephemeralPublicKey,
            temporaryKeyId: request.temporaryKeyId)
        #expect(
            exchange.sharedInfo2Base.hexString == "6530d6dcb4a44f6e1eaa0eb8809637590aa274149b1427e565e8c8010aaa7f57")
        let ad = try #require(exchange.associatedData)
        #expect(ad.count == 115)
        #expect(
            ad.hexString
                == "00000003332e3300000018" + Data("WQBeNgCHGlW58rzUlP7Ehg==".utf8).hexString + "00000024"
                + Data("CF2E9A48-9085-4AA3-8F85-FFAFD2380609".utf8).hexString + "00000024"
                + Data("1221CD15-9092-4779-A157-04DC229A63F7".utf8).hexString)
        let sh2 = exchange.requestSharedInfo2(nonce: request.nonce, timestamp: request.timestamp)
        #expect(sh2.count == 224)
        #expect(
            sh2.hexString
                == "00000020" + exchange.sharedInfo2Base.hexString + "00000010" + "12835efc3a880f422c6b5e6dcc579363"
                + "00000008000001913154798d" + "00000021" + request.ephemeralPublicKey.hexString + "00000073"
                + ad.hexString)
        #expect(
            request.encryptedData.base64EncodedString()
                == "v5chxkMsHJanOOw/av+oRbPsk2Va226igxQ+2frT3AraTLwJxotHocnTFxyK7pNk")
        #expect(request.mac.base64EncodedString() == "0yjA3GDiKJooZMi2hOkkD+aICpY7Slo/nzg0oTYrqJM=")
        #expect(try exchange.openRequest(request).count == 33)

        #expect(response.nonce?.base64EncodedString() == "qD/LMXJEWu8/64ZVLs3+7g==")
        #expect(response.timestamp == 1_723_109_505_422)
        #expect(key.iv(nonce: response.nonce)?.hexString == "25c615479a892ddcd611cb4a1add88e0")
        let responseSH2 = exchange.responseSharedInfo2(nonce: response.nonce, timestamp: response.timestamp)
        #expect(
            responseSH2.hexString
                == "00000020" + exchange.sharedInfo2Base.hexString + "00000010" + (response.nonce ?? Data()).hexString
                + "00000008000001913154798e" + "00000000" + "00000073" + ad.hexString)
        #expect(try exchange.openResponse(response, requestNonce: request.nonce).count == 90)
    }
}

extension Data {
    /// Lower-case hex.
    var hexString: String { map { String(format: "%02x", $0) }.joined() }
}

import Foundation
import PowerAuth
import QRAuthCrypto
import Testing

/// Every upstream PowerAuth 4.0 vector (Fixtures/upstream/v4, copied from ../shared/vectors/powerauth/v4-upstream).
@Suite struct V4UpstreamVectorTests {
    typealias V4 = PowerAuthV4

    /// An item's `outSize`, a decimal string.
    static func outSize(_ item: Fixture.UpstreamItem) throws -> Int {
        let text = try #require(item.input["outSize"])
        return try #require(Int(text))
    }

    @Test func labelKDFMatchesAll100MobileSDKItems() throws {
        let items = try Fixture.upstream("upstream/v4/kdf-v4.json")
        #expect(items.count == 100)
        var passed = 0
        for item in items {
            let length = try Self.outSize(item)
            let derived = try V4.KDF.derive(
                try Fixture.base64(item.input["key"]), label: try #require(item.input["label"]),
                diversifier: try Fixture.base64(item.input["custom"]), length: length)
            if derived == (try Fixture.base64(item.output["derivedKey"])) { passed += 1 }
        }
        #expect(passed == 100)
    }

    @Test func aeadMatchesAll5MobileSDKItemsAndOpensThem() throws {
        let items = try Fixture.upstream("upstream/v4/aead-v4-subset.json")
        #expect(items.count == 5)
        for item in items {
            let key = try Fixture.base64(item.input["key"])
            let context = try Fixture.base64(item.input["keyContext"])
            let associated = try Fixture.base64(item.input["associatedData"])
            let plaintext = try Fixture.base64(item.input["plaintext"])
            let expected = try Fixture.base64(item.output["pqcCiphertext"])
            let sealed = try V4.AEAD.seal(
                plaintext, key: key, keyContext: context, nonce: try Fixture.base64(item.input["nonce"]),
                associatedData: associated)
            #expect(sealed == expected)
            #expect(try V4.AEAD.open(expected, key: key, keyContext: context, associatedData: associated) == plaintext)
            var tampered = expected
            tampered[tampered.count - 1] ^= 1
            #expect(throws: PowerAuthError(.decryption, "")) {
                try V4.AEAD.open(tampered, key: key, keyContext: context, associatedData: associated)
            }
            #expect(throws: PowerAuthError(.decryption, "")) {
                try V4.AEAD.open(expected, key: key, keyContext: context + Data([0]), associatedData: associated)
            }
        }
    }

    struct TokenFile: Decodable {
        struct Item: Decodable {
            let tokenSecret: String
            let timestamp: String
            let nonce: String
            let tokenDigest: String
        }
        let token_digest_test_vectors: [Item]
    }

    @Test func tokenDigestMatchesAll100CryptoItems() throws {
        let items = try Fixture.decode(TokenFile.self, "upstream/v4/Token_Digest_Test_Vectors.json")
            .token_digest_test_vectors
        #expect(items.count == 100)
        var passed = 0
        for item in items {
            let timestamp = String(decoding: try Fixture.base64(item.timestamp), as: UTF8.self)
            let digest = try V4.TokenDigest.compute(
                tokenSecret: try Fixture.base64(item.tokenSecret), nonce: try Fixture.base64(item.nonce),
                timestamp: timestamp)
            if digest == (try Fixture.base64(item.tokenDigest)) { passed += 1 }
        }
        #expect(passed == 100)
    }

    @Test func hashBasedCounterMatchesAll10Chains() throws {
        let file = try Fixture.decode(
            [String: [[String: String]]].self, "upstream/v4/Hash_Based_Counter_Test_Vectors.json")
        let chains = try #require(file["hash_based_counter_test_vectors"])
        #expect(chains.count == 10)
        var steps = 0
        for chain in chains {
            for index in 0..<20 {
                let current = try Fixture.base64(chain["ctrData[\(index)]"])
                #expect(V4.Counter.next(current) == (try Fixture.base64(chain["ctrData[\(index + 1)]"])))
                steps += 1
            }
        }
        #expect(steps == 200)
    }

    @Test func passwordKDFMatchesAll4MobileSDKItems() throws {
        let items = try Fixture.upstream("upstream/v4/pbkdf-v4-subset.json")
        #expect(items.count == 4)
        for item in items {
            let derived = try V4.PasswordKDF.derive(
                password: try #require(item.input["password"]), salt: try Fixture.base64(item.input["salt"]),
                length: try Self.outSize(item))
            #expect(derived == (try Fixture.base64(item.output["derivedKey"])))
        }
        #expect(throws: PowerAuthError(.length, "")) {
            try V4.PasswordKDF.derive(password: "1234", salt: Data(count: 31))
        }
    }

    struct SharedSecretFile: Decodable {
        struct Group: Decodable {
            let algorithm: String
            let testVectors: [Item]
        }
        struct Item: Decodable {
            let clientContext: String
            let request: Request?
            let response: Response
            let sharedSecret: String
        }
        struct Request: Decodable {
            let algorithm: String
            let encapsulationKeys: [String]
        }
        struct Response: Decodable {
            let salt: String
            let encapsulatedKeys: [String]
        }
        let testData: [Group]
    }

    /// The SDK's serialized client context: length-prefixed suite name, key count, length-prefixed PKCS#8 keys
    /// (a length over 127 takes two bytes, the first with its top bit set).
    static func clientContextKeys(_ context: Data) throws -> (suite: String, keys: [Data]) {
        let bytes = [UInt8](context)
        var index = 0
        func length() throws -> Int {
            try #require(index < bytes.count)
            let first = Int(bytes[index])
            index += 1
            guard first & 0x80 != 0 else { return first }
            try #require(index < bytes.count)
            defer { index += 1 }
            return (first & 0x7F) << 8 | Int(bytes[index])
        }
        let nameLength = try length()
        let suite = String(decoding: bytes[index..<index + nameLength], as: UTF8.self)
        index += nameLength
        let count = Int(bytes[index])
        index += 1
        var keys: [Data] = []
        for _ in 0..<count {
            let keyLength = try length()
            try #require(index + keyLength <= bytes.count)
            keys.append(Data(bytes[index..<index + keyLength]))
            index += keyLength
        }
        #expect(index == bytes.count)
        return (suite, keys)
    }

    @Test func sharedSecretMatchesAll4ECP384Items() throws {
        let file = try Fixture.decode(SharedSecretFile.self, "upstream/v4/SharedSecret_Client_Vectors-subset.json")
        let group = try #require(file.testData.first { $0.algorithm == "EC_P384" })
        #expect(group.testVectors.count == 4)
        for item in group.testVectors {
            let (suite, keys) = try Self.clientContextKeys(try Fixture.base64(item.clientContext))
            #expect(suite == "EC_P384")
            let context = V4.SharedSecret.ClientContext(
                suite: .ecP384, ecKey: try NISTP384.PrivateKey(pkcs8DERRepresentation: keys[0]), mlkemKey: nil)
            #expect(context.encapsulationKeys.map { $0.base64EncodedString() } == item.request?.encapsulationKeys)
            let secret = try context.derive(
                salt: try Fixture.base64(item.response.salt),
                encapsulatedKeys: try item.response.encapsulatedKeys.map { try Fixture.base64($0) })
            #expect(secret == (try Fixture.base64(item.sharedSecret)))
        }
    }

    struct HybridSecret: Decodable {
        let mlkemSharedSecret: String
    }

    /// The hybrid item's ML-KEM key is in the expanded form swift-crypto cannot import, so its Z_ML comes from
    /// a derived fixture (kyber-py); the DHKEM part and the combiner are the library's.
    @Test func sharedSecretMatchesTheHybridItemWithZMLFromTheDerivedFixture() throws {
        let file = try Fixture.decode(SharedSecretFile.self, "upstream/v4/SharedSecret_Client_Vectors-subset.json")
        let item = try #require(file.testData.first { $0.algorithm == "EC_P384_ML_L3" }?.testVectors.first)
        let (suite, keys) = try Self.clientContextKeys(try Fixture.base64(item.clientContext))
        #expect(suite == "EC_P384_ML_L3")
        #expect(keys.count == 2 && keys[1].count == 2428)
        let ecKey = try NISTP384.PrivateKey(pkcs8DERRepresentation: keys[0])
        let encapsulated = try item.response.encapsulatedKeys.map { try Fixture.base64($0) }
        let zEC = try DHKEMP384.receiverExport(
            privateKey: ecKey, encapsulatedKey: encapsulated[0], info: Data("DHKEM-P384".utf8),
            exporterContext: Data("DHKEM-P384".utf8), length: 48)
        let zML = try Fixture.base64(
            try Fixture.decode(HybridSecret.self, "derived/v4/hybrid-mlkem-secret.json").mlkemSharedSecret)
        let secret = try V4.SharedSecret.combine(
            salt: try Fixture.base64(item.response.salt), secrets: [zEC, zML], suite: .ecP384MLL3)
        #expect(secret == (try Fixture.base64(item.sharedSecret)))
        // The expanded ML-KEM form is refused with a typed error, not misread.
        #expect(throws: CryptoError(.malformedDER, "")) { try MLKEM768Key(pkcs8DERRepresentation: keys[1]) }
    }

    @Test func sharedSecretRoundTripsForBothSuites() throws {
        for suite in V4.Suite.allCases {
            let client = try V4.SharedSecret.ClientContext(suite: suite)
            #expect(client.encapsulationKeys.count == (suite.isHybrid ? 2 : 1))
            let server = try V4.SharedSecret.respond(suite: suite, encapsulationKeys: client.encapsulationKeys)
            #expect(
                try client.derive(salt: server.salt, encapsulatedKeys: server.encapsulatedKeys) == server.sharedSecret)
            #expect(throws: PowerAuthError(.length, "")) {
                try client.derive(salt: server.salt, encapsulatedKeys: server.encapsulatedKeys + [Data()])
            }
        }
    }

    struct PrereleaseFile: Decodable {
        struct Item: Decodable {
            let key1, key2, key3, ctrData, inputData, authCodeOnline, authCodeOffline: String
        }
        let auth_code_test_vectors: [Item]
    }

    /// The pre-release construction (16-byte components; for reading the old file only, spec §6.3).
    static func prereleaseComponents(data: Data, keys: [Data], counterData: Data) throws -> [Data] {
        func kmac(_ key: Data, _ message: Data, _ length: Int) throws -> Data {
            try KMAC256.authenticationCode(for: message, key: key, length: length, customization: "PA4CODE")
        }
        var chain = try kmac(keys[0], counterData, 32)
        var result = [try kmac(chain, data, 16)]
        for key in keys.dropFirst() {
            chain = try kmac(try kmac(key, counterData, 32), chain, 32)
            result.append(try kmac(chain, data, 16))
        }
        return result
    }

    /// Open point 2: the only upstream authentication-code file is the pre-release algorithm. KMAC and the
    /// decimalization reproduce all 100 items with it, and the final algorithm gives other codes.
    @Test func prereleaseAuthCodeFileReproducesAndDiffersFromTheFinalAlgorithm() throws {
        let items = try Fixture.decode(PrereleaseFile.self, "upstream/v4/prerelease-Auth_Code_Test_Vectors.json")
            .auth_code_test_vectors
        #expect(items.count == 100)
        var passed = 0
        for item in items {
            let keys = try [item.key1, item.key2, item.key3].map { try Fixture.base64($0) }
            let data = try Fixture.base64(item.inputData)
            let counter = try Fixture.base64(item.ctrData)
            let components = try Self.prereleaseComponents(data: data, keys: keys, counterData: counter)
            let online = components.reduce(Data(), +).base64EncodedString()
            let offline = try V4.AuthenticationCode.offline(components)
            if online == item.authCodeOnline && offline == item.authCodeOffline { passed += 1 }
            let widened = keys.map { $0 + $0 }  // the final algorithm takes 32-byte keys
            let final = try V4.AuthenticationCode.components(
                data: data, factorKeys: Array(widened.prefix(2)), counterData: counter)
            #expect(
                try V4.AuthenticationCode.offline(final)
                    != offline.split(separator: "-").prefix(2).joined(separator: "-"))
        }
        #expect(passed == 100)
    }

    struct SupersededE2EE: Decodable {
        struct Item: Decodable {
            let activationId, applicationKey, applicationSecret, temporaryKeyId, envelopeKey, sharedInfo2Key: String
            let requestData, timestampRequest, nonce, encryptedDataRequest: String
            let responseData, timestampResponse, encryptedDataResponse: String
        }
        let e2ee_test_vectors_activation_scope: [Item]
    }

    /// The mid-2025 E2EE item pins the envelope layout (KC, AD, SHARED_INFO_2, nonce halves); it was made with
    /// the superseded KDF, which this test supplies in place of the final one.
    @Test func envelopeLayoutReproducesTheSupersededActivationScopeItem() throws {
        let item = try #require(
            try Fixture.decode(SupersededE2EE.self, "upstream/v4/E2ee_Activation_Scope-item1-mid2025.json")
                .e2ee_test_vectors_activation_scope.first)
        let superseded: V4.AEAD.SubKeyDerivation = { key, label, context throws(PowerAuthError) in
            do {
                return try KMAC256.authenticationCode(
                    for: context, key: key, length: 32, customization: "PA4KDF:" + label)
            } catch {
                throw PowerAuthError(.crypto, "\(error)")
            }
        }
        let envelope = try V4.Envelope(
            scope: .activation(
                activationId: item.activationId, sharedInfo2Key: try Fixture.base64(item.sharedInfo2Key)),
            applicationKey: item.applicationKey, applicationSecret: try Fixture.base64(item.applicationSecret),
            temporaryKeyId: item.temporaryKeyId, temporaryKey: try Fixture.base64(item.envelopeKey), subKeys: superseded
        )
        let nonce = try Fixture.base64(item.nonce)
        let request = try envelope.sealRequest(
            Data(item.requestData.utf8), sharedInfo1: V4.SharedInfo1.genericActivation,
            timestamp: try #require(Int64(item.timestampRequest)), nonce: nonce)
        #expect(request.encryptedData == (try Fixture.base64(item.encryptedDataRequest)))
        #expect(
            try envelope.openRequest(request, sharedInfo1: V4.SharedInfo1.genericActivation)
                == Data(item.requestData.utf8))
        let response = try envelope.sealResponse(
            Data(item.responseData.utf8), sharedInfo1: V4.SharedInfo1.genericActivation, nonce: nonce,
            timestamp: try #require(Int64(item.timestampResponse)))
        #expect(response.encryptedData == (try Fixture.base64(item.encryptedDataResponse)))
        #expect(
            try envelope.openResponse(response, sharedInfo1: V4.SharedInfo1.genericActivation, nonce: nonce)
                == Data(item.responseData.utf8))
    }
}

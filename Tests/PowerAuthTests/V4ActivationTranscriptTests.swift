import Crypto
import Foundation
import PowerAuth
import QRAuthCrypto
import QRAuthTestSupport
import Testing

/// The activation transcripts (one per suite): the library replays the client side byte for byte from the recorded
/// randomness, and a second computation (the `openssl` command line; swift-crypto's own ML-KEM API) recomputes what
/// it can: the HS384 request and ES384 response JWTs, both shared secrets (P-384 ECDH, the RFC 9180 export on
/// HMAC-SHA384, ML-KEM-768, the KMAC combiner), the key hierarchy and the fingerprint.
@Suite struct V4ActivationTranscriptTests {
    typealias V4 = PowerAuthV4
    typealias Transcript = V4ActivationTranscripts.Transcript
    static let path = "derived/v4/activation-transcripts.json"

    static func load() throws -> V4ActivationTranscripts {
        try Fixture.decode(V4ActivationTranscripts.self, path)
    }

    /// Regenerates the file when `QRAUTH_WRITE_V4_TRANSCRIPTS` names a path (never in a normal run).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["QRAUTH_WRITE_V4_TRANSCRIPTS"] != nil))
    func writeTranscripts() throws {
        let path = try #require(ProcessInfo.processInfo.environment["QRAUTH_WRITE_V4_TRANSCRIPTS"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(try V4ActivationTranscripts.generate()).write(to: URL(fileURLWithPath: path))
    }

    @Test func fileHasOneTranscriptPerSuiteAndTheCurrentChoices() throws {
        let file = try Self.load()
        #expect(file.choices == V4ActivationTranscripts.currentChoices)
        #expect(file.transcripts.map(\.suite).sorted() == V4.Suite.allCases.map(\.rawValue).sorted())
    }

    static func context(_ suite: V4.Suite, ec: String, mlkem: String?) throws -> V4.SharedSecret.ClientContext {
        V4.SharedSecret.ClientContext(
            suite: suite, ecKey: try NISTP384.PrivateKey(rawRepresentation: Fixture.base64(ec)),
            mlkemKey: try mlkem.map { try MLKEM768Key(seed: Fixture.base64($0)) })
    }

    @Test func libraryReplaysEveryTranscript() throws {
        for item in try Self.load().transcripts {
            let suite = try #require(V4.Suite(rawValue: item.suite))
            let application = try V4.Application(
                applicationKey: item.applicationKey, applicationSecret: item.applicationSecret,
                masterPublicKey: Fixture.base64(item.masterPublicKey))
            let exchange = try V4.TemporaryKeyExchange(
                applicationKey: item.applicationKey, activationId: nil,
                jwtKey: V4.ActivationKeys.applicationTemporaryKey(applicationSecret: application.secretBytes),
                suite: suite,
                fixed: (
                    Self.context(suite, ec: item.temporaryKeyECPrivateKey, mlkem: item.temporaryKeyMLKEMSeed),
                    Fixture.base64(item.challenge)
                ))
            #expect(exchange.jwt == item.keystoreRequestJWT, "\(item.suite): request JWT")
            let key = try exchange.finish(responseJWT: item.keystoreResponseJWT, signer: application.master)
            #expect(key.id == item.temporaryKeyId)
            #expect(key.secret.base64EncodedString() == item.temporaryKeySecret)

            let fixed = V4.ActivationRequest.FixedRandomness(
                deviceKeys: try V4.SigningKeys(
                    suite: suite, ecdsaPrivateKey: Fixture.base64(item.deviceECDSAPrivateKey),
                    mldsaSeed: item.deviceMLDSASeed.map { try Fixture.base64($0) }),
                context: try Self.context(suite, ec: item.activationECPrivateKey, mlkem: item.activationMLKEMSeed),
                layer1Nonce: try Fixture.base64(item.layer1Nonce), layer2Nonce: try Fixture.base64(item.layer2Nonce))
            let request = try V4.ActivationRequest(
                code: item.activationCode, application: application, temporaryKey: key, suite: suite,
                name: "transcript phone", nowMillis: item.nowMillis, fixed: fixed)
            #expect(String(decoding: request.body, as: UTF8.self) == item.activationRequestBody, "\(item.suite)")
            let response = Data(item.activationResponseBody.utf8)
            #expect(
                String(decoding: try request.layer2Response(responseBody: response), as: UTF8.self)
                    == item.layer2Response)
            let device = try request.finish(responseBody: response)
            #expect(device.activationId == item.activationId)
            let keys = try V4.ActivationKeys(activationSecret: Fixture.base64(item.activationSecret))
            #expect(try device.state.keys() == keys)
            #expect(keys.possession.base64EncodedString() == item.possession)
            #expect(keys.knowledge.base64EncodedString() == item.knowledge)
            #expect(keys.personalizedData.base64EncodedString() == item.personalizedData)
            #expect(try device.fingerprint == item.fingerprint)
            #expect((device.mldsa != nil) == suite.signsWithMLDSA)
            // One changed byte of the answer is refused (AEAD tag), and nothing is derived.
            var tampered = Array(response)
            let index = tampered.count / 2
            tampered[index] = tampered[index] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            #expect(throws: PowerAuthError.self) { _ = try request.finish(responseBody: Data(tampered)) }
        }
    }

    // MARK: The second computation

    struct Layer2: Decodable {
        struct Response: Decodable {
            let salt: String
            let encapsulatedKeys: [String]
        }
        struct Keys: Decodable {
            let ecdsa: String
            let mldsa: String?
        }
        let sharedSecretResponse: Response
        let serverPublicKeys: Keys
        let activationId: String
    }

    struct Layer2Request: Decodable {
        struct Keys: Decodable {
            let ecdsa: String
            let mldsa: String?
        }
        let devicePublicKeys: Keys
    }

    struct ResponseClaims: Decodable {
        let sharedSecretResponse: Layer2.Response
    }

    /// The RFC 9180 computations for DHKEM(P-384, HKDF-SHA384), export only, each HMAC-SHA384 run by `openssl mac`.
    struct OpenSSLHPKE {
        let openssl: OpenSSLCommandLine

        func hmac(_ key: Data, _ message: Data) throws -> Data {
            // An empty HMAC key is the all-zero block; OpenSSL's `hexkey:` wants at least one byte.
            let key = key.isEmpty ? Data(count: 48) : key
            let output = try openssl.succeed([
                "mac", "-digest", "SHA384", "-macopt", "hexkey:" + OpenSSLCommandLine.hex(key), "-in",
                try openssl.write(message, to: "hmac-in"), "HMAC",
            ])
            return try Fixture.hex(
                String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
        }

        func labeledExtract(_ suite: Data, salt: Data, label: String, ikm: Data) throws -> Data {
            try hmac(salt, Data("HPKE-v1".utf8) + suite + Data(label.utf8) + ikm)
        }

        /// `LabeledExpand` for `L` = 48, one HMAC block.
        func labeledExpand(_ suite: Data, prk: Data, label: String, info: Data) throws -> Data {
            try hmac(prk, Data([0, 48]) + Data("HPKE-v1".utf8) + suite + Data(label.utf8) + info + Data([1]))
        }

        /// `Z_EC` of the receiver: ECDH by `openssl pkeyutl -derive`, then the KEM and the exporter.
        func export(privateKey: NISTP384.PrivateKey, encapsulated: Data) throws -> Data {
            let kem = Data("KEM".utf8) + Data([0x00, 0x11])
            let hpke = Data("HPKE".utf8) + Data([0x00, 0x11, 0x00, 0x02, 0xFF, 0xFF])
            let spkiPrefix = try Fixture.hex("3076301006072a8648ce3d020106052b81040022036200")
            let pkcs8 =
                try Fixture.hex("3081bf020100301006072a8648ce3d020106052b810400220481a73081a40201010430")
                + privateKey.rawRepresentation + (try Fixture.hex("a00706052b81040022a164036200"))
                + privateKey.publicKey.x963Representation
            let dh = try openssl.succeed([
                "pkeyutl", "-derive", "-inkey", try openssl.write(pkcs8, to: "receiver.der"), "-keyform", "DER",
                "-peerkey", try openssl.write(spkiPrefix + encapsulated, to: "enc.der"), "-peerform", "DER",
            ])
            let info = Data("DHKEM-P384".utf8)
            let prk = try labeledExtract(kem, salt: Data(), label: "eae_prk", ikm: dh)
            let sharedSecret = try labeledExpand(
                kem, prk: prk, label: "shared_secret", info: encapsulated + privateKey.publicKey.x963Representation)
            let context =
                Data([0]) + (try labeledExtract(hpke, salt: Data(), label: "psk_id_hash", ikm: Data()))
                + (try labeledExtract(hpke, salt: Data(), label: "info_hash", ikm: info))
            let secret = try labeledExtract(hpke, salt: sharedSecret, label: "secret", ikm: Data())
            let exporter = try labeledExpand(hpke, prk: secret, label: "exp", info: context)
            return try labeledExpand(hpke, prk: exporter, label: "sec", info: info)
        }
    }

    static func be32(_ value: Int) -> Data { Data((0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }) }
    static func sizes(_ elements: [Data]) -> Data { elements.reduce(Data()) { $0 + be32($1.count) + $1 } }

    /// `SHARED_SECRET` recomputed: `Z_EC` by OpenSSL, `Z_ML` by swift-crypto's `MLKEM768`, the combiner by
    /// `openssl mac KMAC256`.
    static func sharedSecret(
        _ openssl: OpenSSLCommandLine, suite: String, ec: String, mlkem: String?, response: Layer2.Response
    ) throws -> Data {
        let encapsulated = try response.encapsulatedKeys.map { try Fixture.base64($0) }
        var secrets = [
            try OpenSSLHPKE(openssl: openssl).export(
                privateKey: NISTP384.PrivateKey(rawRepresentation: Fixture.base64(ec)), encapsulated: encapsulated[0])
        ]
        if let mlkem {
            let key = try MLKEM768.PrivateKey(seedRepresentation: Fixture.base64(mlkem), publicKey: nil)
            secrets.append(try key.decapsulate(encapsulated[1]).withUnsafeBytes { Data($0) })
        }
        #expect(secrets.count == encapsulated.count)
        let message = be32(1) + sizes(secrets) + sizes([Data("shared-secret/\(suite)".utf8), Data("4.0".utf8)])
        return try Fixture.hex(
            try openssl.kmac256(key: Fixture.base64(response.salt), message: message, length: 32, customization: "KDF"))
    }

    /// A JOSE `r || s` signature as DER (both integers minimal, positive).
    static func der(_ raw: Data) -> Data {
        func integer(_ bytes: Data) -> Data {
            var value = Data(bytes.drop { $0 == 0 })
            if value.isEmpty || value[value.startIndex] & 0x80 != 0 { value.insert(0, at: 0) }
            return Data([0x02, UInt8(value.count)]) + value
        }
        let body = integer(raw.prefix(48)) + integer(raw.suffix(48))
        return Data([0x30, UInt8(body.count)]) + body
    }

    @Test(.enabled(if: OpenSSLCommandLine.isAvailable, "needs /usr/bin/openssl"))
    func openSSLAndSwiftCryptoAgreeWithEveryTranscript() throws {
        let openssl = try OpenSSLCommandLine()
        defer { openssl.remove() }
        func kdf(_ key: Data, _ label: String) throws -> Data {
            try Fixture.hex(
                try openssl.kmac256(
                    key: key, message: Self.be32(label.utf8.count) + Data(label.utf8) + Self.be32(0), length: 32,
                    customization: "PA4KDF"))
        }
        for item in try Self.load().transcripts {
            // HS384 request JWT under KEY_MAC_GET_APP_TEMP_KEY = KDF(APP_SECRET_RAW, "util/mac/get-app-temp-key").
            let request = item.keystoreRequestJWT.split(separator: ".").map(String.init)
            let jwtKey = try kdf(try Fixture.base64(item.applicationSecret), "util/mac/get-app-temp-key")
            let hs384 = try OpenSSLHPKE(openssl: openssl).hmac(jwtKey, Data("\(request[0]).\(request[1])".utf8))
            #expect(V4OwnVectorTests.base64URL(request[2]) == hs384, "\(item.suite): HS384")

            // ES384 response JWT under the P-384 master key.
            let response = item.keystoreResponseJWT.split(separator: ".").map(String.init)
            let verified = try openssl.run([
                "dgst", "-sha384", "-verify",
                try openssl.write(
                    try Fixture.hex("3076301006072a8648ce3d020106052b81040022036200")
                        + Fixture.base64(item.masterPublicKey), to: "master.pub"), "-keyform", "DER",
                "-signature",
                try openssl.write(Self.der(try #require(V4OwnVectorTests.base64URL(response[2]))), to: "sig"),
                try openssl.write(Data("\(response[0]).\(response[1])".utf8), to: "jwt"),
            ])
            #expect(verified.status == 0, "\(item.suite): ES384")

            // The temporary key's shared secret.
            let claims = try JSONDecoder().decode(
                ResponseClaims.self, from: try #require(V4OwnVectorTests.base64URL(response[1])))
            #expect(
                try Self.sharedSecret(
                    openssl, suite: item.suite, ec: item.temporaryKeyECPrivateKey, mlkem: item.temporaryKeyMLKEMSeed,
                    response: claims.sharedSecretResponse
                ).base64EncodedString() == item.temporaryKeySecret,
                "\(item.suite): temporary key")

            // The activation secret from the answer's layer 2, and keys of the hierarchy below it.
            let layer2 = try JSONDecoder().decode(Layer2.self, from: Data(item.layer2Response.utf8))
            let secret = try Self.sharedSecret(
                openssl, suite: item.suite, ec: item.activationECPrivateKey, mlkem: item.activationMLKEMSeed,
                response: layer2.sharedSecretResponse)
            #expect(secret.base64EncodedString() == item.activationSecret, "\(item.suite): activation secret")
            let auth = try kdf(secret, "auth")
            #expect(try kdf(auth, "auth/possession").base64EncodedString() == item.possession)
            #expect(try kdf(auth, "auth/knowledge").base64EncodedString() == item.knowledge)
            #expect(
                try kdf(try kdf(secret, "util"), "util/mac/personalized-data").base64EncodedString()
                    == item.personalizedData)

            // The fingerprint over the keys as sent: SHA3-256 by `openssl dgst`, the 3.x decimal rule.
            let devicePrivate = try NISTP384.PrivateKey(rawRepresentation: Fixture.base64(item.deviceECDSAPrivateKey))
            var elements = [Data(item.suite.utf8), devicePrivate.publicKey.x963Representation]
            if let seed = item.deviceMLDSASeed {
                // swift-crypto's ML-DSA-65 from the seed, wrapped in its SubjectPublicKeyInfo here.
                let raw = try MLDSA65.PrivateKey(seedRepresentation: Fixture.base64(seed), publicKey: nil).publicKey
                    .rawRepresentation
                elements.append(try Fixture.hex("308207b2300b0609608648016503040312038207a100") + raw)
            }
            elements += [Data(layer2.activationId.utf8), try Fixture.base64(layer2.serverPublicKeys.ecdsa)]
            if let mldsa = layer2.serverPublicKeys.mldsa { elements.append(try Fixture.base64(mldsa)) }
            #expect((layer2.serverPublicKeys.mldsa != nil) == (item.deviceMLDSASeed != nil))
            let digest = try openssl.succeed([
                "dgst", "-sha3-256", "-binary", try openssl.write(Self.sizes(elements), to: "fingerprint-in"),
            ])
            let tail = digest.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & 0x7FFF_FFFF
            #expect(String(format: "%08d", tail % 100_000_000) == item.fingerprint, "\(item.suite): fingerprint")
        }
    }
}

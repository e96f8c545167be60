import Foundation
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import Testing

/// The open points of spec powerauth-v4.md §20: each test shows the choice made and what the other choice gives,
/// so a live 2.x server that disagrees is a one-line change.
@Suite struct V4OpenPointTests {
    typealias V4 = PowerAuthV4

    /// 1. Absent diversifier: `BE32(len) || label || BE32(0)` (chosen) versus the element omitted.
    @Test func absentDiversifierEncoding() throws {
        #expect(V4.KDF.absentDiversifierEncoding == .lengthPrefixZero)
        let chosen = V4.KDF.message(label: "auth", diversifier: nil)
        #expect(chosen == Data([0, 0, 0, 4]) + Data("auth".utf8) + Data([0, 0, 0, 0]))
        let other = V4.KDF.message(label: "auth", diversifier: nil, absentEncoding: .omitted)
        #expect(other == Data([0, 0, 0, 4]) + Data("auth".utf8))
        // An empty diversifier is encoded like the chosen absent one: both are a zero length.
        #expect(V4.KDF.message(label: "auth", diversifier: Data()) == chosen)
        let secret = Data(repeating: 0x42, count: 32)
        let keys = try V4.ActivationKeys(activationSecret: secret)
        let otherKeys = try V4.ActivationKeys(activationSecret: secret, absentEncoding: .omitted)
        #expect(keys.possession != otherKeys.possession)
        #expect(keys.personalizedData != otherKeys.personalizedData)
        #expect(
            try V4.KDF.derive(secret, label: "auth", absentEncoding: .omitted)
                == (try V4.kmac(key: secret, message: other, .kdf)))
    }

    /// 2. Authentication codes: the final chain (chosen). Component 1 is the same for every type; component 2
    /// depends on both keys. The pre-release alternative is in `V4UpstreamVectorTests`.
    @Test func authenticationCodeChain() throws {
        let keys = try V4.ActivationKeys(activationSecret: Data(repeating: 7, count: 32))
        let counter = Data(repeating: 9, count: 32)
        let data = Data("POST&L3BhL3Rva2VuL2NyZWF0ZQ==&AAAAAAAAAAAAAAAAAAAAAA==&&secret".utf8)
        let knowledge = try V4.AuthenticationCode.components(
            data: data, factorKeys: [keys.possession, keys.knowledge], counterData: counter)
        let biometry = try V4.AuthenticationCode.components(
            data: data, factorKeys: [keys.possession, keys.biometry], counterData: counter)
        let possession = try V4.AuthenticationCode.components(
            data: data, factorKeys: [keys.possession], counterData: counter)
        #expect(knowledge[0] == biometry[0] && knowledge[0] == possession[0])
        // The 3.x-style alternative (component 2 from K2 alone) differs from the chain.
        let alone = try V4.AuthenticationCode.components(data: data, factorKeys: [keys.knowledge], counterData: counter)
        #expect(alone[0] != knowledge[1])
        #expect(throws: PowerAuthError(.signatureType, "")) {
            try V4.AuthenticationCode.components(
                data: data, factorKeys: [keys.possession, keys.knowledge, keys.biometry], counterData: counter)
        }
        #expect(throws: PowerAuthError(.componentLength, "")) {
            try V4.AuthenticationCode.offline(knowledge, digits: 9)
        }
        // mod 10^L, not DOC-AUTH's mod 10^8 then truncated: 4 digits are the last four of the 8-digit value.
        let eight = try V4.AuthenticationCode.decimalize(knowledge[0], digits: 8)
        #expect(try V4.AuthenticationCode.decimalize(knowledge[0], digits: 4) == String(eight.suffix(4)))
    }

    /// 3. Fingerprint: SIZES with ML-DSA elements left out (chosen) versus written as BE32(0).
    @Test func fingerprintLayout() throws {
        let device = NISTP384.PrivateKey().publicKey.x963Representation
        let server = NISTP384.PrivateKey().publicKey.x963Representation
        let id = "a2fb8d5c-576b-4f65-98bf-0aa476cec799"
        let chosen = try V4.Fingerprint.compute(
            suite: .ecP384, deviceECDSA: device, deviceMLDSA: nil, activationId: id, serverECDSA: server,
            serverMLDSA: nil)
        #expect(chosen.count == 8 && chosen.allSatisfy(\.isNumber))
        let withZeros = V4.sizes([Data("EC_P384".utf8), device, nil, Data(id.utf8), server, nil])
        let other = try V4.AuthenticationCode.decimalize(SHA3.hash256(withZeros), digits: 8)
        let same = try V4.AuthenticationCode.decimalize(
            SHA3.hash256(V4.sizes([Data("EC_P384".utf8), device, Data(id.utf8), server])), digits: 8)
        #expect(chosen == same)
        #expect(chosen != other)
    }

    /// 4 and 7. SHARED_INFO_1 choices: a request sealed under the chosen constant does not open under the
    /// documented one (and the reverse), so a server that disagrees answers with a decryption error.
    @Test func sharedInfo1Choices() throws {
        #expect(V4.SharedInfo1.activationLayer1 == "/pa/generic/application")
        #expect(V4.SharedInfo1.activationStatus == "/pa/generic/activation")
        #expect(V4.SharedInfo1.upgradeStart == "/pa/upgrade")
        let envelope = try V4.Envelope(
            scope: .application, applicationKey: "3mUU4aiJ00i95qMZEbbPRw==",
            applicationSecret: Data(repeating: 1, count: 16), temporaryKeyId: "fa2eebe9-1d3e-44ea-a6ec-db4facb24663",
            temporaryKey: Data(repeating: 2, count: 32))
        let pairs = [
            (V4.SharedInfo1.activationStatus, V4.SharedInfo1.activationStatusDocumented),
            (V4.SharedInfo1.upgradeStart, V4.SharedInfo1.upgradeStartDocumented),
            (V4.SharedInfo1.activationLayer1, V4.SharedInfo1.activationLayer2),
        ]
        for (chosen, other) in pairs {
            let request = try envelope.sealRequest(Data("{}".utf8), sharedInfo1: chosen, timestamp: 1_769_422_877_113)
            #expect(try envelope.openRequest(request, sharedInfo1: chosen) == Data("{}".utf8))
            #expect(throws: PowerAuthError(.decryption, "")) { try envelope.openRequest(request, sharedInfo1: other) }
            let documented = try envelope.sealRequest(Data("{}".utf8), sharedInfo1: other, timestamp: 1)
            #expect(throws: PowerAuthError(.decryption, "")) {
                try envelope.openRequest(documented, sharedInfo1: chosen)
            }
        }
    }

    /// 5. Status response: both published shapes are accepted, detected by content.
    @Test func statusResponseShapes() throws {
        #expect(V4.StatusResponse.defaultShape == .blob)
        let key = Data(repeating: 3, count: 32)
        let blob = V4.StatusBlob(
            status: 3, counterByte: 1, failedAttempts: 0, maxFailedAttempts: 5, lookAhead: 20,
            counterDataHash: Data(repeating: 4, count: 32))
        let encoded = try blob.encode(statusKey: key).base64EncodedString()
        #expect(
            try V4.StatusResponse.parse(activationStatus: encoded, timestampBlockExpire: nil, statusKey: key)
                == .blob(blob))
        #expect(
            try V4.StatusResponse.parse(
                activationStatus: "BLOCKED", timestampBlockExpire: 1_769_422_877_113, statusKey: key)
                == .name("BLOCKED", timestampBlockExpire: 1_769_422_877_113))
        #expect(throws: PowerAuthError(.statusBlob, "")) {
            try V4.StatusResponse.parse(activationStatus: "ACTIVATED", timestampBlockExpire: nil, statusKey: key)
        }
        #expect(throws: PowerAuthError(.statusBlob, "")) {
            try V4.StatusResponse.parse(
                activationStatus: encoded, timestampBlockExpire: nil, statusKey: Data(count: 32))
        }
        // A 3.x activation told about 4.0: "upgrade available", not an error.
        var offered = blob
        offered.currentVersion = 3
        #expect(offered.isUpgradeAvailable && !blob.isUpgradeAvailable)
    }

    /// 6. Temporary-key response: ES384 is required; a further (ML-DSA) part is reported as not verified instead
    /// of rejected — a strict compact-JWS reader (three parts only) would have refused the same token.
    @Test func temporaryKeyAdditionalSignature() throws {
        let server = NISTP384.PrivateKey()
        let claims = V4.TemporaryKeyJWT.ResponseClaims(
            sub: "dc497e8a-8faa-44bc-a52a-20d8393005d2", applicationKey: "k", activationId: nil, challenge: "c",
            sharedSecretResponse: .init(salt: "s", encapsulatedKeys: ["e"]), iatMs: 1_000, expMs: 301_000)
        let jwt = try V4.TemporaryKeyJWT.response(claims, signingKey: server)
        #expect(try V4.TemporaryKeyJWT.verifySignatures(jwt, publicKey: server.publicKey).additional == .none)
        let extended = jwt + ".bWxkc2E"
        #expect(extended.split(separator: ".").count == 4)
        let verified = try V4.TemporaryKeyJWT.verifySignatures(extended, publicKey: server.publicKey)
        #expect(verified.additional == .notVerified(count: 1))
        #expect(verified.claims == claims)
        #expect(throws: PowerAuthError(.temporaryKey, "")) {
            try V4.TemporaryKeyJWT.verifySignatures(jwt, publicKey: NISTP384.PrivateKey().publicKey)
        }
    }

    /// 6, the other choice: verify an ML-DSA-65 element too. With one plausible layout (a fourth part, base64url of
    /// the activation's server ML-DSA-65 signature over `header "." payload`), a genuine element verifies and a
    /// forged one does not; the chosen reading accepts both alike (ES384 alone authenticates the response), so a
    /// server that adds the element works either way and one that forges it is caught only by the other choice.
    @Test func temporaryKeyMLDSAElementUnderTheOtherChoice() throws {
        let server = NISTP384.PrivateKey()
        let serverMLDSA = try MLDSA65Key()
        let claims = V4.TemporaryKeyJWT.ResponseClaims(
            sub: "dc497e8a-8faa-44bc-a52a-20d8393005d2", applicationKey: "k", activationId: "a", challenge: "c",
            sharedSecretResponse: .init(salt: "s", encapsulatedKeys: ["e"]), iatMs: 1_000, expMs: 301_000)
        let jwt = try V4.TemporaryKeyJWT.response(claims, signingKey: server)
        let signingInput = Data(jwt.split(separator: ".").prefix(2).joined(separator: ".").utf8)
        func base64URL(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let genuine = jwt + "." + base64URL(try serverMLDSA.signature(for: signingInput))
        let forged = jwt + "." + base64URL(try MLDSA65Key().signature(for: signingInput))
        /// The other choice, written here: the fourth part must be a valid ML-DSA-65 signature.
        func otherChoiceAccepts(_ token: String) throws -> Bool {
            let parts = token.split(separator: ".").map(String.init)
            guard parts.count == 4, let signature = Self.base64URLDecode(parts[3]) else { return false }
            return try MLDSA65Key.isValidSignature(signature, for: signingInput, publicKey: serverMLDSA.publicKeySPKI)
        }
        #expect(try otherChoiceAccepts(genuine))
        #expect(try !otherChoiceAccepts(forged))
        for token in [genuine, forged] {
            let chosen = try V4.TemporaryKeyJWT.verifySignatures(token, publicKey: server.publicKey)
            #expect(chosen.additional == .notVerified(count: 1) && chosen.claims == claims)
        }
    }

    static func base64URLDecode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }

    /// The envelope in both scopes round-trips, and the scopes differ (AD and SHARED_INFO_2).
    @Test func envelopeBothScopes() throws {
        let common = (key: "3mUU4aiJ00i95qMZEbbPRw==", secret: Data(repeating: 5, count: 16), id: "tk")
        let temporaryKey = Data(repeating: 6, count: 32)
        let application = try V4.Envelope(
            scope: .application, applicationKey: common.key, applicationSecret: common.secret,
            temporaryKeyId: common.id, temporaryKey: temporaryKey)
        let activation = try V4.Envelope(
            scope: .activation(activationId: "a1", sharedInfo2Key: Data(repeating: 8, count: 32)),
            applicationKey: common.key, applicationSecret: common.secret, temporaryKeyId: common.id,
            temporaryKey: temporaryKey)
        #expect(application.sharedInfo2 == SHA3.hash256(common.secret))
        for envelope in [application, activation] {
            let request = try envelope.sealRequest(Data("{}".utf8), sharedInfo1: "/pa/token/create", timestamp: 5)
            #expect(request.encryptedData.prefix(12) == request.nonce.prefix(12))
            let response = try envelope.sealResponse(
                Data(#"{"tokenId":"x"}"#.utf8), sharedInfo1: "/pa/token/create", nonce: request.nonce, timestamp: 6)
            #expect(response.encryptedData.prefix(12) == request.nonce.suffix(12))
            #expect(
                try envelope.openResponse(response, sharedInfo1: "/pa/token/create", nonce: request.nonce)
                    == Data(#"{"tokenId":"x"}"#.utf8))
            // A response under the wrong nonce half, or a replayed timestamp, does not open.
            #expect(throws: PowerAuthError(.decryption, "")) {
                try envelope.openResponse(
                    .init(encryptedData: response.encryptedData, timestamp: 7), sharedInfo1: "/pa/token/create",
                    nonce: request.nonce)
            }
        }
        let request = try application.sealRequest(Data("{}".utf8), sharedInfo1: "/pa/x", timestamp: 5)
        #expect(throws: PowerAuthError(.decryption, "")) { try activation.openRequest(request, sharedInfo1: "/pa/x") }
    }
}

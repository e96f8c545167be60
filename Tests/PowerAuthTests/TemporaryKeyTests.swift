import Foundation
import PowerAuth
import QRAuthCrypto
import Testing

/// 3.3 temporary encryption keys (spec §2): the HS256 request JWT and the ES256 response JWT.
@Suite("Temporary keys")
struct TemporaryKeyTests {
    static let applicationKey = "WQBeNgCHGlW58rzUlP7Ehg=="
    static let applicationSecret = "Epbv1D+tibvvkqGIyDOT5g=="
    static let transportKey = Data(base64Encoded: "EsOk4R701klML5Ljd07Y5Q==")!
    static let activationId = "CF2E9A48-9085-4AA3-8F85-FFAFD2380609"
    /// Bytes 0..17 as Base64.
    static let challenge = "AAECAwQFBgcICQoLDA0ODxAR"

    @Test func requestJWTsMatchTheSpecExamples() throws {
        #expect(
            try TemporaryKeyRequest.signingKey(
                applicationSecret: Self.applicationSecret, transportKey: nil, scope: .application
            ).hexString == "1296efd43fad89bbef92a188c83393e6")
        #expect(
            try TemporaryKeyRequest.signingKey(
                applicationSecret: Self.applicationSecret, transportKey: Self.transportKey, scope: .activation
            ).hexString == "65936821f803e4857dfaa6131613a1da")

        let application = TemporaryKeyRequest(applicationKey: Self.applicationKey, challenge: Self.challenge)
        #expect(
            try application.jwt(applicationSecret: Self.applicationSecret)
                == "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
                + ".eyJhcHBsaWNhdGlvbktleSI6IldRQmVOZ0NIR2xXNThyelVsUDdFaGc9PSIsImNoYWxsZW5nZSI6IkFBRUNBd1FGQmdjSUNRb0xEQTBPRHhBUiJ9"
                + ".dN0jCnAYV6jfacnmrURNM7mEVQ4K-mEoZHpCry02G_c")

        let activation = TemporaryKeyRequest(
            applicationKey: Self.applicationKey, activationId: Self.activationId, challenge: Self.challenge)
        let jwt = try activation.jwt(applicationSecret: Self.applicationSecret, transportKey: Self.transportKey)
        #expect(jwt.hasPrefix("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."))
        #expect(jwt.hasSuffix(".Lnblc6QcUWB37O6LbcdEbTicKXG16EXqA0X5t7RA0vM"))
    }

    @Test func challengesAre24CharactersOf18Bytes() {
        let challenge = TemporaryKeyRequest.makeChallenge()
        #expect(challenge.count == 24)
        #expect(Data(base64Encoded: challenge)?.count == 18)
        #expect(TemporaryKeyRequest.makeChallenge() != challenge)
        #expect(TemporaryKeyRequest.makeChallenge(randomBytes: { Data(0..<UInt8($0)) }) == Self.challenge)
    }

    @Test(arguments: [nil, activationId])
    func serverVerifiesTheRequest(activationId: String?) throws {
        let request = TemporaryKeyRequest(
            applicationKey: Self.applicationKey, activationId: activationId, challenge: Self.challenge)
        let jwt = try request.jwt(applicationSecret: Self.applicationSecret, transportKey: Self.transportKey)
        #expect(try TemporaryKeyRequest.unverifiedClaims(of: jwt) == request)
        #expect(
            try TemporaryKeyRequest.verify(
                jwt, applicationSecret: Self.applicationSecret, transportKey: Self.transportKey) == request)
        // Another secret or transport key, or a changed payload, does not verify.
        #expect(throws: PowerAuthError(.temporaryKey, "")) {
            try TemporaryKeyRequest.verify(
                jwt, applicationSecret: "AAAAAAAAAAAAAAAAAAAAAA==", transportKey: Self.transportKey)
        }
        if activationId != nil {
            #expect(throws: PowerAuthError(.temporaryKey, "")) {
                try TemporaryKeyRequest.verify(
                    jwt, applicationSecret: Self.applicationSecret, transportKey: Data(count: 16))
            }
        }
        let parts = jwt.split(separator: ".")
        let other = TemporaryKeyRequest(applicationKey: Self.applicationKey, activationId: activationId, challenge: "x")
        let otherParts = try other.jwt(applicationSecret: Self.applicationSecret, transportKey: Self.transportKey)
            .split(separator: ".")
        let spliced = "\(parts[0]).\(otherParts[1]).\(parts[2])"
        #expect(throws: PowerAuthError(.temporaryKey, "")) {
            try TemporaryKeyRequest.verify(
                spliced, applicationSecret: Self.applicationSecret, transportKey: Self.transportKey)
        }
        for malformed in ["", "a.b", "a.b.c.d", "..", "\(parts[0]).\(parts[1]).", "!.\(parts[1]).\(parts[2])"] {
            #expect(throws: PowerAuthError(.temporaryKey, "")) {
                try TemporaryKeyRequest.verify(malformed, applicationSecret: Self.applicationSecret)
            }
        }
    }

    struct Setup {
        let request: TemporaryKeyRequest
        let signing: NISTP256.Signing.PrivateKey
        let temporary: NISTP256.Signing.PrivateKey
        let jwt: String
    }

    static func setup(activationId: String? = nil, issuedAt: Int64 = 1_723_109_505_000) throws -> Setup {
        let request = TemporaryKeyRequest(
            applicationKey: applicationKey, activationId: activationId, challenge: TemporaryKeyRequest.makeChallenge())
        let signing = NISTP256.Signing.PrivateKey()
        let temporary = NISTP256.Signing.PrivateKey()
        let jwt = try TemporaryKey.responseJWT(
            for: request, keyId: "1221CD15-9092-4779-A157-04DC229A63F7", publicKey: temporary.publicKey,
            issuedAt: issuedAt, signingKey: signing)
        return Setup(request: request, signing: signing, temporary: temporary, jwt: jwt)
    }

    @Test(arguments: [nil, activationId])
    func responseRoundTrip(activationId: String?) throws {
        let setup = try Self.setup(activationId: activationId)
        let key = try TemporaryKey(verifying: setup.jwt, request: setup.request, signingKey: setup.signing.publicKey)
        #expect(key.id == "1221CD15-9092-4779-A157-04DC229A63F7")
        #expect(key.publicKey == setup.temporary.publicKey.x963Representation)
        #expect(key.issuedAtMilliseconds == 1_723_109_505_000)
        #expect(key.expiresAtMilliseconds == 1_723_109_805_000)
        #expect(key.isUsable(at: 1_723_109_794_999))
        #expect(!key.isUsable(at: 1_723_109_795_000))

        // The claims a server writes (header, seconds and milliseconds) as spec §2.3 lists them.
        let parts = setup.jwt.split(separator: ".").map(String.init)
        #expect(Data(base64URL: parts[0]) == Data(#"{"alg":"ES256","typ":"JWT"}"#.utf8))
        let payload = try #require(Data(base64URL: parts[1]))
        let claims = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        #expect(claims["iat"] as? Int == 1_723_109_505)
        #expect(claims["exp"] as? Int == 1_723_109_805)
        #expect((claims["activationId"] as? String) == activationId)
        #expect(Data(base64URL: parts[2])?.count == 64)

        // An ECIES request encrypted to the temporary key decrypts with its private key.
        let parameters = ECIES.Parameters(
            version: .v33, encryptorId: activationId == nil ? .applicationScopeGeneric : .activationScopeGeneric,
            applicationKey: Self.applicationKey, applicationSecret: Self.applicationSecret, activationId: activationId,
            transportKey: Self.transportKey, temporaryKeyId: key.id)
        let (request, _) = try ECIES.Encryptor(parameters: parameters, recipientPublicKey: key.publicKey)
            .encrypt(Data("{}".utf8), timestamp: 1_723_109_506_000)
        #expect(request.temporaryKeyId == key.id)
        let (plaintext, _) = try ECIES.Decryptor(parameters: parameters, recipientPrivateKey: setup.temporary)
            .decrypt(request)
        #expect(plaintext == Data("{}".utf8))
    }

    @Test func responseNegatives() throws {
        let setup = try Self.setup()
        let refused = PowerAuthError(.temporaryKey, "")
        // Another signing key (e.g. a wrong master key).
        #expect(throws: refused) {
            try TemporaryKey(
                verifying: setup.jwt, request: setup.request, signingKey: NISTP256.Signing.PrivateKey().publicKey)
        }
        // A flipped signature bit.
        var parts = setup.jwt.split(separator: ".").map(String.init)
        var signature = try #require(Data(base64URL: parts[2]))
        signature[10] ^= 1
        parts[2] = signature.base64URL
        #expect(throws: refused) {
            try TemporaryKey(
                verifying: parts.joined(separator: "."), request: setup.request, signingKey: setup.signing.publicKey)
        }
        // Another challenge, application key or activation id.
        var otherChallenge = setup.request
        otherChallenge.challenge = TemporaryKeyRequest.makeChallenge()
        #expect(throws: refused) {
            try TemporaryKey(verifying: setup.jwt, request: otherChallenge, signingKey: setup.signing.publicKey)
        }
        var otherApplication = setup.request
        otherApplication.applicationKey = "AAAAAAAAAAAAAAAAAAAAAA=="
        #expect(throws: refused) {
            try TemporaryKey(verifying: setup.jwt, request: otherApplication, signingKey: setup.signing.publicKey)
        }
        var withActivation = setup.request
        withActivation.activationId = Self.activationId
        #expect(throws: refused) {
            try TemporaryKey(verifying: setup.jwt, request: withActivation, signingKey: setup.signing.publicKey)
        }
        // Wrong alg or typ, even when correctly signed.
        for header in [#"{"alg":"ES256","typ":"JOSE"}"#, #"{"alg":"ES256"}"#, #"{"alg":"HS256","typ":"JWT"}"#] {
            let payload = setup.jwt.split(separator: ".")[1]
            let input = Data(header.utf8).base64URL + "." + payload
            let signed = try setup.signing.signature(for: Data(input.utf8)).rawRepresentation.base64URL
            #expect(throws: refused) {
                try TemporaryKey(
                    verifying: input + "." + signed, request: setup.request, signingKey: setup.signing.publicKey)
            }
        }
        // A DER signature instead of JOSE r||s, and a truncated token.
        let input = setup.jwt.split(separator: ".").prefix(2).joined(separator: ".")
        let der = try setup.signing.signature(for: Data(input.utf8)).derRepresentation.base64URL
        #expect(throws: refused) {
            try TemporaryKey(verifying: input + "." + der, request: setup.request, signingKey: setup.signing.publicKey)
        }
        #expect(throws: refused) {
            try TemporaryKey(verifying: input, request: setup.request, signingKey: setup.signing.publicKey)
        }
    }

    @Test func expiredKeysAreNotUsable() throws {
        let setup = try Self.setup(issuedAt: 1_000_000)
        let key = try TemporaryKey(verifying: setup.jwt, request: setup.request, signingKey: setup.signing.publicKey)
        #expect(key.isUsable(at: 1_000_000))
        #expect(!key.isUsable(at: 1_290_000))
        #expect(!key.isUsable(at: 2_000_000))
        // A cached key reads back unchanged.
        #expect(try JSONDecoder().decode(TemporaryKey.self, from: JSONEncoder().encode(key)) == key)
    }
}

extension Data {
    /// base64url without padding.
    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes base64url without padding.
    init?(base64URL text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        self.init(base64Encoded: base64)
    }
}

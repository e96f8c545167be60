import Foundation
import PowerAuth
import QRAuthCrypto
import Testing

/// Client ↔ server round trips with fresh keys for every version × encryptor id × ephemeral-key encoding.
@Suite("E2EE round trips")
struct E2EERoundTripTests {
    static let applicationKey = "WQBeNgCHGlW58rzUlP7Ehg=="
    static let applicationSecret = "Epbv1D+tibvvkqGIyDOT5g=="
    static let activationId = "CF2E9A48-9085-4AA3-8F85-FFAFD2380609"
    static let transportKey = Data(base64Encoded: "EsOk4R701klML5Ljd07Y5Q==")!

    static func parameters(_ version: ProtocolVersion, _ id: ECIES.EncryptorID) -> ECIES.Parameters {
        ECIES.Parameters(
            version: version, encryptorId: id, applicationKey: applicationKey, applicationSecret: applicationSecret,
            activationId: activationId, transportKey: transportKey,
            temporaryKeyId: version == .v33 ? "1221CD15-9092-4779-A157-04DC229A63F7" : nil)
    }

    @Test(
        arguments: ProtocolVersion.allCases,
        ECIES.EncryptorID.allCases.flatMap { id in ECIES.PointEncoding.allCases.map { (id, $0) } })
    func roundTrip(version: ProtocolVersion, case: (ECIES.EncryptorID, ECIES.PointEncoding)) throws {
        let (id, encoding) = `case`
        let serverKey = NISTP256.Signing.PrivateKey()
        let parameters = Self.parameters(version, id)
        let encryptor = try ECIES.Encryptor(
            parameters: parameters, recipientPublicKey: serverKey.publicKey.x963Representation,
            ephemeralKeyEncoding: encoding)
        let plaintext = Data("{\"hello\":\"\(id.rawValue)\"}".utf8)
        let (request, responseDecryptor) = try encryptor.encrypt(plaintext, timestamp: 1_723_109_505_421)
        #expect(request.ephemeralPublicKey.count == (encoding == .compressed ? 33 : 65))
        try request.validateFields(for: version)

        // Through JSON, as on the wire.
        let wire = try JSONEncoder().encode(request)
        let received = try JSONDecoder().decode(ECIES.EncryptedRequest.self, from: wire)
        #expect(received == request)

        let (decrypted, responseEncryptor) = try ECIES.Decryptor(parameters: parameters, recipientPrivateKey: serverKey)
            .decrypt(received)
        #expect(decrypted == plaintext)
        let response = try responseEncryptor.encrypt(Data("{}".utf8), timestamp: 1_723_109_505_500)
        try response.validateFields(for: version)
        switch version {
        case .v30:
            #expect(response.nonce == nil && response.timestamp == nil)
        case .v31:
            #expect(response.nonce == nil && response.timestamp == nil)
        case .v32, .v33:
            #expect(response.nonce != nil && response.nonce != request.nonce)
            #expect(response.timestamp == 1_723_109_505_500)
        }
        let responseWire = try JSONDecoder().decode(ECIES.EncryptedResponse.self, from: JSONEncoder().encode(response))
        #expect(try responseDecryptor.decrypt(responseWire) == Data("{}".utf8))

        // One-shot contexts.
        #expect(throws: PowerAuthError(.decryption, "")) { try responseDecryptor.decrypt(responseWire) }
        #expect(throws: PowerAuthError(.encryption, "")) {
            try responseEncryptor.encrypt(Data(), timestamp: 0)
        }
    }

    @Test(arguments: ProtocolVersion.allCases)
    func everyRequestUsesAFreshEphemeralKeyAndNonce(version: ProtocolVersion) throws {
        let serverKey = NISTP256.Signing.PrivateKey()
        let encryptor = try ECIES.Encryptor(
            parameters: Self.parameters(version, .activationScopeGeneric),
            recipientPublicKey: serverKey.publicKey.compressedRepresentation)
        let first = try encryptor.encrypt(Data("same".utf8), timestamp: 1).request
        let second = try encryptor.encrypt(Data("same".utf8), timestamp: 1).request
        #expect(first.ephemeralPublicKey != second.ephemeralPublicKey)
        #expect(first.encryptedData != second.encryptedData)
        if version != .v30 { #expect(first.nonce != second.nonce) }
    }

    @Test func emptyPlaintextIsOneBlock() throws {
        let serverKey = NISTP256.Signing.PrivateKey()
        let parameters = Self.parameters(.v32, .applicationScopeGeneric)
        let (request, _) = try ECIES.Encryptor(
            parameters: parameters, recipientPublicKey: serverKey.publicKey.x963Representation
        ).encrypt(Data(), timestamp: 5)
        #expect(request.encryptedData.count == 16)
        let (plaintext, _) = try ECIES.Decryptor(parameters: parameters, recipientPrivateKey: serverKey).decrypt(
            request)
        #expect(plaintext.isEmpty)
    }

    @Test func responseNonceIsRedrawnWhileItEqualsTheRequestNonce() throws {
        let serverKey = NISTP256.Signing.PrivateKey()
        let parameters = Self.parameters(.v33, .applicationScopeGeneric)
        let (request, decryptor) = try ECIES.Encryptor(
            parameters: parameters, recipientPublicKey: serverKey.publicKey.x963Representation
        ).encrypt(Data("x".utf8), timestamp: 5)
        let requestNonce = try #require(request.nonce)
        let fresh = Data(repeating: 0xAB, count: 16)
        let (_, encryptor) = try ECIES.Decryptor(parameters: parameters, recipientPrivateKey: serverKey).decrypt(
            request)
        let response = try encryptor.encrypt(
            Data("y".utf8), timestamp: 6,
            randomness: E2EEVectors.fixedRandomness(nonces: [requestNonce, requestNonce, fresh]))
        #expect(response.nonce == fresh)
        #expect(try decryptor.decrypt(response) == Data("y".utf8))

        let (_, stuck) = try ECIES.Decryptor(parameters: parameters, recipientPrivateKey: serverKey).decrypt(request)
        #expect(throws: PowerAuthError(.encryption, "")) {
            try stuck.encrypt(
                Data(), timestamp: 6,
                randomness: E2EEVectors.fixedRandomness(nonces: Array(repeating: requestNonce, count: 8)))
        }
    }

    @Test func badParametersAndKeysAreRefusedUpFront() throws {
        let serverKey = NISTP256.Signing.PrivateKey()
        var noTransport = Self.parameters(.v32, .createToken)
        noTransport.transportKey = nil
        #expect(throws: PowerAuthError(.encryption, "")) {
            try ECIES.Encryptor(parameters: noTransport, recipientPublicKey: serverKey.publicKey.x963Representation)
        }
        var noKeyId = Self.parameters(.v33, .applicationScopeGeneric)
        noKeyId.temporaryKeyId = nil
        #expect(throws: PowerAuthError(.encryption, "")) {
            try ECIES.Encryptor(parameters: noKeyId, recipientPublicKey: serverKey.publicKey.x963Representation)
        }
        let parameters = Self.parameters(.v32, .applicationScopeGeneric)
        for bad in [Data(count: 65), Data(count: 33), Data(count: 64), Data([0x04]) + Data(repeating: 0xFF, count: 64)]
        {
            #expect(throws: PowerAuthError(.key, "")) {
                try ECIES.Encryptor(parameters: parameters, recipientPublicKey: bad)
            }
        }
    }

    @Test func aWrongEphemeralPointIsTheOpaqueError() throws {
        let serverKey = NISTP256.Signing.PrivateKey()
        let parameters = Self.parameters(.v32, .applicationScopeGeneric)
        var (request, _) = try ECIES.Encryptor(
            parameters: parameters, recipientPublicKey: serverKey.publicKey.x963Representation
        ).encrypt(Data("x".utf8), timestamp: 5)
        request.ephemeralPublicKey = Data([0x02]) + Data(repeating: 0xFF, count: 32)
        #expect(throws: PowerAuthError(.decryption, "")) {
            try ECIES.Decryptor(parameters: parameters, recipientPrivateKey: serverKey).decrypt(request)
        }
    }
}

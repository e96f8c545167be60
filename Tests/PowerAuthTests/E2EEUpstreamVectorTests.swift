import Foundation
import PowerAuth
import QRAuthCrypto
import Testing

/// The 200 upstream E2EE vectors (8 files × 25): request and response, both directions, plus negatives.
@Suite("E2EE upstream vectors")
struct E2EEUpstreamVectorTests {
    static func parameters(_ item: [String: String]) throws -> ECIES.Parameters {
        let version = try ProtocolVersion(text: item.text("protocolVersion"))
        let encryptorId = try #require(ECIES.EncryptorID(rawValue: item.text("encryptorId")))
        return ECIES.Parameters(
            version: version, encryptorId: encryptorId, applicationKey: try item.text("applicationKey"),
            applicationSecret: try item.text("applicationSecret"), activationId: item["activationId"],
            transportKey: item["transportKey"].flatMap { Data(base64Encoded: $0) },
            temporaryKeyId: item["temporaryKeyId"])
    }

    static func request(_ item: [String: String]) throws -> ECIES.EncryptedRequest {
        ECIES.EncryptedRequest(
            temporaryKeyId: item["temporaryKeyId"], ephemeralPublicKey: try item.bytes("requestEphemeralPublicKey"),
            encryptedData: try item.bytes("encryptedDataRequest"), mac: try item.bytes("requestMac"),
            nonce: item["requestNonce"].flatMap { Data(base64Encoded: $0) },
            timestamp: item["timestampRequest"].flatMap { Int64($0) })
    }

    static func response(_ item: [String: String]) throws -> ECIES.EncryptedResponse {
        ECIES.EncryptedResponse(
            encryptedData: try item.bytes("encryptedDataResponse"), mac: try item.bytes("responseMac"),
            nonce: item["responseNonce"].flatMap { Data(base64Encoded: $0) },
            timestamp: item["timestampResponse"].flatMap { Int64($0) })
    }

    static func exchange(_ item: [String: String], parameters: ECIES.Parameters? = nil) throws -> ECIESExchange {
        let parameters = try parameters ?? Self.parameters(item)
        return try ECIESExchange(
            parameters: parameters, envelopeKey: ECIES.EnvelopeKey(rawRepresentation: item.bytes("envelopeKey")),
            ephemeralPublicKey: item.bytes("requestEphemeralPublicKey"), temporaryKeyId: item["temporaryKeyId"])
    }

    @Test(arguments: E2EEVectors.upstreamFiles)
    func everyItemDecryptsAndReencryptsByteForByte(file: String) throws {
        let items = try E2EEVectors.upstreamItems(file)
        #expect(items.count == 25)
        for (index, item) in items.enumerated() {
            let parameters = try Self.parameters(item)
            let exchange = try Self.exchange(item)
            #expect(exchange.sharedInfo2Base == (try item.bytes("sharedInfo2Base")), "\(file) item \(index) SH2 base")

            // Request: the server decrypts it, then re-encrypting with the same nonce and time gives the same bytes.
            let request = try Self.request(item)
            let decryptor = try ECIES.Decryptor(
                parameters: parameters, envelopeKey: ECIES.EnvelopeKey(rawRepresentation: item.bytes("envelopeKey")))
            let (plaintext, responseEncryptor) = try decryptor.decrypt(request)
            #expect(String(decoding: plaintext, as: UTF8.self) == (try item.text("requestData")), "\(file) \(index)")
            let resealed = try exchange.sealRequest(
                plaintext, nonce: request.nonce, timestamp: request.timestamp ?? 0)
            #expect(resealed == request, "\(file) item \(index) request re-encryption")

            // Response: the server's encryptor (fixed nonce) gives the vector's bytes; the client context opens it.
            let expectedResponse = try Self.response(item)
            let randomness = E2EEVectors.fixedRandomness(nonces: expectedResponse.nonce.map { [$0] } ?? [])
            let response = try responseEncryptor.encrypt(
                Data(try item.text("responseData").utf8), timestamp: expectedResponse.timestamp ?? 0,
                randomness: randomness)
            #expect(response == expectedResponse, "\(file) item \(index) response re-encryption")
            let opened = try exchange.openResponse(expectedResponse, requestNonce: request.nonce)
            #expect(String(decoding: opened, as: UTF8.self) == (try item.text("responseData")), "\(file) \(index)")

            // Both points are valid P-256 points.
            _ = try ServerSignedData.publicKey(base64: item.text("requestEphemeralPublicKey"))
            _ = try ServerSignedData.publicKey(base64: item.text("serverPublicKey"))
        }
    }

    @Test(arguments: E2EEVectors.upstreamFiles)
    func tamperedMessagesAreRefusedWithOneError(file: String) throws {
        let undecryptable = PowerAuthError(.decryption, "")
        for item in try E2EEVectors.upstreamItems(file).prefix(5) {
            let exchange = try Self.exchange(item)
            let request = try Self.request(item)
            let response = try Self.response(item)

            var flipped = request
            flipped.mac[7] ^= 0x01
            #expect(throws: undecryptable) { try exchange.openRequest(flipped) }
            var flippedResponse = response
            flippedResponse.mac[31] ^= 0x80
            #expect(throws: undecryptable) { try exchange.openResponse(flippedResponse, requestNonce: request.nonce) }
            var truncated = request
            truncated.encryptedData = request.encryptedData.dropLast()
            #expect(throws: undecryptable) { try exchange.openRequest(truncated) }
            var shortMac = request
            shortMac.mac = request.mac.prefix(16)
            #expect(throws: undecryptable) { try exchange.openRequest(shortMac) }

            // A different envelope key (wrong recipient key) is refused.
            var wrongKeyBytes = try item.bytes("envelopeKey")
            wrongKeyBytes[20] ^= 0x55
            let wrongKey = try ECIESExchange(
                parameters: Self.parameters(item), envelopeKey: ECIES.EnvelopeKey(rawRepresentation: wrongKeyBytes),
                ephemeralPublicKey: request.ephemeralPublicKey, temporaryKeyId: request.temporaryKeyId)
            #expect(throws: undecryptable) { try wrongKey.openRequest(request) }

            let parameters = try Self.parameters(item)
            guard parameters.version == .v32 || parameters.version == .v33 else { continue }
            // 3.2+: the associated data and timestamps are authenticated.
            var otherAppKey = parameters
            otherAppKey.applicationKey = "AAAAAAAAAAAAAAAAAAAAAA=="
            let wrongAD = try Self.exchange(item, parameters: otherAppKey)
            #expect(throws: undecryptable) { try wrongAD.openRequest(request) }
            #expect(throws: undecryptable) { try wrongAD.openResponse(response, requestNonce: request.nonce) }
            var laterRequest = request
            laterRequest.timestamp = (request.timestamp ?? 0) + 1
            #expect(throws: undecryptable) { try exchange.openRequest(laterRequest) }
            var laterResponse = response
            laterResponse.timestamp = (response.timestamp ?? 0) + 1
            #expect(throws: undecryptable) { try exchange.openResponse(laterResponse, requestNonce: request.nonce) }
        }
    }

    @Test(arguments: E2EEVectors.upstreamFiles)
    func fieldPresenceFollowsTheVersion(file: String) throws {
        let item = try #require(try E2EEVectors.upstreamItems(file).first)
        let exchange = try Self.exchange(item)
        let version = try Self.parameters(item).version
        let request = try Self.request(item)
        let response = try Self.response(item)
        let wrongFields = PowerAuthError(.eciesMessage, "")
        try request.validateFields(for: version)
        try response.validateFields(for: version)

        var noNonce = request
        noNonce.nonce = version == .v30 ? Data(count: 16) : nil
        #expect(throws: wrongFields) { try exchange.openRequest(noNonce) }
        var timestampToggled = request
        timestampToggled.timestamp = request.timestamp == nil ? 1 : nil
        #expect(throws: wrongFields) { try exchange.openRequest(timestampToggled) }
        var keyIdToggled = request
        keyIdToggled.temporaryKeyId = request.temporaryKeyId == nil ? "1221CD15-9092-4779-A157-04DC229A63F7" : nil
        #expect(throws: wrongFields) { try exchange.openRequest(keyIdToggled) }
        var responseToggled = response
        responseToggled.nonce = response.nonce == nil ? Data(count: 16) : nil
        #expect(throws: wrongFields) { try exchange.openResponse(responseToggled, requestNonce: request.nonce) }
        for other in ProtocolVersion.allCases where other != version {
            #expect(throws: wrongFields) { try request.validateFields(for: other) }
        }
    }
}

import DevServer
import Foundation
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import Testing

/// A mobile-SDK-like client of `/pa/v3`, made of library calls only (ECIES encryptor, temporary-key JWTs,
/// signatures), talking to a `DevServer` without a socket.
struct PowerAuthClient {
    var server: DevServer
    let clock: TestClock
    let application: ServerApplication
    let appVersion: ServerApplication.Version
    var version: ProtocolVersion

    // After activation.
    var activationId: String?
    var serverPublicKey: Data?
    var keys: DerivedKeys?
    var counter: SignatureCounter?

    init(server: DevServer, clock: TestClock, version: ProtocolVersion) throws {
        self.server = server
        self.clock = clock
        self.version = version
        application = try #require(server.state.defaultApplication)
        appVersion = try #require(application.currentVersion)
    }

    // MARK: transport

    func post(_ path: String, headers: [String: String] = [:], body: Data) async -> TestResponse {
        await server.respond(to: TestRequest(method: "POST", path: path, headers: headers, body: body))
    }

    static func json(_ value: some Encodable) throws -> Data {
        try JSONEncoder().encode(value)
    }

    static func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    /// `(HTTP status, code, message)` of an error envelope.
    static func error(_ response: TestResponse) throws -> (Int, String, String) {
        let object = try object(response)
        #expect(object["status"] as? String == "ERROR")
        let body = try #require(object["responseObject"] as? [String: Any])
        return (response.status, body["code"] as? String ?? "", body["message"] as? String ?? "")
    }

    // MARK: keystore

    /// A 3.3 temporary key of the scope (activation scope once activated and asked for).
    func temporaryKey(activationScope: Bool = false) async throws -> TemporaryKey {
        let request = TemporaryKeyRequest(
            applicationKey: appVersion.applicationKey, activationId: activationScope ? activationId : nil,
            challenge: TemporaryKeyRequest.makeChallenge())
        let jwt = try request.jwt(
            applicationSecret: appVersion.applicationSecret, transportKey: activationScope ? keys?.transport : nil)
        let response = await post(
            EndpointPaths.PowerAuth.v3.keystoreCreate,
            body: try Self.json(RequestEnvelope(requestObject: KeystoreCreateRequest(jwt: jwt))))
        try #require(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        let answer = try #require(try Self.object(response)["responseObject"] as? [String: Any])
        let signer =
            activationScope
            ? try NISTP256.Signing.PublicKey(x963Representation: try #require(serverPublicKey))
            : try NISTP256.Signing.PublicKey(x963Representation: application.masterPublicKey)
        return try TemporaryKey(verifying: try #require(answer["jwt"] as? String), request: request, signingKey: signer)
    }

    /// An encryptor of the client's version: to the temporary key in 3.3, else to `fallback`.
    func encryptor(
        _ id: ECIES.EncryptorID, fallback: Data, temporaryKey: TemporaryKey?
    ) throws -> ECIES.Encryptor {
        let activation = id.scope == .activation
        let parameters = ECIES.Parameters(
            version: version, encryptorId: id, applicationKey: appVersion.applicationKey,
            applicationSecret: appVersion.applicationSecret, activationId: activation ? activationId : nil,
            transportKey: activation ? keys?.transport : nil, temporaryKeyId: temporaryKey?.id)
        return try ECIES.Encryptor(parameters: parameters, recipientPublicKey: temporaryKey?.publicKey ?? fallback)
    }

    // MARK: activation

    struct ActivationResult {
        var response: TestResponse
        var layer1Request: Data
    }

    /// `/pa/v3/activation/create` with `code`; on success the client holds the activation's keys.
    mutating func activate(
        code: String, otp: String? = nil, name: String = "Test phone", timestampOffset: Int64 = 0,
        temporaryKey given: TemporaryKey? = nil, tamper: ((inout ECIES.EncryptedRequest) -> Void)? = nil
    ) async throws -> ActivationResult {
        let deviceKey = NISTP256.Signing.PrivateKey()
        var temporary = given
        if version == .v33, temporary == nil { temporary = try await temporaryKey() }
        let now = clock.millis + timestampOffset
        let layer2Plain = try Self.json(
            ActivationLayer2Request(
                devicePublicKey: deviceKey.publicKey.compressedRepresentation, activationName: name,
                activationOtp: otp, platform: "iOS", deviceInfo: "qrauth-tests"))
        let (layer2, layer2Decryptor) = try encryptor(
            .activationLayer2, fallback: application.masterPublicKey, temporaryKey: temporary
        ).encrypt(layer2Plain, timestamp: now)
        let layer1Plain = try Self.json(ActivationLayer1Request.code(code, activationData: layer2))
        var (layer1, layer1Decryptor) = try encryptor(
            .applicationScopeGeneric, fallback: application.masterPublicKey, temporaryKey: temporary
        ).encrypt(layer1Plain, timestamp: now)
        tamper?(&layer1)
        let body = try Self.json(layer1)
        let response = await post(
            EndpointPaths.PowerAuth.v3.activationCreate,
            headers: [
                EncryptionHeader.name: EncryptionHeader(version: version, applicationKey: appVersion.applicationKey)
                    .value
            ], body: body)
        guard response.status == 200 else { return ActivationResult(response: response, layer1Request: body) }
        let layer1Response = try JSONDecoder().decode(ECIES.EncryptedResponse.self, from: response.body)
        let layer1Answer = try JSONDecoder().decode(
            ActivationLayer1Response.self, from: try layer1Decryptor.decrypt(layer1Response))
        let layer2Answer = try JSONDecoder().decode(
            ActivationLayer2Response.self, from: try layer2Decryptor.decrypt(layer1Answer.activationData))
        let serverKey = try NISTP256.Signing.PublicKey(x963Representation: layer2Answer.serverPublicKey)
        keys = try DerivedKeys(masterSecret: KeyDerivation.masterSecret(privateKey: deviceKey, publicKey: serverKey))
        activationId = layer2Answer.activationId
        serverPublicKey = layer2Answer.serverPublicKey
        counter = try SignatureCounter.hashBased(validating: layer2Answer.ctrData)
        return ActivationResult(response: response, layer1Request: body)
    }

    // MARK: signatures

    /// An `X-PowerAuth-Authorization` value over `body` (the SDK's: current counter, then advance).
    mutating func signature(uriId: String, body: Data, type: SignatureType = .possessionKnowledge) throws -> String {
        let keys = try #require(keys)
        let request = try SignedRequest(
            method: "POST", uriId: uriId, nonce: SecureRandom.bytes(count: 16).base64EncodedString(), body: body)
        let header = try AuthorizationHeader.sign(
            request: request, type: type, keys: keys.factorKeys, counter: try #require(counter),
            activationId: try #require(activationId), applicationKey: appVersion.applicationKey,
            applicationSecret: appVersion.applicationSecret, version: version)
        counter = counter?.advanced()
        return header.value
    }

    // MARK: status

    /// `/pa/v3/activation/status`, decoded with the client's transport key.
    func status(activationId id: String? = nil) async throws -> (TestResponse, ActivationStatusBlob?) {
        let challenge = SecureRandom.bytes(count: 16)
        let response = await post(
            EndpointPaths.PowerAuth.v3.activationStatus,
            body: try Self.json(
                RequestEnvelope(
                    requestObject: ActivationStatusRequest(
                        activationId: try #require(id ?? activationId), challenge: challenge.base64EncodedString()))))
        guard response.status == 200, let keys else { return (response, nil) }
        let object = try #require(try Self.object(response)["responseObject"] as? [String: Any])
        let blobText = try #require(object["encryptedStatusBlob"] as? String)
        let nonceText = try #require(object["nonce"] as? String)
        let blob = try #require(Data(base64Encoded: blobText))
        let nonce = try #require(Data(base64Encoded: nonceText))
        return (
            response,
            try? ActivationStatusBlob(encrypted: blob, transportKey: keys.transport, challenge: challenge, nonce: nonce)
        )
    }

    // MARK: tokens

    /// `/pa/v3/token/create`; returns the response and, on success, the token.
    mutating func createToken(
        type: SignatureType = .possession, temporaryKey given: TemporaryKey? = nil, timestampOffset: Int64 = 0
    ) async throws -> (TestResponse, TokenCreatePayload?, Data) {
        var temporary = given
        if version == .v33, temporary == nil { temporary = try await temporaryKey(activationScope: true) }
        let (request, decryptor) = try encryptor(
            .createToken, fallback: try #require(serverPublicKey), temporaryKey: temporary
        ).encrypt(Data("{}".utf8), timestamp: clock.millis + timestampOffset)
        let body = try Self.json(request)
        let header = try signature(uriId: "/pa/token/create", body: body, type: type)
        let response = await post(
            EndpointPaths.PowerAuth.v3.tokenCreate, headers: [AuthorizationHeader.name: header], body: body)
        guard response.status == 200 else { return (response, nil, body) }
        let encrypted = try JSONDecoder().decode(ECIES.EncryptedResponse.self, from: response.body)
        return (
            response, try JSONDecoder().decode(TokenCreatePayload.self, from: try decryptor.decrypt(encrypted)), body
        )
    }
}

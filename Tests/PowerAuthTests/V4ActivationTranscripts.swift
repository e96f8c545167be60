import Foundation
import OfflineOperations
import PowerAuth
import QRAuthCrypto

/// One 4.0 activation per suite, recorded: what the client drew at random (so the library replays its requests
/// byte for byte), the four messages on the wire (`/pa/v4/keystore/create` and `/pa/v4/activation/create`, both
/// directions), and what the client derived. Made by the library (device half against server half in process);
/// `Fixtures/derived/v4/activation-transcripts.json`.
struct V4ActivationTranscripts: Codable {
    typealias V4 = PowerAuthV4

    struct Transcript: Codable {
        var suite: String
        var applicationKey: String
        var applicationSecret: String
        /// `KEY_MASTER_ECDSA_P384`, uncompressed point.
        var masterPublicKey: String
        var activationCode: String
        var nowMillis: Int64
        // What the client drew at random.
        var temporaryKeyECPrivateKey: String
        var temporaryKeyMLKEMSeed: String?
        var challenge: String
        var activationECPrivateKey: String
        var activationMLKEMSeed: String?
        var deviceECDSAPrivateKey: String
        var deviceMLDSASeed: String?
        var layer1Nonce: String
        var layer2Nonce: String
        // The wire.
        var keystoreRequestJWT: String
        var keystoreResponseJWT: String
        var activationRequestBody: String
        var activationResponseBody: String
        // What the client derived or read.
        var temporaryKeyId: String
        var temporaryKeySecret: String
        /// The decrypted layer 2 of the answer (`ActivationLayer2Response`).
        var layer2Response: String
        var activationId: String
        var activationSecret: String
        var possession: String
        var knowledge: String
        var personalizedData: String
        var fingerprint: String
    }

    var description: String
    var choices: [String: String]
    var transcripts: [Transcript]

    static var currentChoices: [String: String] {
        V4OwnVectors.currentChoices.merging([
            "fingerprint": "SIZES(SUITE, devEcdsa, [devMldsa], ACTIVATION_ID, srvEcdsa, [srvMldsa]), decimal8",
            "mldsaPublicKeyEncoding": "SubjectPublicKeyInfo DER",
            "activationLayer1SharedInfo1": V4.SharedInfo1.activationLayer1,
        ]) { $1 }
    }

    /// A fresh file: every client input random, recorded; the server half of the library answers.
    static func generate() throws -> V4ActivationTranscripts {
        var transcripts: [Transcript] = []
        for suite in V4.Suite.strongestFirst.reversed() {
            transcripts.append(try generate(suite: suite))
        }
        return V4ActivationTranscripts(
            description:
                "qrauth's own PowerAuth 4.0 activation transcripts, one per suite, made by the library (device and "
                + "server halves in process), not upstream data. Replayed by V4ActivationTranscriptTests.",
            choices: currentChoices, transcripts: transcripts)
    }

    static func generate(suite: V4.Suite) throws -> Transcript {
        let now: Int64 = 1_800_000_000_000
        let master = NISTP384.PrivateKey()
        var serverApplication = ServerApplication.generate(applicationId: "transcript-app")
        serverApplication.masterPrivateKeyP384 = master.rawRepresentation
        let version = try serverApplication.currentVersion ?? { throw PowerAuthError(.key, "no version") }()
        let application = try V4.Application(
            applicationKey: version.applicationKey, applicationSecret: version.applicationSecret,
            masterPublicKey: master.publicKey.x963Representation)
        let code = try ActivationCode.generate().value
        var server = try ServerActivation.initiate(
            application: serverApplication, version: version, userId: "alice", activationCode: code,
            activationSignature: "c2ln", commitPhase: .onCommit, nowMillis: now)
        let temporaryKeys = ServerTemporaryKeysV4()

        let temporaryContext = try V4.SharedSecret.ClientContext(suite: suite)
        let challenge = SecureRandom.bytes(count: 16)
        let exchange = try V4.TemporaryKeyExchange(
            applicationKey: application.applicationKey, activationId: nil,
            jwtKey: V4.ActivationKeys.applicationTemporaryKey(applicationSecret: application.secretBytes), suite: suite,
            fixed: (temporaryContext, challenge))
        let responseJWT = try temporaryKeys.issue(
            for: exchange.jwt,
            jwtKey: V4.ActivationKeys.applicationTemporaryKey(applicationSecret: application.secretBytes),
            signingKey: master, nowMillis: now)
        let temporaryKey = try exchange.finish(responseJWT: responseJWT, signer: master.publicKey)

        let fixed = V4.ActivationRequest.FixedRandomness(
            deviceKeys: try V4.SigningKeys(suite: suite), context: try V4.SharedSecret.ClientContext(suite: suite),
            layer1Nonce: SecureRandom.bytes(count: V4.Envelope.nonceSize),
            layer2Nonce: SecureRandom.bytes(count: V4.Envelope.nonceSize))
        let request = try V4.ActivationRequest(
            code: code, application: application, temporaryKey: temporaryKey, suite: suite, name: "transcript phone",
            nowMillis: now, fixed: fixed)
        let flow = ServerActivationFlowV4(
            applicationKey: version.applicationKey, applicationSecret: version.applicationSecret)
        let opened = try flow.open(request.body, temporaryKeys: temporaryKeys, nowMillis: now)
        let responseBody = try flow.answer(opened, activation: &server, nowMillis: now)
        let device = try request.finish(responseBody: responseBody)
        let layer2 = try request.layer2Response(responseBody: responseBody)
        let v4 = try server.requireV4()
        let keys = try device.state.keys()
        func b64(_ data: Data) -> String { data.base64EncodedString() }
        return Transcript(
            suite: suite.rawValue, applicationKey: application.applicationKey,
            applicationSecret: application.applicationSecret, masterPublicKey: b64(application.masterPublicKey),
            activationCode: code, nowMillis: now,
            temporaryKeyECPrivateKey: b64(temporaryContext.ecKey.rawRepresentation),
            temporaryKeyMLKEMSeed: temporaryContext.mlkemKey.map { b64($0.seed) }, challenge: b64(challenge),
            activationECPrivateKey: b64(fixed.context.ecKey.rawRepresentation),
            activationMLKEMSeed: fixed.context.mlkemKey.map { b64($0.seed) },
            deviceECDSAPrivateKey: b64(fixed.deviceKeys.ecdsa.rawRepresentation),
            deviceMLDSASeed: fixed.deviceKeys.mldsa.map { b64($0.seed) }, layer1Nonce: b64(fixed.layer1Nonce),
            layer2Nonce: b64(fixed.layer2Nonce), keystoreRequestJWT: exchange.jwt, keystoreResponseJWT: responseJWT,
            activationRequestBody: String(decoding: request.body, as: UTF8.self),
            activationResponseBody: String(decoding: responseBody, as: UTF8.self), temporaryKeyId: temporaryKey.id,
            temporaryKeySecret: b64(temporaryKey.secret), layer2Response: String(decoding: layer2, as: UTF8.self),
            activationId: device.activationId, activationSecret: b64(v4.activationSecret),
            possession: b64(keys.possession), knowledge: b64(keys.knowledge),
            personalizedData: b64(keys.personalizedData), fingerprint: try device.fingerprint)
    }
}

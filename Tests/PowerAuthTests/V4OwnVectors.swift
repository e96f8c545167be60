import Foundation
import OfflineOperations
import PowerAuth
import QRAuthCrypto

/// The vectors qrauth makes for PowerAuth 4.0 where upstream has none (Fixtures/derived/v4/own-vectors.json),
/// and the generator that wrote them (run `QRAUTH_WRITE_V4_VECTORS=<path> swift test --filter V4OwnVectorTests`).
struct V4OwnVectors: Codable {
    typealias V4 = PowerAuthV4

    struct Activation: Codable {
        let activationSecret, possession, knowledge, biometry, counterData, status, activationTemporaryKey: String
        let personalizedData, sharedInfo2: String
    }

    struct AuthenticationCode: Codable {
        let activation: Int
        let type: String
        let counterData: String
        /// Base64 of `REQUEST_DATA "&" SECRET`.
        let normalizedData: String
        let online: String
        let offline8: String
        let offline4: String
    }

    struct OfflineQR: Codable {
        let activation: Int
        let operationId, operationData, nonce: String
        let totp: String?
        /// The text before the key-type character.
        let unsigned: String
        let personalizedPayload: String
        /// Base64 of the P-384 master scalar and the uncompressed point.
        let masterPrivateKey, masterPublicKey: String
        let nonPersonalizedPayload: String
        let counterData: String
        let approvalKnowledge, approvalBiometry, approvalKnowledge6: String
    }

    struct Status: Codable {
        let activation: Int
        let status, currentVersion, upgradeVersion, flags, counterByte, failedAttempts, maxFailedAttempts: UInt8
        let lookAhead: UInt8
        let counterData: String
        let blob: String
    }

    struct TemporaryKey: Codable {
        /// nil: application scope.
        let activation: Int?
        let applicationKey, applicationSecret, jwtKey, requestJWT: String
        /// Base64 of the server's P-384 scalar and point (master key, or the activation's server key).
        let serverPrivateKey, serverPublicKey: String
        let responseJWT: String
    }

    let description: String
    let choices: [String: String]
    let activations: [Activation]
    let authenticationCodes: [AuthenticationCode]
    let offlineQR: [OfflineQR]
    let statusBlobs: [Status]
    let temporaryKeys: [TemporaryKey]

    /// The open-point choices the file was made with.
    static var currentChoices: [String: String] {
        [
            "absentDiversifierEncoding": V4.KDF.absentDiversifierEncoding.rawValue,
            "authenticationCode": "final (spec §6.3, 32-byte chained components)",
        ]
    }

    static func keys(_ item: Activation) throws -> V4.ActivationKeys {
        guard let secret = Data(base64Encoded: item.activationSecret) else {
            throw PowerAuthError(.base64, "activationSecret is not Base64")
        }
        return try V4.ActivationKeys(activationSecret: secret)
    }

    /// Writes a fresh file: fixed secrets (from a seed), random ECDSA nonces.
    static func generate() throws -> V4OwnVectors {
        var state: UInt64 = 0x5EED_0004
        func bytes(_ count: Int) -> Data {
            Data(
                (0..<count).map { _ in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return UInt8(truncatingIfNeeded: state >> 33)
                })
        }
        let secrets = [bytes(32), bytes(32)]
        let keys = try secrets.map { try V4.ActivationKeys(activationSecret: $0) }
        let activations = zip(secrets, keys).map { secret, key in
            Activation(
                activationSecret: secret.base64EncodedString(), possession: key.possession.base64EncodedString(),
                knowledge: key.knowledge.base64EncodedString(), biometry: key.biometry.base64EncodedString(),
                counterData: key.counterData.base64EncodedString(), status: key.status.base64EncodedString(),
                activationTemporaryKey: key.activationTemporaryKey.base64EncodedString(),
                personalizedData: key.personalizedData.base64EncodedString(),
                sharedInfo2: key.sharedInfo2.base64EncodedString())
        }
        var codes: [AuthenticationCode] = []
        let requests = [
            try SignedRequest(
                method: "POST", uriId: "/pa/activation/confirm", nonce: bytes(16).base64EncodedString(),
                body: Data(#"{"requestObject":{"enableBiometry":false}}"#.utf8)),
            try SignedRequest(
                method: "POST", uriId: "/operation/authorize", nonce: bytes(16).base64EncodedString(),
                body: Data(#"{"requestObject":{"id":"a1","data":"A1*A100CZK"}}"#.utf8)),
            try SignedRequest(
                method: "POST", uriId: "/pa/token/create", nonce: bytes(16).base64EncodedString(), body: Data()),
        ]
        for (index, key) in keys.enumerated() {
            for (typeIndex, type) in V4.AuthenticationCode.CodeType.allCases.enumerated() {
                let counter = bytes(32)
                let data = requests[typeIndex].normalizedData(applicationSecret: bytes(16).base64EncodedString())
                let components = try V4.AuthenticationCode.components(
                    data: data, factorKeys: type.factorKeys(key), counterData: counter)
                codes.append(
                    AuthenticationCode(
                        activation: index, type: type.rawValue, counterData: counter.base64EncodedString(),
                        normalizedData: data.base64EncodedString(), online: V4.AuthenticationCode.online(components),
                        offline8: try V4.AuthenticationCode.offline(components, digits: 8),
                        offline4: try V4.AuthenticationCode.offline(components, digits: 4)))
            }
        }
        var qr: [OfflineQR] = []
        for (index, key) in keys.enumerated() {
            let operationId = ["5ff1b1ed-a3cc-45a3-8ab0-ed60950312b6", "0b0f0e39-6c8f-4f3b-b1ac-2a3c4e5f6071"][index]
            let operationData = ["A1*A100CZK*ICZ2730300000001165254011*D20180425*Thello world", "A2"][index]
            let totp: String? = index == 1 ? "12345678" : nil
            let nonce = bytes(16).base64EncodedString()
            let lines = [operationId, "Payment", "Please confirm", operationData, "B"] + (totp.map { [$0] } ?? [])
            let unsigned = (lines + [nonce]).joined(separator: "\n") + "\n"
            let master = try NISTP384.PrivateKey(rawRepresentation: try validScalar(bytes))
            let counter = bytes(32)
            func approval(_ second: Data, digits: Int = 8) throws -> String {
                try V4.OfflineQR.approvalCode(
                    operationId: operationId, operationData: operationData, totp: totp, nonce: nonce,
                    factorKeys: [key.possession, second], counterData: counter, digits: digits)
            }
            qr.append(
                OfflineQR(
                    activation: index, operationId: operationId, operationData: operationData, nonce: nonce, totp: totp,
                    unsigned: unsigned,
                    personalizedPayload: try V4.OfflineQR.signPersonalized(unsigned, key: key.personalizedData),
                    masterPrivateKey: master.rawRepresentation.base64EncodedString(),
                    masterPublicKey: master.publicKey.x963Representation.base64EncodedString(),
                    nonPersonalizedPayload: try V4.OfflineQR.signNonPersonalized(unsigned, masterKey: master),
                    counterData: counter.base64EncodedString(), approvalKnowledge: try approval(key.knowledge),
                    approvalBiometry: try approval(key.biometry),
                    approvalKnowledge6: try approval(key.knowledge, digits: 6)))
        }
        var statuses: [Status] = []
        for (index, key) in keys.enumerated() {
            let counter = bytes(32)
            let blob = V4.StatusBlob(
                status: index == 0 ? 3 : 2, upgradeVersion: 4, flags: index == 0 ? 0 : 1, counterByte: UInt8(7 + index),
                failedAttempts: UInt8(index), maxFailedAttempts: 5, lookAhead: 20,
                counterDataHash: try V4.Counter.hash(counter, key: key.counterData))
            statuses.append(
                Status(
                    activation: index, status: blob.status, currentVersion: blob.currentVersion,
                    upgradeVersion: blob.upgradeVersion, flags: blob.flags, counterByte: blob.counterByte,
                    failedAttempts: blob.failedAttempts, maxFailedAttempts: blob.maxFailedAttempts,
                    lookAhead: blob.lookAhead, counterData: counter.base64EncodedString(),
                    blob: try blob.encode(statusKey: key.status).base64EncodedString()))
        }
        var temporary: [TemporaryKey] = []
        let applicationKey = bytes(16).base64EncodedString()
        let applicationSecret = bytes(16)
        for activation in [nil, 0] as [Int?] {
            let jwtKey =
                try activation.map { keys[$0].activationTemporaryKey }
                ?? V4.ActivationKeys.applicationTemporaryKey(applicationSecret: applicationSecret)
            let activationId = activation.map { _ in "a2fb8d5c-576b-4f65-98bf-0aa476cec799" }
            let client = V4.SharedSecret.ClientContext(
                suite: .ecP384, ecKey: try NISTP384.PrivateKey(rawRepresentation: try validScalar(bytes)), mlkemKey: nil
            )
            let challenge = bytes(16).base64EncodedString()
            let request = try V4.TemporaryKeyJWT.request(
                .init(
                    applicationKey: applicationKey, activationId: activationId, challenge: challenge,
                    sharedSecretRequest: .init(
                        algorithm: "EC_P384",
                        encapsulationKeys: client.encapsulationKeys.map { $0.base64EncodedString() })),
                jwtKey: jwtKey)
            let server = try V4.SharedSecret.respond(
                suite: .ecP384, encapsulationKeys: client.encapsulationKeys, salt: bytes(32),
                ephemeral: try NISTP384.PrivateKey(rawRepresentation: try validScalar(bytes)))
            let signing = try NISTP384.PrivateKey(rawRepresentation: try validScalar(bytes))
            let response = try V4.TemporaryKeyJWT.response(
                .init(
                    sub: "dc497e8a-8faa-44bc-a52a-20d8393005d2", applicationKey: applicationKey,
                    activationId: activationId, challenge: challenge,
                    sharedSecretResponse: .init(
                        salt: server.salt.base64EncodedString(),
                        encapsulatedKeys: server.encapsulatedKeys.map { $0.base64EncodedString() }),
                    iatMs: 1_769_422_877_113, expMs: 1_769_423_177_113),
                signingKey: signing)
            temporary.append(
                TemporaryKey(
                    activation: activation, applicationKey: applicationKey,
                    applicationSecret: applicationSecret.base64EncodedString(), jwtKey: jwtKey.base64EncodedString(),
                    requestJWT: request, serverPrivateKey: signing.rawRepresentation.base64EncodedString(),
                    serverPublicKey: signing.publicKey.x963Representation.base64EncodedString(), responseJWT: response))
        }
        return V4OwnVectors(
            description:
                "PowerAuth 4.0 vectors made by qrauth's library where upstream has none (spec powerauth-v4.md §19). "
                + "Not upstream data: they pin qrauth's reading of the published description under the listed "
                + "open-point choices; ECDSA signatures carry random nonces and are checked by verification.",
            choices: currentChoices, activations: activations, authenticationCodes: codes, offlineQR: qr,
            statusBlobs: statuses, temporaryKeys: temporary)
    }

    /// 48 seeded bytes below the P-384 order (the first byte kept under 0xFF).
    private static func validScalar(_ bytes: (Int) -> Data) throws -> Data {
        var scalar = bytes(48)
        scalar[0] &= 0x7F
        scalar[47] |= 1
        return scalar
    }
}

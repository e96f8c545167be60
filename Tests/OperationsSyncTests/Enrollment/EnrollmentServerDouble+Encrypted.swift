import Foundation
import HTTPTypes
import MobileTokenAPI
import OperationsSync
import PowerAuth
import QRAuthCrypto

/// The double's ECIES routes: keystore (3.3 temporary keys), activation create (both layers) and token create.
/// The double's ECIES routes: keystore (3.3 temporary keys), activation create (both layers) and token create, each
/// the server flow of `PowerAuth` with the test's faults applied to what it answers.
extension EnrollmentServerDouble {
    func encryptedRoute(path: String, body: Data, headers: HTTPFields) throws -> (Int, Data) {
        switch path {
        case EndpointPaths.PowerAuth.v3.keystoreCreate: return try keystore(body)
        case EndpointPaths.PowerAuth.v3.activationCreate: return try activationCreate(body, headers: headers)
        case EndpointPaths.PowerAuth.v3.tokenCreate: return try tokenCreate(body, headers: headers)
        default: return (404, Self.errorBody("ERR_NOT_FOUND", path))
        }
    }

    func keystore(_ body: Data) throws -> (Int, Data) {
        keystoreCalls += 1
        let refused = (400, Self.errorBody("ERR_TEMPORARY_KEY", "POWER_AUTH_TEMPORARY_KEY_FAILURE"))
        guard let jwt = try Self.requestObject(body)["jwt"] as? String else { return refused }
        let claims = try ServerTemporaryKeys.claims(of: jwt)
        guard claims.applicationKey == applicationKey else { return refused }
        var signing = masterKey
        var transportKey: Data?
        if let activationId = claims.activationId {
            guard let server, server.activationId == activationId else { return refused }
            signing = try server.serverSigningKey()
            transportKey = try server.derivedKeys().transport
        }
        if case .foreignJWTSigner = fault { signing = NISTP256.Signing.PrivateKey() }
        let validity: Int64
        if case .expiredTemporaryKey = fault {
            validity = -1_000
        } else {
            validity = ServerTemporaryKeys.validityMillis
        }
        do {
            let response = try temporaryKeys.issue(
                for: jwt, applicationSecret: applicationSecret, transportKey: transportKey, signingKey: signing,
                nowMillis: nowMillis(), validityMillis: validity)
            return (200, Self.ok(["jwt": response]))
        } catch {
            return refused
        }
    }

    /// When the answer is dated: now, or as old as the `staleBy` fault says.
    func answerMillis() -> Int64 {
        if case .staleBy(let millis) = fault { return nowMillis() - millis }
        return nowMillis()
    }

    /// The `corruptMAC` fault applied to a sealed answer: one bit of its MAC flipped.
    func faulted(_ sealed: Data) throws -> Data {
        guard case .corruptMAC = fault else { return sealed }
        var response = try JSONDecoder().decode(ECIES.EncryptedResponse.self, from: sealed)
        response.mac[0] ^= 0x01
        return try JSONEncoder().encode(response)
    }

    func activationCreate(_ body: Data, headers: HTTPFields) throws -> (Int, Data) {
        let encryptionFailed = (400, Self.errorBody("ERR_ENCRYPTION", "POWER_AUTH_ENCRYPTION_FAILED"))
        let activationFailed = (400, Self.errorBody("ERR_ACTIVATION", "POWER_AUTH_ACTIVATION_INVALID"))
        guard let value = headers[EncryptionHeader.name], let header = try? EncryptionHeader(parsing: value),
            (try? header.validate(scope: .application)) != nil, header.applicationKey == applicationKey
        else { return encryptionFailed }
        let flow = ServerActivationFlow(
            version: header.version, applicationKey: applicationKey, applicationSecret: applicationSecret)
        let master = masterKey
        let now = nowMillis()
        guard let request = try? ServerEncryptionFlow.request(body),
            let outer = try? flow.layer1.open(
                request, temporaryKeys: temporaryKeys, nowMillis: now, fallback: { master })
        else { return encryptionFailed }
        guard let layer1 = try? flow.request(outer), layer1.identityAttributes["code"] == pendingCode,
            var activation = template,
            let inner = try? flow.layer2.open(
                layer1.activationData, temporaryKeys: temporaryKeys, nowMillis: now, fallback: { master }),
            let registration = try? flow.registration(inner),
            (try? activation.prepare(registration, nowMillis: now)) != nil
        else { return activationFailed }
        server = activation
        receivedDetails = registration
        let sealed = try flow.answer(
            activation, request: layer1, layer1: outer, layer2: inner, timestampMillis: answerMillis())
        return (200, try faulted(sealed))
    }

    func tokenCreate(_ body: Data, headers: HTTPFields) throws -> (Int, Data) {
        let refused = (401, Self.errorBody("ERR_AUTHENTICATION", "POWER_AUTH_TOKEN_ERROR"))
        guard let value = headers[AuthorizationHeader.name], let header = try? AuthorizationHeader(parsing: value),
            try verified(headers, ServerSignatureAuthentication.tokenCreate, body: body), var activation = server,
            let request = try? ServerEncryptionFlow.request(body)
        else { return refused }
        let flow = ServerTokenFlow(version: header.version)
        let serverKey = try activation.serverSigningKey()
        guard
            let opened = try? flow.encryption(for: activation).open(
                request, temporaryKeys: temporaryKeys, nowMillis: nowMillis(), fallback: { serverKey })
        else { return refused }
        let token = ServerTokenFlow.newToken()
        try ServerTokenFlow.add(token, to: &activation)
        server = activation
        return (200, try faulted(try flow.answer(token, request: opened, timestampMillis: answerMillis())))
    }
}

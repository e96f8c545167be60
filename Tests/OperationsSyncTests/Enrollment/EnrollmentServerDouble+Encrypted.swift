import Foundation
import OperationsSync
import PowerAuth
import QRAuthCrypto

/// The double's ECIES routes: keystore (3.3 temporary keys), activation create (both layers) and token create.
extension EnrollmentServerDouble {
    struct IssuedKey: Sendable {
        let privateKey: NISTP256.Signing.PrivateKey
        let activationId: String?
    }

    func encryptedRoute(path: String, body: Data, headers: HTTPHeaderFields) throws -> (Int, Data) {
        switch path {
        case "/pa/v3/keystore/create": return try keystore(body)
        case "/pa/v3/activation/create": return try activationCreate(body, headers: headers)
        case "/pa/v3/token/create": return try tokenCreate(body, headers: headers)
        default: return (404, Self.errorBody("ERR_NOT_FOUND", path))
        }
    }

    func keystore(_ body: Data) throws -> (Int, Data) {
        keystoreCalls += 1
        guard let jwt = try Self.requestObject(body)["jwt"] as? String else {
            return (400, Self.errorBody("ERR_TEMPORARY_KEY", "POWER_AUTH_TEMPORARY_KEY_FAILURE"))
        }
        let claims = try TemporaryKeyRequest.unverifiedClaims(of: jwt)
        guard claims.applicationKey == applicationKey else {
            return (400, Self.errorBody("ERR_TEMPORARY_KEY", "POWER_AUTH_TEMPORARY_KEY_FAILURE"))
        }
        var signing = masterKey
        var transportKey: Data?
        if let activationId = claims.activationId {
            guard let server, server.activationId == activationId else {
                return (400, Self.errorBody("ERR_TEMPORARY_KEY", "POWER_AUTH_TEMPORARY_KEY_FAILURE"))
            }
            signing = try server.serverSigningKey()
            transportKey = try server.derivedKeys().transport
        }
        let verified: TemporaryKeyRequest
        do {
            verified = try TemporaryKeyRequest.verify(
                jwt, applicationSecret: applicationSecret, transportKey: transportKey)
        } catch {
            return (400, Self.errorBody("ERR_TEMPORARY_KEY", "POWER_AUTH_TEMPORARY_KEY_FAILURE"))
        }
        if case .foreignJWTSigner = fault { signing = NISTP256.Signing.PrivateKey() }
        let validity: Int64
        if case .expiredTemporaryKey = fault { validity = -1_000 } else { validity = 300_000 }
        let key = NISTP256.Signing.PrivateKey()
        let id = UUID().uuidString
        issuedKeys[id] = IssuedKey(privateKey: key, activationId: verified.activationId)
        let response = try TemporaryKey.responseJWT(
            for: verified, keyId: id, publicKey: key.publicKey, issuedAt: nowMillis(), validityMilliseconds: validity,
            signingKey: signing)
        return (200, Self.ok(["jwt": response]))
    }

    /// The private key a request is encrypted to: the temporary key named in it (3.3), else `fallback`.
    func recipient(
        version: ProtocolVersion, keyId: String?, activationId: String?, fallback: NISTP256.Signing.PrivateKey
    ) -> NISTP256.Signing.PrivateKey? {
        guard version == .v33 else { return fallback }
        guard let keyId, let issued = issuedKeys[keyId], issued.activationId == activationId else { return nil }
        return issued.privateKey
    }

    /// Seals an answer, with the MAC or timestamp fault of the test applied.
    func seal(_ plaintext: Data, with encryptor: ECIES.ResponseEncryptor) throws -> Data {
        var timestamp = nowMillis()
        if case .staleBy(let millis) = fault { timestamp -= millis }
        var response = try encryptor.encrypt(plaintext, timestamp: timestamp)
        if case .corruptMAC = fault { response.mac[0] ^= 0x01 }
        return try JSONEncoder().encode(response)
    }

    func activationCreate(_ body: Data, headers: HTTPHeaderFields) throws -> (Int, Data) {
        let encryptionFailed = (400, Self.errorBody("ERR_ENCRYPTION", "POWER_AUTH_ENCRYPTION_FAILED"))
        let activationFailed = (400, Self.errorBody("ERR_ACTIVATION", "POWER_AUTH_ACTIVATION_INVALID"))
        guard let value = headers[EncryptionHeader.name], let header = try? EncryptionHeader(parsing: value),
            (try? header.validate(scope: .application)) != nil, header.applicationKey == applicationKey,
            let request = try? JSONDecoder().decode(ECIES.EncryptedRequest.self, from: body),
            let key = recipient(
                version: header.version, keyId: request.temporaryKeyId, activationId: nil, fallback: masterKey)
        else { return encryptionFailed }
        let layer1Parameters = ECIES.Parameters(
            version: header.version, encryptorId: .applicationScopeGeneric, applicationKey: applicationKey,
            applicationSecret: applicationSecret, temporaryKeyId: request.temporaryKeyId)
        guard
            let (layer1Plain, layer1Encryptor) = try? ECIES.Decryptor(
                parameters: layer1Parameters, recipientPrivateKey: key
            ).decrypt(request),
            let layer1 = try? JSONDecoder().decode(ActivationLayer1Request.self, from: layer1Plain)
        else { return encryptionFailed }
        guard layer1.type == "CODE", let code = layer1.identityAttributes["code"], code == pendingCode,
            var activation = template
        else { return activationFailed }
        let layer2Parameters = ECIES.Parameters(
            version: header.version, encryptorId: .activationLayer2, applicationKey: applicationKey,
            applicationSecret: applicationSecret, temporaryKeyId: layer1.activationData.temporaryKeyId)
        guard
            let (layer2Plain, layer2Encryptor) = try? ECIES.Decryptor(
                parameters: layer2Parameters, recipientPrivateKey: key
            ).decrypt(layer1.activationData),
            let layer2 = try? JSONDecoder().decode(ActivationLayer2Request.self, from: layer2Plain),
            let deviceKey = try? NISTP256.Signing.PublicKey(compressedRepresentation: layer2.devicePublicKey)
        else { return activationFailed }
        if let pendingOTP, layer2.activationOtp != pendingOTP { return activationFailed }
        activation.devicePublicKey = deviceKey.x963Representation
        activation.counters = ServerCounterState(ctrData: SecureRandom.bytes(count: 16))
        activation.tokens = []
        activation.protocolVersion = header.version
        server = activation
        receivedDetails = layer2
        let layer2Answer = ActivationLayer2Response(
            activationId: activation.activationId, serverPublicKey: activation.serverPublicKey,
            ctrData: activation.counters.ctrData ?? Data())
        let layer2Sealed = try layer2Encryptor.encrypt(
            try JSONEncoder().encode(layer2Answer), timestamp: nowMillis())
        let layer1Answer = ActivationLayer1Response(activationData: layer2Sealed)
        return (200, try seal(try JSONEncoder().encode(layer1Answer), with: layer1Encryptor))
    }

    func tokenCreate(_ body: Data, headers: HTTPHeaderFields) throws -> (Int, Data) {
        let refused = (401, Self.errorBody("ERR_AUTHENTICATION", "POWER_AUTH_TOKEN_ERROR"))
        guard let value = headers[AuthorizationHeader.name], let header = try? AuthorizationHeader(parsing: value),
            try verified(headers, uriId: "/pa/token/create", body: body), let activation = server,
            let request = try? JSONDecoder().decode(ECIES.EncryptedRequest.self, from: body),
            let key = recipient(
                version: header.version, keyId: request.temporaryKeyId, activationId: activation.activationId,
                fallback: try activation.serverSigningKey())
        else { return refused }
        let parameters = ECIES.Parameters(
            version: header.version, encryptorId: .createToken, applicationKey: applicationKey,
            applicationSecret: applicationSecret, activationId: activation.activationId,
            transportKey: try activation.derivedKeys().transport, temporaryKeyId: request.temporaryKeyId)
        guard
            let (plaintext, encryptor) = try? ECIES.Decryptor(parameters: parameters, recipientPrivateKey: key).decrypt(
                request),
            plaintext == Data("{}".utf8)
        else { return refused }
        let token = TokenCredential(id: UUID().uuidString.lowercased(), secret: SecureRandom.bytes(count: 16))
        server?.tokens.append(token)
        return (
            200,
            try seal(
                try JSONEncoder().encode(TokenCreatePayload(tokenId: token.id, tokenSecret: token.secret)),
                with: encryptor)
        )
    }
}

package import Foundation
package import QRAuthCrypto

extension PowerAuthV4 {
    /// A temporary key the client obtained from `/pa/v4/keystore/create` (spec §11): its id and
    /// `KEY_TEMPORARY_SHARED_SECRET`.
    package struct TemporaryKey: Sendable, Equatable {
        package let id: String
        package let secret: Data
        package let expiresMillis: Int64
        package let serverTimeMillis: Int64

        package init(id: String, secret: Data, expiresMillis: Int64, serverTimeMillis: Int64) {
            self.id = id
            self.secret = secret
            self.expiresMillis = expiresMillis
            self.serverTimeMillis = serverTimeMillis
        }
    }

    /// The client's half of one `/pa/v4/keystore/create` exchange (spec §11.2–11.3): the signed request JWT and the
    /// private KEM material kept until the response arrives.
    package struct TemporaryKeyExchange: Sendable {
        /// The HS384 request JWT to send as `requestObject.jwt`.
        package let jwt: String
        let claims: TemporaryKeyJWT.RequestClaims
        let context: SharedSecret.ClientContext

        /// A fresh request; `activationId` only in activation scope; `jwtKey` is `KEY_MAC_GET_APP_TEMP_KEY` or
        /// `KEY_MAC_GET_ACT_TEMP_KEY`.
        package init(
            applicationKey: String, activationId: String?, jwtKey: Data, suite: Suite
        ) throws(PowerAuthError) {
            context = try SharedSecret.ClientContext(suite: suite)
            claims = TemporaryKeyJWT.RequestClaims(
                applicationKey: applicationKey, activationId: activationId,
                challenge: SecureRandom.bytes(count: 16).base64EncodedString(),
                sharedSecretRequest: context.request)
            jwt = try TemporaryKeyJWT.request(claims, jwtKey: jwtKey)
        }

        /// Checks the response JWT (ES384 under `signer`, echoed application key, activation id and challenge) and
        /// derives the temporary key's secret.
        package func finish(responseJWT: String, signer: NISTP384.PublicKey) throws(PowerAuthError) -> TemporaryKey {
            let response = try TemporaryKeyJWT.verifySignatures(responseJWT, publicKey: signer).claims
            guard response.applicationKey == claims.applicationKey, response.activationId == claims.activationId,
                response.challenge == claims.challenge
            else {
                throw PowerAuthError(.temporaryKey, "the temporary-key response does not echo this request")
            }
            let secret = try context.derive(response.sharedSecretResponse)
            return TemporaryKey(
                id: response.sub, secret: secret, expiresMillis: response.expMs, serverTimeMillis: response.iatMs)
        }
    }

    /// What a 4.0 device knows of its application: the key, the secret (Base64 text of 16 bytes) and the P-384 master
    /// public key (`KEY_MASTER_ECDSA_P384`, uncompressed point).
    package struct Application: Sendable, Codable, Equatable {
        package let applicationKey: String
        package let applicationSecret: String
        package let masterPublicKey: Data

        package init(applicationKey: String, applicationSecret: String, masterPublicKey: Data) throws(PowerAuthError) {
            self.applicationKey = applicationKey
            self.applicationSecret = applicationSecret
            self.masterPublicKey = masterPublicKey
            _ = try secretBytes
            _ = try master
        }

        /// `APP_SECRET_RAW`.
        package var secretBytes: Data {
            get throws(PowerAuthError) {
                try Base64Field.decode(applicationSecret, field: "application secret", length: 16)
            }
        }

        /// The P-384 master public key.
        package var master: NISTP384.PublicKey {
            get throws(PowerAuthError) { try p384PublicKey(masterPublicKey, "the P-384 master public key") }
        }

        /// An application-scope temporary-key request.
        package func temporaryKeyExchange(suite: Suite) throws(PowerAuthError) -> TemporaryKeyExchange {
            try TemporaryKeyExchange(
                applicationKey: applicationKey, activationId: nil,
                jwtKey: ActivationKeys.applicationTemporaryKey(applicationSecret: secretBytes), suite: suite)
        }

        /// The application-scope envelope for a temporary key.
        package func envelope(_ key: TemporaryKey) throws(PowerAuthError) -> Envelope {
            try Envelope(
                scope: .application, applicationKey: applicationKey, applicationSecret: secretBytes,
                temporaryKeyId: key.id, temporaryKey: key.secret)
        }
    }

    /// The device's half of `/pa/v4/activation/create` (spec §13.2–13.3): the layer-1 body to send and what is kept
    /// to read the answer.
    package struct ActivationRequest: Sendable {
        /// The body to POST (a layer-1 `AeadEncryptedRequest`).
        package let body: Data
        let application: Application
        let suite: Suite
        let envelope: Envelope
        let layer1Nonce: Data
        let layer2Nonce: Data
        let context: SharedSecret.ClientContext
        let deviceKeys: DeviceKeys

        /// Builds both layers for an activation code, with a fresh device key and a fresh shared-secret request.
        package init(
            code: String, application: Application, temporaryKey: TemporaryKey, suite: Suite, name: String? = nil,
            otp: String? = nil, platform: String? = nil, nowMillis: Int64
        ) throws(PowerAuthError) {
            self.application = application
            self.suite = suite
            envelope = try application.envelope(temporaryKey)
            context = try SharedSecret.ClientContext(suite: suite)
            deviceKeys = DeviceKeys(suite: suite)
            let layer2 = Wire.ActivationLayer2Request(
                sharedSecretRequest: context.request, devicePublicKeys: deviceKeys.publicKeys,
                activationOtp: otp, activationName: name, platform: platform)
            let inner = try envelope.sealRequest(
                Wire.encode(layer2), sharedInfo1: SharedInfo1.activationLayer2, timestamp: nowMillis)
            let outer = try envelope.sealRequest(
                Wire.encode(Wire.ActivationLayer1Request(code: code, activationData: inner)),
                sharedInfo1: SharedInfo1.activationLayer1, timestamp: nowMillis)
            layer2Nonce = inner.nonce
            layer1Nonce = outer.nonce
            body = try Wire.encode(outer)
        }

        /// Reads the answer: both layers, the shared secret, the server key and `ctrData`; on any failure nothing is
        /// kept (spec §13.3).
        package func finish(responseBody: Data) throws(PowerAuthError) -> Device {
            let outer = try Wire.decode(EncryptedResponse.self, from: responseBody, what: "the activation response")
            let layer1 = try Wire.decode(
                Wire.ActivationLayer1Response.self,
                from: envelope.openResponse(outer, sharedInfo1: SharedInfo1.activationLayer1, nonce: layer1Nonce),
                what: "layer 1 of the activation response")
            let layer2 = try Wire.decode(
                Wire.ActivationLayer2Response.self,
                from: envelope.openResponse(
                    layer1.activationData, sharedInfo1: SharedInfo1.activationLayer2, nonce: layer2Nonce),
                what: "layer 2 of the activation response")
            guard let ctrData = Data(base64Encoded: layer2.ctrData), ctrData.count == Counter.size else {
                throw PowerAuthError(.length, "ctrData must be Base64 of 32 bytes")
            }
            guard let serverKey = Data(base64Encoded: layer2.serverPublicKeys.ecdsa),
                (try? NISTP384.PublicKey(x963Representation: serverKey)) != nil
            else { throw PowerAuthError(.key, "serverPublicKeys.ecdsa is not a P-384 point") }
            guard HeaderFields.isValidUUID(layer2.activationId) else {
                throw PowerAuthError(.activationFile, "the activation id is not a UUID")
            }
            let secret = try context.derive(layer2.sharedSecretResponse)
            let state = try DeviceState(
                activationId: layer2.activationId, suite: suite, activationSecret: secret,
                masterPublicKey: application.masterPublicKey, counterData: ctrData)
            return Device(
                application: application, state: state, serverPublicKey: serverKey,
                devicePublicKey: deviceKeys.ecdsaPublicKey)
        }

        /// The device's public key sent in layer 2 (uncompressed P-384 point).
        package var devicePublicKey: Data { deviceKeys.ecdsaPublicKey }
    }

    /// The device's own key pairs of a 4.0 activation or upgrade (spec §13.2, §15) and the `devicePublicKeys` object
    /// sent for them: the one place both flows build it. ECDSA P-384, sent as the uncompressed point (U2).
    package struct DeviceKeys: Sendable {
        /// The suite the keys are for.
        package let suite: Suite
        let ecdsa: NISTP384.PrivateKey

        /// Fresh keys for `suite`.
        package init(suite: Suite) {
            self.suite = suite
            ecdsa = NISTP384.PrivateKey()
        }

        /// The ECDSA public key (uncompressed P-384 point).
        package var ecdsaPublicKey: Data { ecdsa.publicKey.x963Representation }

        /// `devicePublicKeys` as sent.
        package var publicKeys: Wire.PublicKeys { Wire.PublicKeys(ecdsa: ecdsaPublicKey.base64EncodedString()) }
    }

    /// A 4.0 activation on the device, in memory: its keys in clear, and the online steps after activation. Not
    /// `Codable`: the device file (`DeviceFile`) is what is stored, with the knowledge key wrapped.
    package struct Device: Sendable, Equatable {
        /// A MAC token from `/pa/v4/token/create` (32-byte secret).
        package struct Token: Sendable, Codable, Equatable {
            package let id: String
            package let secret: Data
            package init(id: String, secret: Data) {
                self.id = id
                self.secret = secret
            }
        }

        package let application: Application
        package var state: DeviceState
        /// The activation's server ECDSA P-384 public key (uncompressed point).
        package let serverPublicKey: Data
        /// The device's ECDSA P-384 public key (uncompressed point); its private key is not needed after activation
        /// (no flow qrauth runs signs with it) and is not kept.
        package let devicePublicKey: Data
        /// The `possession_universal` token, once created.
        package var token: Token?

        package init(
            application: Application, state: DeviceState, serverPublicKey: Data, devicePublicKey: Data,
            token: Token? = nil
        ) {
            self.application = application
            self.state = state
            self.serverPublicKey = serverPublicKey
            self.devicePublicKey = devicePublicKey
            self.token = token
        }

        /// The activation id.
        package var activationId: String { state.activationId }

        /// The fingerprint to show (layout unconfirmed, open point 3).
        package var fingerprint: String {
            get throws(PowerAuthError) {
                try Fingerprint.compute(
                    suite: state.suite, deviceECDSA: devicePublicKey, deviceMLDSA: nil,
                    activationId: activationId, serverECDSA: serverPublicKey, serverMLDSA: nil)
            }
        }

        /// The activation's server public key, which signs activation-scope temporary keys.
        package var serverKey: NISTP384.PublicKey {
            get throws(PowerAuthError) { try p384PublicKey(serverPublicKey, "the server public key") }
        }

        /// A 4.0 `X-PowerAuth-Authorization` over a request; consumes one counter step whether or not it is sent.
        package mutating func authorize(
            method: String, uriId: String, body: Data, type: AuthenticationCode.CodeType, nonce: Data? = nil
        ) throws(PowerAuthError) -> AuthorizationHeader {
            if type == .possessionBiometry, !state.biometryEnabled {
                throw PowerAuthError(.factorNotAllowed, "biometry is not enabled on this activation")
            }
            let keys = try state.keys()
            if type == .possessionKnowledge, keys.knowledge.isEmpty {
                throw PowerAuthError(.missingFactorKey, "a possession_knowledge code needs the password")
            }
            if type == .possessionBiometry, keys.biometry.isEmpty {
                throw PowerAuthError(.missingFactorKey, "the device file keeps no biometry key")
            }
            let nonce = (nonce ?? SecureRandom.bytes(count: 16)).base64EncodedString()
            let request = try SignedRequest(method: method, uriId: uriId, nonce: nonce, body: body)
            let code = try AuthenticationCode.compute(
                type: type, keys: keys, counterData: state.counterData,
                normalizedData: request.normalizedData(applicationSecret: application.applicationSecret))
            state.advanceCounter()
            return AuthorizationHeader(
                applicationKey: application.applicationKey, activationId: activationId, codeType: type,
                authCode: code, nonce: nonce)
        }

        /// A 4.0 `X-PowerAuth-Token` for the stored token.
        package func tokenHeader(nowMillis: Int64) throws(PowerAuthError) -> TokenHeader {
            guard let token else {
                throw PowerAuthError(.activationFile, "the activation has no 4.0 token yet")
            }
            return try TokenHeader(tokenId: token.id, tokenSecret: token.secret, timestampMillis: nowMillis)
        }

        /// An activation-scope temporary-key request.
        package func temporaryKeyExchange() throws(PowerAuthError) -> TemporaryKeyExchange {
            try TemporaryKeyExchange(
                applicationKey: application.applicationKey, activationId: activationId,
                jwtKey: state.keys().activationTemporaryKey, suite: state.suite)
        }

        /// The activation-scope envelope for a temporary key.
        package func envelope(_ key: TemporaryKey) throws(PowerAuthError) -> Envelope {
            try Envelope(
                scope: .activation(activationId: activationId, sharedInfo2Key: state.keys().sharedInfo2),
                applicationKey: application.applicationKey, applicationSecret: application.secretBytes,
                temporaryKeyId: key.id, temporaryKey: key.secret)
        }

        /// `X-PowerAuth-Encryption` for activation scope.
        package var encryptionHeader: EncryptionHeader {
            EncryptionHeader(applicationKey: application.applicationKey, activationId: activationId)
        }

        /// Decrypts an activation-scope answer to the request that carried `nonce` and decodes its JSON.
        private func open<T: Decodable>(
            _ type: T.Type, _ responseBody: Data, key: TemporaryKey, sharedInfo1: String, nonce: Data, what: String
        ) throws(PowerAuthError) -> T {
            let sealed = try Wire.decode(EncryptedResponse.self, from: responseBody, what: what)
            return try Wire.decode(
                T.self, from: envelope(key).openResponse(sealed, sharedInfo1: sharedInfo1, nonce: nonce),
                what: what)
        }

        /// The body of `/pa/v4/activation/status` (plaintext `{}`) and the nonce to read its answer with.
        package func statusRequest(
            _ key: TemporaryKey, nowMillis: Int64
        ) throws(PowerAuthError) -> (body: Data, nonce: Data) {
            let sealed = try envelope(key).sealRequest(
                Data("{}".utf8), sharedInfo1: SharedInfo1.activationStatus, timestamp: nowMillis)
            return (try Wire.encode(sealed), sealed.nonce)
        }

        /// Reads a status answer; a blob whose counter hash is ahead of the local counter moves it forward. A hash
        /// the device cannot reach forward (the server is behind: codes it has not seen, or out of the window) leaves
        /// the counter as it is; `counterPosition(_:)` tells which.
        package mutating func status(
            responseBody: Data, key: TemporaryKey, nonce: Data
        ) throws(PowerAuthError) -> StatusResponse {
            let payload = try open(
                Wire.StatusPayload.self, responseBody, key: key, sharedInfo1: SharedInfo1.activationStatus,
                nonce: nonce, what: "the status response")
            let keys = try state.keys()
            let response = try StatusResponse.parse(
                activationStatus: payload.activationStatus, timestampBlockExpire: payload.timestampBlockExpire,
                statusKey: keys.status)
            if case .blob(let blob) = response {
                if let distance = try Counter.distance(
                    from: state.counterData, toHash: blob.counterDataHash, key: keys.counterData,
                    lookAhead: Int(blob.lookAhead))
                {
                    state.advanceCounter(by: distance)
                }
            }
            return response
        }

        /// Where the device's counter stands against a status blob's after `status` applied it: in sync (the hash
        /// matches), ahead by the distance of the counter bytes (codes the server has not seen; a hash cannot be
        /// followed backwards, so `CTR_BYTE` tells how far), or unknown.
        package func counterPosition(_ blob: StatusBlob) throws(PowerAuthError) -> CounterPosition {
            if try Counter.hash(state.counterData, key: state.keys().counterData) == blob.counterDataHash {
                return .inSync
            }
            let ahead = Int(UInt8(truncatingIfNeeded: state.counter) &- blob.counterByte)
            return ahead > 0 ? .deviceAhead(ahead) : .unknown
        }

        /// The body of `/pa/v4/activation/confirm` and its authorization (`possession_knowledge`, spec §13.5).
        package mutating func confirmRequest(
            enableBiometry: Bool = false
        ) throws(PowerAuthError) -> (
            body: Data, authorization: AuthorizationHeader
        ) {
            let body = try Wire.encode(Wire.RequestObject(Wire.ConfirmRequest(enableBiometry: enableBiometry)))
            let header = try authorize(
                method: "POST", uriId: "/pa/activation/confirm", body: body, type: .possessionKnowledge)
            if enableBiometry { state.biometryEnabled = true }
            return (body, header)
        }

        /// The body of `/pa/v4/token/create` (encrypted `{}`, spec §14.4), its authorization over the exact encrypted
        /// bytes, and the nonce to read its answer with.
        package mutating func tokenCreateRequest(
            _ key: TemporaryKey, type: AuthenticationCode.CodeType = .possession, nowMillis: Int64
        ) throws(PowerAuthError) -> (body: Data, authorization: AuthorizationHeader, nonce: Data) {
            let sealed = try envelope(key).sealRequest(
                Data("{}".utf8), sharedInfo1: SharedInfo1.tokenCreate, timestamp: nowMillis)
            let body = try Wire.encode(sealed)
            let header = try authorize(method: "POST", uriId: "/pa/token/create", body: body, type: type)
            return (body, header, sealed.nonce)
        }

        /// Reads the token-create answer and stores the token.
        package mutating func finishTokenCreate(
            responseBody: Data, key: TemporaryKey, nonce: Data
        ) throws(PowerAuthError) -> Token {
            let payload = try open(
                Wire.TokenPayload.self, responseBody, key: key, sharedInfo1: SharedInfo1.tokenCreate, nonce: nonce,
                what: "the token response")
            guard let secret = Data(base64Encoded: payload.tokenSecret), secret.count == 32 else {
                throw PowerAuthError(.length, "tokenSecret must be Base64 of 32 bytes")
            }
            let token = Token(id: payload.tokenId, secret: secret)
            self.token = token
            return token
        }
    }

    /// Decodes a list of Base64 keys.
    static func decodeAll(_ texts: [String]) throws(PowerAuthError) -> [Data] {
        var result: [Data] = []
        for text in texts {
            guard let data = Data(base64Encoded: text) else {
                throw PowerAuthError(.base64, "an encapsulated key is not Base64")
            }
            result.append(data)
        }
        return result
    }
}

package import FoundationEssentials
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
        /// `fixed` gives the KEM keys and the 16-byte challenge instead of fresh ones (vectors).
        package init(
            applicationKey: String, activationId: String?, jwtKey: Data, suite: Suite,
            fixed: (context: SharedSecret.ClientContext, challenge: Data)? = nil
        ) throws(PowerAuthError) {
            if let fixed {
                guard fixed.context.suite == suite else {
                    throw PowerAuthError(.key, "the fixed temporary-key context is not for \(suite.rawValue)")
                }
                context = fixed.context
            } else {
                context = try SharedSecret.ClientContext(suite: suite)
            }
            claims = TemporaryKeyJWT.RequestClaims(
                applicationKey: applicationKey, activationId: activationId,
                challenge: (fixed?.challenge ?? SecureRandom.bytes(count: 16)).base64EncodedString(),
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
        let deviceKeys: SigningKeys

        /// What an activation request draws at random, given instead for a reproducible transcript (vectors).
        package struct FixedRandomness: Sendable {
            package let deviceKeys: SigningKeys
            package let context: SharedSecret.ClientContext
            package let layer1Nonce: Data
            package let layer2Nonce: Data
            package init(
                deviceKeys: SigningKeys, context: SharedSecret.ClientContext, layer1Nonce: Data,
                layer2Nonce: Data
            ) {
                self.deviceKeys = deviceKeys
                self.context = context
                self.layer1Nonce = layer1Nonce
                self.layer2Nonce = layer2Nonce
            }
        }

        /// Builds both layers for an activation code, with fresh device keys for the suite (`SigningKeys`) and
        /// a fresh shared-secret request, or the given `fixed` ones.
        package init(
            code: String, application: Application, temporaryKey: TemporaryKey, suite: Suite, name: String? = nil,
            otp: String? = nil, platform: String? = nil, nowMillis: Int64, fixed: FixedRandomness? = nil
        ) throws(PowerAuthError) {
            self.application = application
            self.suite = suite
            envelope = try application.envelope(temporaryKey)
            if let fixed {
                guard fixed.deviceKeys.suite == suite, fixed.context.suite == suite else {
                    throw PowerAuthError(.key, "the fixed activation keys are not for \(suite.rawValue)")
                }
            }
            if let fixed {
                context = fixed.context
                deviceKeys = fixed.deviceKeys
            } else {
                context = try SharedSecret.ClientContext(suite: suite)
                deviceKeys = try SigningKeys(suite: suite)
            }
            let layer2 = Wire.ActivationLayer2Request(
                sharedSecretRequest: context.request, devicePublicKeys: deviceKeys.publicKeys,
                activationOtp: otp, activationName: name, platform: platform, deviceInfo: nil)
            let inner = try envelope.sealRequest(
                Wire.encode(layer2), sharedInfo1: SharedInfo1.activationLayer2, timestamp: nowMillis,
                nonce: fixed?.layer2Nonce)
            let outer = try envelope.sealRequest(
                Wire.encode(Wire.ActivationLayer1Request(code: code, activationData: inner)),
                sharedInfo1: SharedInfo1.activationLayer1, timestamp: nowMillis, nonce: fixed?.layer1Nonce)
            layer2Nonce = inner.nonce
            layer1Nonce = outer.nonce
            body = try Wire.encode(outer)
        }

        /// Reads the answer: both layers, the shared secret, the server key and `ctrData`; on any failure nothing is
        /// kept (spec §13.3).
        package func finish(responseBody: Data) throws(PowerAuthError) -> Device {
            let layer2 = try Wire.decode(
                Wire.ActivationLayer2Response.self, from: layer2Response(responseBody: responseBody),
                what: "layer 2 of the activation response")
            guard let ctrData = Data(base64Encoded: layer2.ctrData), ctrData.count == Counter.size else {
                throw PowerAuthError(.length, "ctrData must be Base64 of 32 bytes")
            }
            guard let serverKey = Data(base64Encoded: layer2.serverPublicKeys.ecdsa),
                (try? NISTP384.PublicKey(x963Representation: serverKey)) != nil
            else { throw PowerAuthError(.key, "serverPublicKeys.ecdsa is not a P-384 point") }
            let serverMLDSA = try MLDSAPublicKeyEncoding.received(
                layer2.serverPublicKeys, suite: suite, field: "serverPublicKeys.mldsa")
            guard HeaderFields.isValidUUID(layer2.activationId) else {
                throw PowerAuthError(.activationFile, "the activation id is not a UUID")
            }
            let secret = try context.derive(layer2.sharedSecretResponse)
            let state = try DeviceState(
                activationId: layer2.activationId, suite: suite, activationSecret: secret,
                masterPublicKey: application.masterPublicKey, counterData: ctrData)
            return Device(
                application: application, state: state, serverPublicKey: serverKey,
                devicePublicKey: deviceKeys.ecdsaPublicKey,
                mldsa: deviceKeys.deviceMLDSAKeys(serverPublicKey: serverMLDSA))
        }

        /// The answer's layer 2 as decrypted (JSON bytes), both layers opened with this request's nonces.
        package func layer2Response(responseBody: Data) throws(PowerAuthError) -> Data {
            let outer = try Wire.decode(EncryptedResponse.self, from: responseBody, what: "the activation response")
            let layer1 = try Wire.decode(
                Wire.ActivationLayer1Response.self,
                from: envelope.openResponse(outer, sharedInfo1: SharedInfo1.activationLayer1, nonce: layer1Nonce),
                what: "layer 1 of the activation response")
            return try envelope.openResponse(
                layer1.activationData, sharedInfo1: SharedInfo1.activationLayer2, nonce: layer2Nonce)
        }

        /// The device's public key sent in layer 2 (uncompressed P-384 point).
        package var devicePublicKey: Data { deviceKeys.ecdsaPublicKey }
    }

    /// A 4.0 activation on the device, in memory: its keys in clear, and the online steps after activation. Not
    /// `Codable`: the device file (`DeviceFile`) is what is stored, with the knowledge key wrapped.
    package struct Device: Sendable, Equatable {
        /// A MAC token from `/pa/v4/token/create` (32-byte secret).
        package struct Token: Sendable, Codable, Equatable {
            package let id: String
            package let secret: Data
        }

        package let application: Application
        package var state: DeviceState
        /// The activation's server ECDSA P-384 public key (uncompressed point).
        package let serverPublicKey: Data
        /// The device's ECDSA P-384 public key (uncompressed point); its private key is not needed after activation
        /// (no flow qrauth runs signs with it) and is not kept.
        package let devicePublicKey: Data
        /// The ML-DSA-65 keys of a PQC-suite activation; nil for `EC_P384`.
        package let mldsa: MLDSAKeys?
        /// The `possession_universal` token, once created.
        package var token: Token?

        package init(
            application: Application, state: DeviceState, serverPublicKey: Data, devicePublicKey: Data,
            mldsa: MLDSAKeys? = nil, token: Token? = nil
        ) {
            self.application = application
            self.state = state
            self.serverPublicKey = serverPublicKey
            self.devicePublicKey = devicePublicKey
            self.mldsa = mldsa
            self.token = token
        }

        /// The activation id.
        package var activationId: String { state.activationId }

        /// The fingerprint to show (layout unconfirmed, open point 3).
        package var fingerprint: String {
            get throws(PowerAuthError) {
                try Fingerprint.compute(
                    suite: state.suite, deviceECDSA: devicePublicKey, deviceMLDSA: mldsa?.devicePublicKey,
                    activationId: activationId, serverECDSA: serverPublicKey, serverMLDSA: mldsa?.serverPublicKey)
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

    /// The ML-DSA-65 keys of a PQC-suite activation (spec §2, §13): the device's key pair (kept as its 32-byte seed)
    /// and the server's public key, both public keys as sent on the wire (`MLDSAPublicKeyEncoding`).
    package struct MLDSAKeys: Sendable, Codable, Equatable {
        /// The device's ML-DSA-65 public key, as sent in `devicePublicKeys.mldsa`.
        package let devicePublicKey: Data
        /// The seed of the device's ML-DSA-65 private key.
        package let deviceSeed: Data
        /// The server's ML-DSA-65 public key, as received in `serverPublicKeys.mldsa`.
        package let serverPublicKey: Data

        package init(devicePublicKey: Data, deviceSeed: Data, serverPublicKey: Data) {
            self.devicePublicKey = devicePublicKey
            self.deviceSeed = deviceSeed
            self.serverPublicKey = serverPublicKey
        }

        /// The device's private key; a seed that does not give `devicePublicKey` is an error.
        package func devicePrivateKey() throws(PowerAuthError) -> MLDSA65Key {
            do throws(CryptoError) {
                let key = try MLDSA65Key(seed: deviceSeed)
                guard try MLDSA65Key.rawPublicKey(devicePublicKey) == key.publicKeyRawRepresentation else {
                    throw CryptoError(.invalidPrivateKey, "the seed does not give the device's public key")
                }
                return key
            } catch {
                throw crypto("the device ML-DSA-65 key", error)
            }
        }

        /// A device ML-DSA-65 signature over `data` (`/rest/v4/dsa/verify` checks it as `signatureMldsa`).
        package func sign(_ data: Data) throws(PowerAuthError) -> Data {
            let key = try devicePrivateKey()
            do {
                return try key.signature(for: data)
            } catch {
                throw crypto("ML-DSA-65 signing", error)
            }
        }

        /// Checks lengths and keys after reading a file.
        package func validate() throws(PowerAuthError) {
            guard deviceSeed.count == MLDSA65Key.seedSize else {
                throw PowerAuthError(.activationFile, "mldsa.deviceSeed must be 32 bytes, not \(deviceSeed.count)")
            }
            do {
                _ = try MLDSA65Key.rawPublicKey(serverPublicKey)
            } catch {
                throw PowerAuthError(.activationFile, "mldsa.serverPublicKey: \(error.reason)")
            }
            do {
                _ = try devicePrivateKey()
            } catch {
                throw PowerAuthError(.activationFile, "mldsa: \(error.reason)")
            }
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

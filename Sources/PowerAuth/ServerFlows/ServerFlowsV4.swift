package import FoundationEssentials
import OfflineOperations
package import QRAuthCrypto
import QRAuthEncoding

/// The server halves of the protocol 4.0 online flows (spec §11, §13, §14, §18), beside the 3.x ones. 4.0 has its
/// own key types (P-384, KMAC, AEAD) so these are separate values, called by `serve` and by tests in process.
package enum ServerFlowsV4 {
    /// The suites the server offers, strongest first (`/pa/v4/status` `supportedAlgorithms`).
    package static let supportedSuites: [PowerAuthV4.Suite] = [.ecP384MLL3, .ecP384]

    /// The E2EE replay window: `|TS_REQ − now| ≤ 5 min` (spec §10.6).
    package static let replayWindowMillis: Int64 = 300_000
}

/// The protocol 4.0 part of a server activation (spec §4, §6.6, §14.3): the suite, `KEY_ACTIVATION_SECRET`, the
/// hash-based counter, the P-384 keys and the 4.0 tokens. Status, numeric counter, failed attempts and look-ahead
/// stay in `ServerActivation` as for 3.x, so the back office and the lifecycle treat both versions alike.
package struct ServerActivationV4: Sendable, Codable, Equatable {
    package let suite: PowerAuthV4.Suite
    package let activationSecret: Data
    package var counterData: Data
    package let devicePublicKey: Data
    package let serverPrivateKey: Data
    /// Status flag bit 0: the device has not confirmed yet (`/pa/v4/activation/confirm`).
    package var confirmationPending: Bool
    package var biometryEnabled: Bool
    /// Token id → 32-byte secret.
    package var tokens: [String: Data]
    /// `KEY_MASTER_ECDSA_P384_PRIVATE` of the application (48 raw bytes), for a server file used on its own
    /// (`qrauth operation create --master`); `serve` keeps it in the application instead. Absent by default.
    package var masterPrivateKeyP384: Data? = nil
    /// The device's ML-DSA-65 public key as received (`devicePublicKeys.mldsa`, PQC suites; absent for `EC_P384` and
    /// in files written before qrauth made ML-DSA keys).
    package var deviceMLDSAPublicKey: Data? = nil
    /// The seed of the activation's server ML-DSA-65 key (PQC suites), kept as `serverPrivateKey` is.
    package var serverMLDSASeed: Data? = nil

    package init(
        suite: PowerAuthV4.Suite, activationSecret: Data, counterData: Data, devicePublicKey: Data,
        serverPrivateKey: Data
    ) {
        self.suite = suite
        self.activationSecret = activationSecret
        self.counterData = counterData
        self.devicePublicKey = devicePublicKey
        self.serverPrivateKey = serverPrivateKey
        confirmationPending = true
        biometryEnabled = false
        tokens = [:]
    }

    /// The derived keys.
    package func keys() throws(PowerAuthError) -> PowerAuthV4.ActivationKeys {
        try PowerAuthV4.ActivationKeys(activationSecret: activationSecret)
    }

    /// The activation's server signing key (ES384 of activation-scope temporary keys).
    package func signingKey() throws(PowerAuthError) -> NISTP384.PrivateKey {
        do {
            return try NISTP384.PrivateKey(rawRepresentation: serverPrivateKey)
        } catch {
            throw PowerAuthError(.activationFile, "v4.serverPrivateKey: \(error.reason)")
        }
    }

    /// The activation's server ML-DSA-65 key (PQC suites); nil when the activation has none.
    package func mldsaSigningKey() throws(PowerAuthError) -> MLDSA65Key? {
        guard let serverMLDSASeed else { return nil }
        do {
            return try MLDSA65Key(seed: serverMLDSASeed)
        } catch {
            throw PowerAuthError(.activationFile, "v4.serverMLDSASeed: \(error.reason)")
        }
    }

    /// The fingerprint of the activation's public keys (open point 3, the device computes the same), each as
    /// sent on the wire.
    package func fingerprint(activationId: String) throws(PowerAuthError) -> String {
        try PowerAuthV4.Fingerprint.compute(
            suite: suite, deviceECDSA: devicePublicKey, deviceMLDSA: deviceMLDSAPublicKey, activationId: activationId,
            serverECDSA: signingKey().publicKey.x963Representation,
            serverMLDSA: mldsaSigningKey().map(PowerAuthV4.MLDSAPublicKeyEncoding.encode))
    }

    /// The checks `ServerActivation.validate` makes of a 4.0 part.
    package func validate() throws(PowerAuthError) {
        guard activationSecret.count == 32, counterData.count == PowerAuthV4.Counter.size else {
            throw PowerAuthError(.activationFile, "v4.activationSecret and v4.counterData must be 32 bytes each")
        }
        _ = try signingKey()
        do {
            _ = try NISTP384.PublicKey(x963Representation: devicePublicKey)
        } catch {
            throw PowerAuthError(.activationFile, "v4.devicePublicKey: \(error.reason)")
        }
        _ = try mldsaSigningKey()
        if let deviceMLDSAPublicKey {
            do {
                _ = try MLDSA65Key.rawPublicKey(deviceMLDSAPublicKey)
            } catch {
                throw PowerAuthError(.activationFile, "v4.deviceMLDSAPublicKey: \(error.reason)")
            }
        }
        guard tokens.values.allSatisfy({ $0.count == 32 }) else {
            throw PowerAuthError(.activationFile, "a 4.0 token secret is not 32 bytes")
        }
    }
}

extension ServerActivation {
    /// The outcome of checking one 4.0 authentication code.
    package enum V4Verdict: Sendable, Equatable {
        /// The code matched `steps` counter steps ahead of the server's counter (0 = exactly there).
        case valid(steps: Int)
        /// No step in the look-ahead window matched; `blockedNow` when this failure blocked the activation.
        case invalid(blockedNow: Bool)
    }

    /// The 4.0 part, or an error naming a 3.x activation.
    package func requireV4() throws(PowerAuthError) -> ServerActivationV4 {
        guard let v4 else {
            throw PowerAuthError(
                .version, "activation \(activationId) speaks protocol \(protocolVersion.rawValue), not 4.0")
        }
        return v4
    }

    /// The 4.0 part of an upgrade from 3.3 waiting for its confirmation, or an error.
    package func requirePendingUpgrade() throws(PowerAuthError) -> ServerActivationV4 {
        guard let upgradeV4 else {
            throw PowerAuthError(.version, "activation \(activationId) has no upgrade to 4.0 waiting for confirmation")
        }
        return upgradeV4
    }

    /// `statusPartV4`, or the error of a 3.x activation.
    package func requireStatusPartV4() throws(PowerAuthError) -> ServerActivationV4 {
        if let part = statusPartV4 { return part }
        return try requireV4()
    }

    /// The 4.0 part whose keys answer `/pa/v4/activation/status` and activation-scope temporary keys: the
    /// activation's own, or while an upgrade waits for its confirmation the pending one (spec §15); nil for 3.x.
    package var statusPartV4: ServerActivationV4? { v4 ?? upgradeV4 }

    /// The 80-byte status blob (spec §14.3), MAC'd with `KEY_MAC_STATUS`; while an upgrade from 3.3 waits for its
    /// confirmation, made with the pending 4.0 keys and flag bit 1 ("upgrade confirmation pending") set.
    package func statusBlobV4() throws(PowerAuthError) -> Data {
        let v4 = try requireStatusPartV4()
        typealias Blob = PowerAuthV4.StatusBlob
        let keys = try v4.keys()
        return try PowerAuthV4.StatusBlob(
            status: counters.status.statusByte,
            flags: (v4.confirmationPending ? Blob.confirmationPendingFlag : 0)
                | (self.v4 == nil ? Blob.upgradePendingFlag : 0) | (v4.biometryEnabled ? Blob.biometryFlag : 0),
            counterByte: UInt8(truncatingIfNeeded: counters.counter),
            failedAttempts: UInt8(clamping: counters.failedAttempts),
            maxFailedAttempts: UInt8(clamping: counters.maxFailedAttempts), lookAhead: UInt8(clamping: lookAhead),
            counterDataHash: PowerAuthV4.Counter.hash(v4.counterData, key: keys.counterData)
        ).encode(statusKey: keys.status)
    }

    /// Checks a 4.0 authorization header over a request with look-ahead (spec §6.6): on success moves the counter
    /// past the matching step and resets failed attempts (not for `possession`); on failure counts one (not for
    /// `possession`) and blocks at the maximum. `confirm` admits a PENDING_COMMIT activation (spec §13.5).
    /// `pendingUpgrade` checks against the 4.0 keys of an upgrade not confirmed yet (`/pa/v4/upgrade/confirm`).
    package mutating func verifyV4(
        _ header: PowerAuthV4.AuthorizationHeader, method: String, uriId: String, body: Data,
        allowed: Set<PowerAuthV4.AuthenticationCode.CodeType>, confirm: Bool = false, pendingUpgrade: Bool = false,
        nowMillis: Int64
    ) throws(PowerAuthError) -> V4Verdict {
        guard counters.status == .active || (confirm && counters.status == .pendingCommit) else {
            throw PowerAuthError(.activationMismatch, "the activation is \(counters.status.rawValue)")
        }
        guard header.activationId == activationId, header.applicationKey == applicationKey else {
            throw PowerAuthError(.activationMismatch, "the header names another activation or application")
        }
        let data = try SignedRequest(method: method, uriId: uriId, nonce: header.nonce, body: body)
            .normalizedData(applicationSecret: applicationSecret)
        return try verifyV4(
            header.authCode, type: header.codeType, normalizedData: data, allowed: allowed, confirm: confirm,
            pendingUpgrade: pendingUpgrade, nowMillis: nowMillis)
    }

    /// The same check of a code over normalized request data (`METHOD&B64(uriId)&NONCE&B64(body)&APP_SECRET`),
    /// as the back office's `/rest/v4/auth/verify` receives it.
    package mutating func verifyV4(
        _ authCode: String, type: PowerAuthV4.AuthenticationCode.CodeType, normalizedData data: Data,
        allowed: Set<PowerAuthV4.AuthenticationCode.CodeType>, confirm: Bool = false, pendingUpgrade: Bool = false,
        nowMillis: Int64
    ) throws(PowerAuthError) -> V4Verdict {
        var v4 = try pendingUpgrade ? requirePendingUpgrade() : requireV4()
        guard counters.status == .active || (confirm && counters.status == .pendingCommit) else {
            throw PowerAuthError(.activationMismatch, "the activation is \(counters.status.rawValue)")
        }
        guard allowed.contains(type) else {
            throw PowerAuthError(.factorNotAllowed, "\(type.rawValue) is not allowed here")
        }
        if type == .possessionBiometry, !v4.biometryEnabled {
            throw PowerAuthError(.factorNotAllowed, "biometry is not enabled on this activation")
        }
        let keys = try v4.keys()
        let expected = try Base64Field.decode(authCode, field: "pa_auth_code", canonical: true)
        var current = v4.counterData
        for step in 0..<max(1, lookAhead) {
            let code = try PowerAuthV4.AuthenticationCode.components(
                data: data, factorKeys: type.factorKeys(keys), counterData: current
            ).reduce(Data(), +)
            if ConstantTime.equals(code, expected) {
                v4.counterData = PowerAuthV4.Counter.next(current)
                if pendingUpgrade { upgradeV4 = v4 } else { self.v4 = v4 }
                counters.counter += UInt64(step + 1)
                if type != .possession { counters.failedAttempts = 0 }
                registration?.lastUsedMillis = nowMillis
                return .valid(steps: step)
            }
            current = PowerAuthV4.Counter.next(current)
        }
        guard type != .possession else { return .invalid(blockedNow: false) }
        counters.failedAttempts += 1
        if counters.failedAttempts >= counters.maxFailedAttempts, counters.status == .active {
            setStatus(.blocked, nowMillis: nowMillis)
            if registration != nil { registration?.blockedReason = "MAX_FAILED_ATTEMPTS" }
            return .invalid(blockedNow: true)
        }
        return .invalid(blockedNow: false)
    }
}

/// The server's temporary keys of protocol 4.0 (spec §11): id → `KEY_TEMPORARY_SHARED_SECRET`, with the scope each
/// was issued for, and the `(key, nonce)` pairs already seen (spec §10.6). Bounded; expired entries are dropped.
package final class ServerTemporaryKeysV4: @unchecked Sendable {
    // @unchecked Sendable: `seen` is read and written only while `lock` is held (the key table locks itself).

    /// One issued key; its `secret` is `KEY_TEMPORARY_SHARED_SECRET`.
    package typealias Key = TemporaryKeyTable<Data>.Key

    package static let validityMillis: Int64 = 300_000

    private let table: TemporaryKeyTable<Data>
    private let lock = Lock()
    private var seen: [String: Int64] = [:]
    /// The most keys (and seen nonces) held at once.
    package var capacity: Int { table.capacity }

    package init(capacity: Int = 10_000) {
        table = TemporaryKeyTable(capacity: capacity)
    }

    /// The unverified claims of a request JWT, to find which key checks it (application or activation scope).
    package static func claims(of jwt: String) throws(PowerAuthError) -> PowerAuthV4.TemporaryKeyJWT.RequestClaims {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = StrictBase64.decodeURL(parts[1]) else {
            throw PowerAuthError(.temporaryKey, "the request JWT is not three base64url parts")
        }
        return try PowerAuthV4.Wire.decode(
            PowerAuthV4.TemporaryKeyJWT.RequestClaims.self, from: payload, what: "the request JWT's claims")
    }

    /// Verifies a request JWT under `jwtKey`, encapsulates to its keys and answers with an ES384 JWT signed by
    /// `signingKey` (the P-384 master key in application scope, the activation's server key in activation scope).
    package func issue(
        for jwt: String, jwtKey: Data, signingKey: NISTP384.PrivateKey, nowMillis: Int64,
        validityMillis: Int64 = ServerTemporaryKeysV4.validityMillis
    ) throws(PowerAuthError) -> String {
        let request = try PowerAuthV4.TemporaryKeyJWT.verifyRequest(jwt, jwtKey: jwtKey)
        guard let suite = PowerAuthV4.Suite(rawValue: request.sharedSecretRequest.algorithm) else {
            throw PowerAuthError(
                .temporaryKey, "unsupported algorithm \(request.sharedSecretRequest.algorithm.prefix(40))")
        }
        let exchange = try PowerAuthV4.SharedSecret.respond(
            suite: suite, encapsulationKeys: PowerAuthV4.decodeAll(request.sharedSecretRequest.encapsulationKeys))
        let id = UUID().uuidString.lowercased()
        let expires = nowMillis.addingReportingOverflow(validityMillis).partialValue
        let response = try PowerAuthV4.TemporaryKeyJWT.response(
            PowerAuthV4.TemporaryKeyJWT.ResponseClaims(
                sub: id, applicationKey: request.applicationKey, activationId: request.activationId,
                challenge: request.challenge,
                sharedSecretResponse: PowerAuthV4.TemporaryKeyJWT.SharedSecretResponse(
                    salt: exchange.salt, encapsulatedKeys: exchange.encapsulatedKeys),
                iatMs: nowMillis, expMs: expires),
            signingKey: signingKey)
        insert(
            Key(
                id: id, applicationKey: request.applicationKey, activationId: request.activationId,
                secret: exchange.sharedSecret, expiresMillis: expires),
            nowMillis: nowMillis)
        return response
    }

    private func insert(_ key: Key, nowMillis: Int64) {
        table.insert(key, nowMillis: nowMillis)
    }

    /// The live key `id` of this scope, or nil.
    package func key(id: String, applicationKey: String, activationId: String?, nowMillis: Int64) -> Key? {
        table.key(id: id, applicationKey: applicationKey, activationId: activationId, nowMillis: nowMillis)
    }

    /// Records a request's `(temporary key, nonce)`; false when it was seen before (a replay) or its timestamp is
    /// outside the window.
    package func record(_ request: PowerAuthV4.EncryptedRequest, nowMillis: Int64) -> Bool {
        guard abs(request.timestamp - nowMillis) <= ServerFlowsV4.replayWindowMillis else { return false }
        let tag = request.temporaryKeyId + "|" + request.nonce.base64EncodedString()
        lock.lock()
        defer { lock.unlock() }
        if seen.count >= capacity { seen = seen.filter { $0.value > nowMillis - ServerFlowsV4.replayWindowMillis } }
        guard seen[tag] == nil else { return false }
        if seen.count >= capacity, let oldest = seen.min(by: { $0.value < $1.value }) { seen[oldest.key] = nil }
        seen[tag] = request.timestamp
        return true
    }

    /// Opens a request in the envelope of its temporary key (application scope when `activation` is nil),
    /// refusing unknown keys, replays and stale timestamps.
    package func open(
        _ body: Data, sharedInfo1: String, applicationKey: String, applicationSecret: Data,
        activation: (id: String, sharedInfo2Key: Data)?, nowMillis: Int64
    ) throws(PowerAuthError) -> (plaintext: Data, envelope: PowerAuthV4.Envelope, nonce: Data) {
        let request = try PowerAuthV4.Wire.decode(PowerAuthV4.EncryptedRequest.self, from: body, what: "the request")
        guard
            let key = key(
                id: request.temporaryKeyId, applicationKey: applicationKey, activationId: activation?.id,
                nowMillis: nowMillis)
        else { throw PowerAuthError(.temporaryKey, "unknown or expired temporary key") }
        let scope: PowerAuthV4.Envelope.Scope =
            activation.map { .activation(activationId: $0.id, sharedInfo2Key: $0.sharedInfo2Key) } ?? .application
        let envelope = try PowerAuthV4.Envelope(
            scope: scope, applicationKey: applicationKey, applicationSecret: applicationSecret,
            temporaryKeyId: key.id, temporaryKey: key.secret)
        let plaintext = try envelope.openRequest(request, sharedInfo1: sharedInfo1)
        guard record(request, nowMillis: nowMillis) else {
            throw PowerAuthError(.replay, "the request's nonce was seen before or its timestamp is stale")
        }
        return (plaintext, envelope, request.nonce)
    }
}

/// `/pa/v4/activation/create`, server half (spec §13.2–13.3).
package struct ServerActivationFlowV4: Sendable {
    package let applicationKey: String
    package let applicationSecret: String

    package init(applicationKey: String, applicationSecret: String) {
        self.applicationKey = applicationKey
        self.applicationSecret = applicationSecret
    }

    /// Both layers opened.
    package struct Opened: Sendable {
        package let code: String
        package let layer2: PowerAuthV4.Wire.ActivationLayer2Request
        let envelope: PowerAuthV4.Envelope
        let layer1Nonce: Data
        let layer2Nonce: Data
    }

    /// Opens layer 1 and layer 2 with the application-scope temporary keys.
    package func open(
        _ body: Data, temporaryKeys: ServerTemporaryKeysV4, nowMillis: Int64
    ) throws(PowerAuthError) -> Opened {
        let secret = try Base64Field.decode(applicationSecret, field: "application secret", length: 16)
        let outer = try temporaryKeys.open(
            body, sharedInfo1: PowerAuthV4.SharedInfo1.activationLayer1, applicationKey: applicationKey,
            applicationSecret: secret, activation: nil, nowMillis: nowMillis)
        let layer1 = try PowerAuthV4.Wire.decode(
            PowerAuthV4.Wire.ActivationLayer1Request.self, from: outer.plaintext, what: "layer 1")
        guard layer1.type == PowerAuthV4.Wire.ActivationLayer1Request.codeType,
            let code = layer1.identityAttributes["code"]
        else {
            throw PowerAuthError(.activationCode, "only CODE activations with identityAttributes.code are supported")
        }
        let inner = try temporaryKeys.open(
            PowerAuthV4.Wire.encode(layer1.activationData), sharedInfo1: PowerAuthV4.SharedInfo1.activationLayer2,
            applicationKey: applicationKey, applicationSecret: secret, activation: nil, nowMillis: nowMillis)
        let layer2 = try PowerAuthV4.Wire.decode(
            PowerAuthV4.Wire.ActivationLayer2Request.self, from: inner.plaintext, what: "layer 2")
        return Opened(
            code: code, layer2: layer2, envelope: inner.envelope, layer1Nonce: outer.nonce, layer2Nonce: inner.nonce)
    }

    /// Completes the key exchange for the CREATED activation the code belongs to (the caller found it): prepares it
    /// as a 4.0 activation (PENDING_COMMIT, or ACTIVE when committed on key exchange) and returns the layer-1
    /// response body.
    package func answer(
        _ opened: Opened, activation: inout ServerActivation, nowMillis: Int64
    ) throws(PowerAuthError) -> Data {
        guard let suite = PowerAuthV4.Suite(rawValue: opened.layer2.sharedSecretRequest.algorithm) else {
            throw PowerAuthError(.eciesMessage, "unsupported algorithm in layer 2")
        }
        guard let deviceKey = Data(base64Encoded: opened.layer2.devicePublicKeys.ecdsa),
            (try? NISTP384.PublicKey(x963Representation: deviceKey)) != nil
        else { throw PowerAuthError(.key, "devicePublicKeys.ecdsa is not a P-384 point") }
        let deviceMLDSA = try PowerAuthV4.MLDSAPublicKeyEncoding.received(
            opened.layer2.devicePublicKeys, suite: suite, field: "devicePublicKeys.mldsa")
        let exchange = try PowerAuthV4.SharedSecret.respond(
            suite: suite, encapsulationKeys: PowerAuthV4.decodeAll(opened.layer2.sharedSecretRequest.encapsulationKeys))
        let serverKeys = try PowerAuthV4.SigningKeys(suite: suite)
        let serverKey = serverKeys.ecdsa
        let ctrData = SecureRandom.bytes(count: PowerAuthV4.Counter.size)
        var v4 = ServerActivationV4(
            suite: suite, activationSecret: exchange.sharedSecret, counterData: ctrData, devicePublicKey: deviceKey,
            serverPrivateKey: serverKey.rawRepresentation)
        v4.deviceMLDSAPublicKey = deviceMLDSA
        v4.serverMLDSASeed = serverKeys.mldsa?.seed
        do {
            try activation.prepare(
                ServerActivation.DeviceRegistration(
                    ActivationLayer2Request(
                        devicePublicKey: Data(), activationName: opened.layer2.activationName,
                        activationOtp: opened.layer2.activationOtp, platform: opened.layer2.platform,
                        deviceInfo: opened.layer2.deviceInfo)),
                v4: v4, nowMillis: nowMillis)
        } catch {
            throw PowerAuthError(.activationCode, error.reason)
        }
        activation.applicationKey = applicationKey
        activation.applicationSecret = applicationSecret
        let layer2 = PowerAuthV4.Wire.ActivationLayer2Response(
            sharedSecretResponse: PowerAuthV4.TemporaryKeyJWT.SharedSecretResponse(
                salt: exchange.salt, encapsulatedKeys: exchange.encapsulatedKeys),
            serverPublicKeys: serverKeys.publicKeys,
            activationId: activation.activationId, ctrData: ctrData.base64EncodedString())
        let inner = try opened.envelope.sealResponse(
            PowerAuthV4.Wire.encode(layer2), sharedInfo1: PowerAuthV4.SharedInfo1.activationLayer2,
            nonce: opened.layer2Nonce, timestamp: nowMillis)
        let outer = try opened.envelope.sealResponse(
            PowerAuthV4.Wire.encode(PowerAuthV4.Wire.ActivationLayer1Response(activationData: inner)),
            sharedInfo1: PowerAuthV4.SharedInfo1.activationLayer1, nonce: opened.layer1Nonce, timestamp: nowMillis)
        return try PowerAuthV4.Wire.encode(outer)
    }
}

/// `/pa/v4/activation/status`, `/pa/v4/activation/confirm` and `/pa/v4/token/create`, server halves, and the 4.0
/// token check (spec §13.5, §14).
package struct ServerActivationServiceV4: Sendable {
    package let applicationKey: String
    package let applicationSecret: String

    package init(applicationKey: String, applicationSecret: String) {
        self.applicationKey = applicationKey
        self.applicationSecret = applicationSecret
    }

    private func secret() throws(PowerAuthError) -> Data {
        try Base64Field.decode(applicationSecret, field: "application secret", length: 16)
    }

    /// The encrypted status answer (the 80-byte blob shape, open point 5).
    package func status(
        _ body: Data, activation: ServerActivation, temporaryKeys: ServerTemporaryKeysV4, nowMillis: Int64
    ) throws(PowerAuthError) -> Data {
        let opened = try temporaryKeys.open(
            body, sharedInfo1: PowerAuthV4.SharedInfo1.activationStatus, applicationKey: applicationKey,
            applicationSecret: secret(),
            activation: (activation.activationId, activation.requireStatusPartV4().keys().sharedInfo2),
            nowMillis: nowMillis)
        let payload = PowerAuthV4.Wire.StatusPayload(
            activationStatus: try activation.statusBlobV4().base64EncodedString(), timestampBlockExpire: nil)
        return try PowerAuthV4.Wire.encode(
            opened.envelope.sealResponse(
                PowerAuthV4.Wire.encode(payload), sharedInfo1: PowerAuthV4.SharedInfo1.activationStatus,
                nonce: opened.nonce, timestamp: nowMillis))
    }

    /// Confirms an activation (clears the pending flag); the caller has checked the header with `verify`.
    package func confirm(_ body: Data, activation: inout ServerActivation) throws(PowerAuthError) {
        let request = try PowerAuthV4.Wire.decode(
            PowerAuthV4.Wire.RequestObject<PowerAuthV4.Wire.ConfirmRequest>.self, from: body, what: "the confirm body")
        var v4 = try activation.requireV4()
        v4.confirmationPending = false
        if request.requestObject.enableBiometry { v4.biometryEnabled = true }
        activation.v4 = v4
    }

    /// Creates a token (encrypted `{}` in, `{tokenId, tokenSecret}` out); the caller has checked the header.
    package func createToken(
        _ body: Data, activation: inout ServerActivation, temporaryKeys: ServerTemporaryKeysV4, nowMillis: Int64
    ) throws(PowerAuthError) -> Data {
        var v4 = try activation.requireV4()
        let opened = try temporaryKeys.open(
            body, sharedInfo1: PowerAuthV4.SharedInfo1.tokenCreate, applicationKey: applicationKey,
            applicationSecret: secret(), activation: (activation.activationId, v4.keys().sharedInfo2),
            nowMillis: nowMillis)
        let id = UUID().uuidString.lowercased()
        let tokenSecret = SecureRandom.bytes(count: 32)
        v4.tokens[id] = tokenSecret
        activation.v4 = v4
        return try PowerAuthV4.Wire.encode(
            opened.envelope.sealResponse(
                PowerAuthV4.Wire.encode(
                    PowerAuthV4.Wire.TokenPayload(tokenId: id, tokenSecret: tokenSecret.base64EncodedString())),
                sharedInfo1: PowerAuthV4.SharedInfo1.tokenCreate, nonce: opened.nonce, timestamp: nowMillis))
    }

    /// Removes a token (`{"requestObject":{"tokenId":…}}`; quietly when the activation has no such token) and answers
    /// `{"status":"OK","responseObject":{"tokenId":…}}` (spec §14.4); the caller has checked the header.
    package func removeToken(_ body: Data, activation: inout ServerActivation) throws(PowerAuthError) -> Data {
        let request = try PowerAuthV4.Wire.decode(
            PowerAuthV4.Wire.RequestObject<PowerAuthV4.Wire.TokenReference>.self, from: body,
            what: "the token remove body")
        var v4 = try activation.requireV4()
        v4.tokens[request.requestObject.tokenId] = nil
        activation.v4 = v4
        return try PowerAuthV4.Wire.encode(PowerAuthV4.Wire.ResponseObject(request.requestObject))
    }

    /// Removes the activation and its 4.0 tokens (spec §13.6) and answers
    /// `{"status":"OK","responseObject":{"activationId":…}}`; the caller has checked the header.
    package func remove(activation: inout ServerActivation, nowMillis: Int64) throws(PowerAuthError) -> Data {
        var v4 = try activation.requireV4()
        v4.tokens.removeAll()
        activation.v4 = v4
        activation.remove(nowMillis: nowMillis)
        return try PowerAuthV4.Wire.encode(
            PowerAuthV4.Wire.ResponseObject(PowerAuthV4.Wire.ActivationReference(activationId: activation.activationId))
        )
    }

    /// Checks a 4.0 token header against a stored secret and the request-expiration window (the 3.x token window:
    /// 2 hours back, 30 minutes ahead).
    package static func checkToken(
        _ header: PowerAuthV4.TokenHeader, secret: Data, nowMillis: Int64,
        window: ServerTokenAuthentication = .standard
    ) throws(PowerAuthError) -> TokenDigest.Verdict {
        guard let millis = Int64(header.timestamp) else { throw PowerAuthError(.header, "timestamp is out of range") }
        guard try header.matches(tokenSecret: secret) else { return .digestMismatch }
        if millis < nowMillis - window.pastValidityMillis { return .expired }
        if millis > nowMillis + window.futureValidityMillis { return .fromFuture }
        return .valid
    }
}

extension ServerActivation {
    /// The signer of this activation's offline payloads: personalized (`1` with the P-256 server key for 3.x, `2`
    /// with `KEY_MAC_PERSONALIZED_DATA` for 4.0) or with the master key (`0`: P-256 for 3.x, for 4.0 the P-384
    /// `masterP384` given, else the one in the file).
    package func offlineSigner(
        master: Bool, masterP384: NISTP384.PrivateKey? = nil
    ) throws(PowerAuthError) -> OfflinePayloadSigner.Signer {
        guard let v4 else {
            return master
                ? .ecdsaP256(try masterSigningKey(), .master) : .ecdsaP256(try serverSigningKey(), .personalized)
        }
        guard master else { return .personalizedMAC(try v4.keys().personalizedData) }
        if let masterP384 { return .masterP384(masterP384) }
        guard let raw = v4.masterPrivateKeyP384 else {
            throw PowerAuthError(.key, "this 4.0 activation has no P-384 master key (v4.masterPrivateKeyP384)")
        }
        do {
            return .masterP384(try NISTP384.PrivateKey(rawRepresentation: raw))
        } catch {
            throw PowerAuthError(.activationFile, "v4.masterPrivateKeyP384: \(error.reason)")
        }
    }

    /// Checks an offline approval code of a 4.0 activation (spec §16, §6.5, §6.6) with the look-ahead window, and
    /// records the outcome as `verifyApprovalCode` does for 3.x: on a match `CTR_DATA` moves one step past the
    /// matching one (a code is never accepted twice) and failed attempts reset; a miss counts one failed attempt
    /// and blocks at the maximum. Biometry is tried only when the check allows it and the activation has it.
    package mutating func verifyApprovalCodeV4(
        _ code: String, _ check: ApprovalCodeCheck
    ) throws(PowerAuthError) -> SignatureVerification {
        var v4 = try requireV4()
        let window = check.lookAhead ?? lookAhead
        _ = try SignatureVerifier(lookAhead: window)
        guard PowerAuthV4.AuthenticationCode.offlineDigits.contains(check.digits) else {
            throw PowerAuthError(.componentLength, "an offline component has 4 to 8 digits, not \(check.digits)")
        }
        var state = counters
        let types: [SignatureType] =
            check.allowBiometry && v4.biometryEnabled
            ? [.possessionKnowledge, .possessionBiometry] : [.possessionKnowledge]
        func verdict(
            valid: Bool, type: SignatureType, step: Int? = nil, totp: String? = nil, blocked: Bool = false,
            refusal: String? = nil
        ) -> SignatureVerification {
            SignatureVerification(
                isValid: valid, matchedIteration: step, signatureType: type, matchedTOTP: totp, state: state,
                blockedNow: blocked, refusal: refusal)
        }
        guard state.status == .active else {
            return verdict(valid: false, type: types[0], refusal: "the activation is \(state.status.rawValue)")
        }
        if state.failedAttempts >= state.maxFailedAttempts {
            state.status = .blocked
            counters = state
            return verdict(valid: false, type: types[0], blocked: true, refusal: "too many failed attempts")
        }
        var candidates: [(data: Data, totp: String?)] = []
        let requestData = check.request.requestData
        if let proximity = check.proximity {
            for totp in try TOTP.candidates(
                seed: proximity.seed, unixTime: proximity.unixTime, step: proximity.step,
                pastSteps: proximity.pastSteps, digits: proximity.digits)
            {
                candidates.append(
                    (Data((try SignatureVerifier.appendingTOTP(totp, to: requestData) + "&offline").utf8), totp))
            }
        } else {
            candidates.append((Data((requestData + "&" + SignedRequest.offlineSecret).utf8), nil))
        }
        let keys = try v4.keys()
        let presented = Data(ApprovalCodeGrouping.normalize(code, componentLength: check.digits).utf8)
        var chain = [v4.counterData]
        for step in 1..<window { chain.append(PowerAuthV4.Counter.next(chain[step - 1])) }
        for candidate in candidates {
            for (step, counterData) in chain.enumerated() {
                for type in types {
                    let second = type == .possessionBiometry ? keys.biometry : keys.knowledge
                    let expected = try PowerAuthV4.AuthenticationCode.offline(
                        PowerAuthV4.AuthenticationCode.components(
                            data: candidate.data, factorKeys: [keys.possession, second], counterData: counterData),
                        digits: check.digits)
                    if ConstantTime.equals(Data(expected.utf8), presented) {
                        state.counter = state.counter &+ UInt64(step + 1)
                        state.failedAttempts = 0
                        v4.counterData = PowerAuthV4.Counter.next(counterData)
                        counters = state
                        self.v4 = v4
                        lastSignatureType = type
                        return verdict(valid: true, type: type, step: step, totp: candidate.totp)
                    }
                }
            }
        }
        state.failedAttempts += 1
        let blocked = state.failedAttempts >= state.maxFailedAttempts
        if blocked { state.status = .blocked }
        counters = state
        return verdict(valid: false, type: types[0], blocked: blocked)
    }
}

package import FoundationEssentials
import OfflineOperations
import QRAuthCrypto

/// `/pa/v4/upgrade/start` and `/pa/v4/upgrade/confirm`, server halves (spec §15): a 3.3 activation gets 4.0 keys
/// from a fresh shared-secret exchange, kept aside (`ServerActivation.upgradeV4`, status flag bit 1) until the device
/// proves it holds them; the confirmation commits them and the 3.x keys and tokens stop working. A second start
/// before the confirmation replaces the pending keys (a retry: the device lost the answer or the confirmation
/// failed); the 3.x keys keep working until the confirmation.
package struct ServerUpgradeFlowV4: Sendable {
    /// Why an upgrade step was refused; `kind` is the RESTful integration's error code (spec §15).
    package struct Refusal: Error, Sendable, Equatable {
        package enum Kind: String, Sendable {
            /// `ERR_UPGRADE`: the header is missing, malformed or of another version, the activation cannot be
            /// upgraded (not 3.3, not ACTIVE, already 4.0, no upgrade started), or the envelope does not open.
            case upgrade = "ERR_UPGRADE"
            /// `ERR_AUTHENTICATION`: the authorization does not verify or has the wrong factors.
            case authentication = "ERR_AUTHENTICATION"
            /// `ERR_VALIDATION`: the decrypted payload is not a valid `UpgradeRequestPayload`.
            case validation = "ERR_VALIDATION"
        }

        package let kind: Kind
        /// One human sentence (for logs; never key material).
        package let reason: String

        package init(_ kind: Kind, _ reason: String) {
            self.kind = kind
            self.reason = reason
        }
    }

    package let applicationKey: String
    package let applicationSecret: String

    package init(applicationKey: String, applicationSecret: String) {
        self.applicationKey = applicationKey
        self.applicationSecret = applicationSecret
    }

    /// The activation id `X-PowerAuth-Authorization` names (3.x header), to find the activation.
    package static func activationId(authorization: String?) throws(Refusal) -> String {
        try header(authorization).activationId
    }

    private static func header(_ value: String?) throws(Refusal) -> AuthorizationHeader {
        let header: AuthorizationHeader
        do {
            header = try ServerSignatureAuthentication.header(value)
        } catch {
            throw Refusal(.upgrade, error.reason)
        }
        guard header.version == PowerAuthV4.Upgrade.startHeaderVersion else {
            throw Refusal(
                .upgrade,
                "the upgrade start is signed with the \(PowerAuthV4.Upgrade.startHeaderVersion.rawValue) keys, "
                    + "not pa_version \(header.version.rawValue)")
        }
        return header
    }

    /// Upgrade start: checks the 3.3 `possession_knowledge` authorization over the exact encrypted `body` (counters
    /// and failed attempts recorded on `activation` whatever the outcome), opens the application-scope envelope
    /// (`SHARED_INFO_1` of open point 7), derives `KEY_ACTIVATION_SECRET` from the shared-secret request, makes a
    /// server key and `ctrData`, keeps them as the pending 4.0 part (replacing an earlier pending one) and returns
    /// the encrypted `UpgradeResponsePayload`.
    /// `allowedSuites` are the application's (`ServerApplication.supportedSuitesV4`: `cryptography_algorithms_supported`,
    /// spec §17); another suite is refused as an invalid payload.
    package func start(
        _ body: Data, authorization: String?, activation: inout ServerActivation, temporaryKeys: ServerTemporaryKeysV4,
        allowedSuites: [PowerAuthV4.Suite] = ServerFlowsV4.supportedSuites, nowMillis: Int64
    ) throws(Refusal) -> Data {
        let header = try Self.header(authorization)
        guard header.activationId == activation.activationId, activation.applicationKey == applicationKey else {
            throw Refusal(.upgrade, "the header names another activation or application")
        }
        guard activation.v4 == nil else { throw Refusal(.upgrade, "the activation already speaks protocol 4.0") }
        guard activation.protocolVersion == PowerAuthV4.Upgrade.startHeaderVersion else {
            throw Refusal(
                .upgrade, "only a 3.3 activation upgrades to 4.0, not \(activation.protocolVersion.rawValue)")
        }
        guard activation.counters.status == .active, activation.hasDeviceKey else {
            throw Refusal(.upgrade, "the activation is \(activation.counters.status.rawValue), not ACTIVE")
        }
        let check = ServerSignatureAuthentication(
            uriId: PowerAuthV4.Upgrade.startURIId, allowed: [PowerAuthV4.Upgrade.startSignatureType])
        let verdict: SignatureVerification
        do throws(ServerAuthenticationError) {
            verdict = try check.verify(header, body: body, activation: &activation, nowMillis: nowMillis)
        } catch {
            throw Refusal(.authentication, error.reason)
        }
        guard verdict.isValid else {
            throw Refusal(.authentication, verdict.refusal ?? "the 3.3 authorization does not verify")
        }
        let opened: (plaintext: Data, envelope: PowerAuthV4.Envelope, nonce: Data)
        do {
            opened = try temporaryKeys.open(
                body, sharedInfo1: PowerAuthV4.SharedInfo1.upgradeStart, applicationKey: applicationKey,
                applicationSecret: Base64Field.decode(applicationSecret, field: "application secret", length: 16),
                activation: nil, nowMillis: nowMillis)
        } catch {
            throw Refusal(.upgrade, error.reason)
        }
        let request: PowerAuthV4.Wire.UpgradeRequest
        let suite: PowerAuthV4.Suite
        let deviceKey: Data
        let deviceMLDSA: Data?
        let exchange: (salt: Data, encapsulatedKeys: [Data], sharedSecret: Data)
        do throws(PowerAuthError) {
            request = try PowerAuthV4.Wire.decode(
                PowerAuthV4.Wire.UpgradeRequest.self, from: opened.plaintext, what: "the upgrade payload")
            guard let known = PowerAuthV4.Suite(rawValue: request.sharedSecretRequest.algorithm),
                allowedSuites.contains(known)
            else {
                throw PowerAuthError(.eciesMessage, "the upgrade asks for an algorithm the application does not accept")
            }
            suite = known
            guard let key = Data(base64Encoded: request.devicePublicKeys.ecdsa),
                (try? NISTP384.PublicKey(x963Representation: key)) != nil
            else { throw PowerAuthError(.key, "devicePublicKeys.ecdsa is not a P-384 point") }
            deviceKey = key
            deviceMLDSA = try PowerAuthV4.MLDSAPublicKeyEncoding.received(
                request.devicePublicKeys, suite: suite, field: "devicePublicKeys.mldsa")
            exchange = try PowerAuthV4.SharedSecret.respond(
                suite: suite, encapsulationKeys: PowerAuthV4.decodeAll(request.sharedSecretRequest.encapsulationKeys))
        } catch {
            throw Refusal(.validation, error.reason)
        }
        let serverKeys: PowerAuthV4.SigningKeys
        do {
            serverKeys = try PowerAuthV4.SigningKeys(suite: suite)
        } catch {
            throw Refusal(.upgrade, error.reason)
        }
        let ctrData = SecureRandom.bytes(count: PowerAuthV4.Counter.size)
        var pending = ServerActivationV4(
            suite: suite, activationSecret: exchange.sharedSecret, counterData: ctrData, devicePublicKey: deviceKey,
            serverPrivateKey: serverKeys.ecdsa.rawRepresentation)
        pending.deviceMLDSAPublicKey = deviceMLDSA
        pending.serverMLDSASeed = serverKeys.mldsa?.seed
        pending.confirmationPending = false
        pending.biometryEnabled = request.enableBiometry == true
        let response = PowerAuthV4.Wire.UpgradeResponse(
            sharedSecretResponse: PowerAuthV4.TemporaryKeyJWT.SharedSecretResponse(
                salt: exchange.salt, encapsulatedKeys: exchange.encapsulatedKeys),
            serverPublicKeys: serverKeys.publicKeys,
            ctrData: ctrData.base64EncodedString())
        let sealed: Data
        do {
            sealed = try PowerAuthV4.Wire.encode(
                opened.envelope.sealResponse(
                    PowerAuthV4.Wire.encode(response), sharedInfo1: PowerAuthV4.SharedInfo1.upgradeStart,
                    nonce: opened.nonce, timestamp: nowMillis))
        } catch {
            throw Refusal(.upgrade, error.reason)
        }
        activation.upgradeV4 = pending
        return sealed
    }

    /// Upgrade confirm: checks the 4.0 `possession` authorization over `body` with the pending keys; then commits
    /// them (the activation becomes 4.0: the 3.x device key, counter data and tokens are dropped, so no 3.x header
    /// or token authenticates any more) and answers `{"status":"OK"}`. Without a started upgrade: `ERR_UPGRADE`.
    package func confirm(
        _ body: Data, authorization: String?, activation: inout ServerActivation, nowMillis: Int64
    ) throws(Refusal) -> Data {
        guard activation.v4 == nil else { throw Refusal(.upgrade, "the activation already speaks protocol 4.0") }
        guard activation.upgradeV4 != nil else { throw Refusal(.upgrade, "no upgrade to 4.0 was started") }
        guard let authorization else {
            throw Refusal(.upgrade, "the request has no \(PowerAuthV4.AuthorizationHeader.name) header")
        }
        let header: PowerAuthV4.AuthorizationHeader
        do {
            header = try PowerAuthV4.AuthorizationHeader(parsing: authorization)
        } catch {
            throw Refusal(.upgrade, "\(PowerAuthV4.AuthorizationHeader.name): \(error.reason)")
        }
        let verdict: ServerActivation.V4Verdict
        do {
            verdict = try activation.verifyV4(
                header, method: "POST", uriId: PowerAuthV4.Upgrade.confirmURIId, body: body,
                allowed: [PowerAuthV4.Upgrade.confirmCodeType], pendingUpgrade: true, nowMillis: nowMillis)
        } catch {
            throw Refusal(.authentication, error.reason)
        }
        guard case .valid = verdict else {
            throw Refusal(.authentication, "the 4.0 authentication code does not verify with the upgrade's keys")
        }
        activation.v4 = activation.upgradeV4
        activation.upgradeV4 = nil
        activation.devicePublicKey = Data()
        activation.counters.ctrData = nil
        activation.tokens = []
        activation.registration?.lastChangeMillis = nowMillis
        do {
            return try PowerAuthV4.Wire.encode(["status": "OK"])
        } catch {
            throw Refusal(.upgrade, error.reason)
        }
    }
}

package import FoundationEssentials
package import OfflineOperations
import QRAuthCrypto

extension PowerAuthV4 {
    /// Upgrade of a 3.3 activation to 4.0 (spec §15): the constants both halves share, and the device's half of
    /// `/pa/v4/upgrade/start`. The server half is `ServerUpgradeFlowV4`.
    package enum Upgrade {
        /// U1. The `pa_version` of the 3.x `X-PowerAuth-Authorization` on `/pa/v4/upgrade/start`: the activation's
        /// current 3.3 keys sign it, so its version is the activation's, 3.3 (assumed; no upstream artefact pins it).
        package static let startHeaderVersion = ProtocolVersion.v33
        /// The factors of the start authorization (SDK 2.0 requires the knowledge factor for the upgrade).
        package static let startSignatureType = SignatureType.possessionKnowledge
        /// uriId of the start authorization.
        package static let startURIId = "/pa/upgrade/start"
        /// uriId of the confirm authorization (4.0, `possession`, with the new keys).
        package static let confirmURIId = "/pa/upgrade/confirm"
        /// The factors of the confirm authorization.
        package static let confirmCodeType = AuthenticationCode.CodeType.possession
    }

    /// The device's half of `/pa/v4/upgrade/start` (spec §15 steps 1–4): the encrypted `UpgradeRequestPayload` to
    /// send (application scope, `SHARED_INFO_1` of open point 7) with fresh device keys and a fresh shared-secret
    /// request, and what is kept to read the answer. The caller signs `body` with the 3.3 keys
    /// (`Upgrade.startSignatureType`, `Upgrade.startURIId`) and sends both headers.
    package struct UpgradeStart: Sendable {
        /// The body to POST (an `AeadEncryptedRequest`).
        package let body: Data
        /// The activation being upgraded.
        package let activationId: String
        let application: Application
        let suite: Suite
        let envelope: Envelope
        let nonce: Data
        let context: SharedSecret.ClientContext
        let deviceKeys: SigningKeys
        let enableBiometry: Bool

        /// Builds the request for `activationId` with an application-scope temporary key.
        package init(
            activationId: String, application: Application, temporaryKey: TemporaryKey, suite: Suite,
            enableBiometry: Bool = false, nowMillis: Int64
        ) throws(PowerAuthError) {
            self.activationId = activationId
            self.application = application
            self.suite = suite
            self.enableBiometry = enableBiometry
            envelope = try application.envelope(temporaryKey)
            context = try SharedSecret.ClientContext(suite: suite)
            deviceKeys = try SigningKeys(suite: suite)
            let payload = Wire.UpgradeRequest(
                sharedSecretRequest: context.request, devicePublicKeys: deviceKeys.publicKeys,
                enableBiometry: enableBiometry)
            let sealed = try envelope.sealRequest(
                Wire.encode(payload), sharedInfo1: SharedInfo1.upgradeStart, timestamp: nowMillis)
            nonce = sealed.nonce
            body = try Wire.encode(sealed)
        }

        /// `X-PowerAuth-Encryption` of the request (application scope: the activation has no 4.0 keys yet).
        package var encryptionHeader: EncryptionHeader { EncryptionHeader(applicationKey: application.applicationKey) }

        /// Reads the answer: the new `KEY_ACTIVATION_SECRET`, the server's P-384 key and `ctrData`, which replaces the
        /// 3.x counter data; the numeric counter goes on from `counter` (the 3.x file's, after the start was signed).
        /// On any failure nothing is kept.
        package func finish(responseBody: Data, counter: Int) throws(PowerAuthError) -> Device {
            let sealed = try Wire.decode(EncryptedResponse.self, from: responseBody, what: "the upgrade response")
            let payload = try Wire.decode(
                Wire.UpgradeResponse.self,
                from: envelope.openResponse(sealed, sharedInfo1: SharedInfo1.upgradeStart, nonce: nonce),
                what: "the upgrade response")
            guard let ctrData = Data(base64Encoded: payload.ctrData), ctrData.count == Counter.size else {
                throw PowerAuthError(.length, "ctrData must be Base64 of 32 bytes")
            }
            guard let serverKey = Data(base64Encoded: payload.serverPublicKeys.ecdsa),
                (try? NISTP384.PublicKey(x963Representation: serverKey)) != nil
            else { throw PowerAuthError(.key, "serverPublicKeys.ecdsa is not a P-384 point") }
            let serverMLDSA = try MLDSAPublicKeyEncoding.received(
                payload.serverPublicKeys, suite: suite, field: "serverPublicKeys.mldsa")
            let secret = try context.derive(payload.sharedSecretResponse)
            let state = try DeviceState(
                activationId: activationId, suite: suite, activationSecret: secret,
                masterPublicKey: application.masterPublicKey, counterData: ctrData, counter: max(0, counter),
                biometryEnabled: enableBiometry)
            return Device(
                application: application, state: state, serverPublicKey: serverKey,
                devicePublicKey: deviceKeys.ecdsaPublicKey,
                mldsa: deviceKeys.deviceMLDSAKeys(serverPublicKey: serverMLDSA))
        }
    }
}

extension PowerAuthV4.Device {
    /// `/pa/v4/upgrade/confirm` (spec §15 step 5): no body, signed `possession` with the new 4.0 keys; consumes one
    /// counter step.
    package mutating func upgradeConfirmAuthorization() throws(PowerAuthError) -> PowerAuthV4.AuthorizationHeader {
        try authorize(
            method: "POST", uriId: PowerAuthV4.Upgrade.confirmURIId, body: Data(),
            type: PowerAuthV4.Upgrade.confirmCodeType)
    }
}

package import FoundationEssentials
import QRAuthEncoding

/// The server side of activation via activation code (`/pa/v3/activation/create`) as values, mirroring
/// `DeviceActivationFlow`: layer 1 (`APPLICATION_SCOPE_GENERIC`) is opened and read for the code, layer 2
/// (`ACTIVATION_LAYER_2`) for the device's key and details; once the caller's activation (found by the code) took the
/// key (`ServerActivation.prepare`), `answer` seals the server key and `CTR_DATA` in layer 2, then layer 1.
///
/// The caller picks the recipient key (the master key, or for 3.3 the application-scope temporary key), checks each
/// layer with its replay guard and stores the activation; each step throws, so it can map failures to its answers.
package struct ServerActivationFlow: Sendable {
    /// The protocol version the device spoke (`X-PowerAuth-Encryption`).
    package let version: ProtocolVersion
    /// The application version's `APP_KEY`.
    package let applicationKey: String
    /// The application version's `APP_SECRET`.
    package let applicationSecret: String

    /// A flow for an application version.
    package init(version: ProtocolVersion, applicationKey: String, applicationSecret: String) {
        self.version = version
        self.applicationKey = applicationKey
        self.applicationSecret = applicationSecret
    }

    /// The outer layer's encryption.
    package var layer1: ServerEncryptionFlow {
        ServerEncryptionFlow(
            version: version, encryptorId: .applicationScopeGeneric, applicationKey: applicationKey,
            applicationSecret: applicationSecret)
    }

    /// The inner layer's encryption.
    package var layer2: ServerEncryptionFlow {
        ServerEncryptionFlow(
            version: version, encryptorId: .activationLayer2, applicationKey: applicationKey,
            applicationSecret: applicationSecret)
    }

    /// The opened layer 1 read as an activation request: only `CODE` activations with a non-blank
    /// `identityAttributes.code`.
    package func request(_ opened: ServerEncryptionFlow.Opened) throws(PowerAuthError) -> ActivationLayer1Request {
        let request: ActivationLayer1Request
        do {
            request = try JSONDuplicateKeys.decode(ActivationLayer1Request.self, from: opened.plaintext)
        } catch {
            throw PowerAuthError(.eciesMessage, "layer 1 is not an activation request")
        }
        guard request.type == ActivationLayer1Request.codeType,
            let code = request.identityAttributes["code"], !code.trimmingWhitespace().isEmpty
        else {
            throw PowerAuthError(.activationCode, "only CODE activations with identityAttributes.code are supported")
        }
        return request
    }

    /// The opened layer 2 read as the device's part of the key exchange.
    package func registration(
        _ opened: ServerEncryptionFlow.Opened
    ) throws(PowerAuthError) -> ServerActivation.DeviceRegistration {
        let layer2: ActivationLayer2Request
        do {
            layer2 = try JSONDuplicateKeys.decode(ActivationLayer2Request.self, from: opened.plaintext)
        } catch {
            throw PowerAuthError(.eciesMessage, "layer 2 is not an activation request")
        }
        return ServerActivation.DeviceRegistration(layer2, protocolVersion: version)
    }

    /// The answer body: `activationId`, the server public key and `CTR_DATA` of the prepared `activation` sealed in
    /// layer 2, that and the request's custom attributes sealed in layer 1, both dated `timestampMillis`.
    package func answer(
        _ activation: ServerActivation, request: ActivationLayer1Request, layer1 outer: ServerEncryptionFlow.Opened,
        layer2 inner: ServerEncryptionFlow.Opened, timestampMillis: Int64
    ) throws(PowerAuthError) -> Data {
        guard let ctrData = activation.counters.ctrData else {
            throw PowerAuthError(.activationFile, "the activation has no counter data")
        }
        let layer2Response = try inner.responder.encrypt(
            try ECIESBody.encode(
                ActivationLayer2Response(
                    activationId: activation.activationId, serverPublicKey: activation.serverPublicKey,
                    ctrData: ctrData)),
            timestamp: timestampMillis)
        return try outer.seal(
            try ECIESBody.encode(
                ActivationLayer1Response(
                    activationData: layer2Response, customAttributes: request.customAttributes ?? [:])),
            timestampMillis: timestampMillis)
    }
}

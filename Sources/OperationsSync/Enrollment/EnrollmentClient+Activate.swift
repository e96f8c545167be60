import FoundationEssentials
import HTTPTypes
import MobileTokenAPI
public import PowerAuth

extension EnrollmentClient {
    /// What `activate` needs besides the code: the application, the protocol version and the device's details.
    public struct ActivationRequest: Sendable {
        /// The application's key, secret and master public key.
        public var application: DeviceActivationFlow.Application
        /// 3.3 (the default; temporary keys) or an older version for older servers.
        public var version: ProtocolVersion
        /// Name, OTP, platform and device info sent with the device key.
        public var details: DeviceActivationFlow.DeviceDetails
        /// Whether the device also keeps the biometry key.
        public var biometry: Bool

        /// Makes a request.
        public init(
            application: DeviceActivationFlow.Application, version: ProtocolVersion = .v33,
            details: DeviceActivationFlow.DeviceDetails = DeviceActivationFlow.DeviceDetails(), biometry: Bool = false
        ) {
            self.application = application
            self.version = version
            self.details = details
            self.biometry = biometry
        }
    }

    /// Checks the activation code (`CODE` or `CODE#SIGNATURE`; the signature verified with the master key) before
    /// anything is sent; returns the code without its signature. Pure.
    public nonisolated static func checkCode(
        _ text: String, application: DeviceActivationFlow.Application
    ) throws(EnrollmentError) -> String {
        do {
            let signed = try SignedActivationCode(parsing: text)
            try signed.verify(masterPublicKey: application.masterKey())
            return signed.code.value
        } catch  where error.code == .activationCodeSignature {
            throw EnrollmentError(.activationCodeSignature, error.reason)
        } catch  where error.code == .activationCode || error.code == .base64 || error.code == .length {
            throw EnrollmentError(.invalidActivationCode, error.reason)
        } catch {
            throw EnrollmentError(.configuration, error.reason)
        }
    }

    /// Activation via activation code: checks the code, makes the device key pair, (3.3) fetches the
    /// application-scope temporary key, sends both encryption layers to `/pa/v3/activation/create` and opens the
    /// answer (in 3.3 an `ERR_ENCRYPTION` is retried once with a fresh temporary key and device key pair). Returns the
    /// device activation (knowledge key under `password`) and its fingerprint; nothing is
    /// stored — the caller writes the device file only after this returned.
    public func activate(
        code text: String, request: ActivationRequest, password: String
    ) async throws(EnrollmentError) -> DeviceActivationFlow.Completed {
        let code = try Self.checkCode(text, application: request.application)
        do {
            return try await activateOnce(code: code, request: request, password: password)
        } catch  where request.version == .v33 && error.code == .encryptionRefused {
            // The server could not decrypt (spec: in 3.3 drop the temporary key, fetch a new one, re-encrypt once).
            await temporaryKeys.drop(.application(request.application.applicationKey))
            return try await activateOnce(code: code, request: request, password: password)
        }
    }

    private func activateOnce(
        code: String, request: ActivationRequest, password: String
    ) async throws(EnrollmentError) -> DeviceActivationFlow.Completed {
        var temporaryKey: DeviceActivationFlow.TemporaryKey?
        if request.version == .v33 {
            let key = try await applicationTemporaryKey(request.application)
            temporaryKey = DeviceActivationFlow.TemporaryKey(id: key.id, publicKey: key.publicKey)
        }
        let pending: DeviceActivationFlow.Pending
        do {
            pending = try DeviceActivationFlow.start(
                code: code, application: request.application, version: request.version, details: request.details,
                temporaryKey: temporaryKey, timestampMillis: clock.requestMillis())
        } catch {
            throw EnrollmentError(.configuration, "cannot build the activation request: \(error.reason)")
        }
        let endpoint = EnrollmentEndpoints.activationCreate
        let exchange = try await exchange(
            endpoint, body: pending.body, headers: [.powerAuthEncryption: pending.encryptionHeader])
        try EnrollmentResponse.checkFailure(exchange.response, endpoint: endpoint.path)
        let completed: DeviceActivationFlow.Completed
        do {
            completed = try pending.finish(
                responseBody: exchange.response.body, password: password, biometry: request.biometry)
        } catch {
            throw Self.answerError(error, endpoint: endpoint.path)
        }
        try checkFreshness(completed.serverMillis, requestMillis: pending.timestampMillis, exchange: exchange)
        var result = completed
        result.device.serverTimeOffsetMillis = clock.offsetMillis
        return result
    }
}

import FoundationEssentials
import Hummingbird
import MobileTokenAPI
import OfflineOperations
import PowerAuth

extension MobileTokenService {
    /// The shortest OTP a spawn request may carry (the activation spawn tutorial: at least 16 characters).
    static let minimumSpawnOTPLength = 16

    /// `POST /api/activation/code` (activation spawn): a 2FA signature (uriId `/api/activation/code`) over the
    /// activation-scope encrypted body `{"requestObject":{"applicationId","otp"}}`. Makes a CREATED activation of
    /// the caller's user in `applicationId` that the key exchange activates when the device presents `otp`
    /// (commit phase ON_KEY_EXCHANGE), and answers its code, encrypted. A refused request is
    /// `ACTIVATION_CODE_FAILED` (unknown application, short OTP), in the clear as every error.
    func activationSpawnCode(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let failure = EnrollmentService.PowerAuthRESTError.encryption
        let caller = try enrollment.signedCaller(
            request, context,
            ServerSignatureAuthentication(
                uriId: EndpointPaths.MobileToken.activationCodeURIId,
                allowed: [.possessionKnowledge, .possessionBiometry]))
        guard let activation = store.activation(id: caller.activationId), activation.counters.status == .active else {
            throw enrollment.refuse(failure, request, "unknown or inactive activation")
        }
        let encryption: ServerEncryptionFlow
        do {
            encryption = try ServerEncryptionFlow(
                version: caller.version, encryptorId: .activationScopeGeneric, activation: activation)
        } catch {
            throw enrollment.refuse(failure, request, "the activation's keys are unusable")
        }
        let opened = try await enrollment.openBody(
            request, context, with: encryption,
            fallbackKey: { () throws(PowerAuthError) in try activation.serverSigningKey() }, failure: failure)
        // The decrypted body is read like any Mobile Token API body.
        var decrypted = context
        decrypted.body = opened.plaintext
        let body = try await decrypted.requestObject(request, as: ActivationCodeRequest.self)
        guard body.otp.count >= Self.minimumSpawnOTPLength else {
            throw APIFailure(
                .activationCodeFailed, "requestObject.otp must have at least \(Self.minimumSpawnOTPLength) characters")
        }
        let spawned: ServerActivation
        do throws(ActivationLifecycleError) {
            spawned = try enrollment.activations.initActivation(
                ActivationInit(
                    userId: DevServerState.inboxUser(of: activation), applicationId: body.applicationId,
                    commitPhase: .onKeyExchange, activationOtp: body.otp))
        } catch {
            throw APIFailure(.activationCodeFailed, "the activation code could not be made: \(error.reason)")
        }
        let answer = ActivationCodeResponse(
            activationId: spawned.activationId, activationCode: spawned.registration?.activationCode ?? "",
            activationSignature: spawned.registration?.activationSignature ?? "")
        do {
            let plaintext = try Envelope.encoded(ResponseEnvelope(.ok(answer)))
            return Envelope.json(try opened.seal(plaintext, timestampMillis: clock.nowMillis))
        } catch {
            throw enrollment.refuse(failure, request, "the response could not be encrypted")
        }
    }
}

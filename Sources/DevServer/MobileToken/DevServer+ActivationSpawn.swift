import Foundation
import MobileTokenAPI
import PowerAuth
import QRAuthEncoding

extension DevServer {
    /// The shortest OTP a spawn request may carry (the activation spawn tutorial: at least 16 characters).
    static let minimumSpawnOTPLength = 16

    /// `POST /api/activation/code` (activation spawn): a 2FA signature (uriId `/api/activation/code`) over the
    /// activation-scope encrypted body `{"requestObject":{"applicationId","otp"}}`. Makes a CREATED activation of
    /// the caller's user in `applicationId` that the key exchange activates when the device presents `otp`
    /// (commit phase ON_KEY_EXCHANGE), and answers its code, encrypted. A refused request is
    /// `ACTIVATION_CODE_FAILED` (unknown application, short OTP), in the clear as every error.
    func activationSpawnCode(_ request: ServerRequest) async throws(APIFailure) -> ServerResponse {
        let failure = PowerAuthRESTError.encryption
        let caller = try signedCaller(
            request,
            ServerSignatureAuthentication(
                uriId: EndpointPaths.MobileToken.activationCodeURIId,
                allowed: [.possessionKnowledge, .possessionBiometry]))
        guard let activation = store.activation(id: caller.activationId), activation.counters.status == .active else {
            throw refuse(failure, request, "unknown or inactive activation")
        }
        let encryption: ServerEncryptionFlow
        do {
            encryption = try ServerEncryptionFlow(
                version: caller.version, encryptorId: .activationScopeGeneric, activation: activation)
        } catch {
            throw refuse(failure, request, "the activation's keys are unusable")
        }
        let opened = try decrypt(
            decodeBody(request, failure: failure), with: encryption, request,
            fallbackKey: { () throws(PowerAuthError) in try activation.serverSigningKey() }, failure: failure)
        try await checkReplay(opened.request, request, failure: failure)
        let body: ActivationCodeRequest
        do {
            guard
                let object = try JSONDuplicateKeys.decode(
                    RequestEnvelope<ActivationCodeRequest>.self, from: opened.plaintext
                ).requestObject
            else { throw APIFailure(.invalidRequest, "the request has no requestObject") }
            body = object
        } catch let error as APIFailure {
            throw error
        } catch let error as DecodingError {
            throw Self.requestFailure(error)
        } catch {
            throw APIFailure(.invalidRequest, "the decrypted request is not JSON")
        }
        guard body.otp.count >= Self.minimumSpawnOTPLength else {
            throw APIFailure(
                .activationCodeFailed, "requestObject.otp must have at least \(Self.minimumSpawnOTPLength) characters")
        }
        let spawned: ServerActivation
        do throws(ActivationLifecycleError) {
            spawned = try initActivation(
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
            let plaintext = Envelope.encode(ResponseEnvelope(.ok(answer)), status: 200).body
            return .json(try opened.seal(plaintext, timestampMillis: clock.nowMillis))
        } catch {
            throw refuse(failure, request, "the response could not be encrypted")
        }
    }
}

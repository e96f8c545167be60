import FoundationEssentials
import MobileTokenAPI
import OfflineOperations
import PowerAuth

/// `/rest/v4/auth/verify` (spec §17; `/rest/v3/signature/verify` with `signature` → `authenticationCode`,
/// `signatureType` → `authenticationCodeType`): an online authentication code of a 4.0 activation checked over the
/// request data the integrating application received, with the look-ahead, failed attempts and blocking of
/// `/pa/v4` requests, persisted before the answer.
struct AuthVerifyBodyV4: Decodable, Sendable {
    var activationId: String
    var applicationKey: String?
    /// `METHOD&B64(uriId)&NONCE&B64(body)`: the server appends the application secret.
    var data: String
    var authenticationCode: String
    /// `POSSESSION`, `POSSESSION_KNOWLEDGE`, `POSSESSION_BIOMETRY` (either case).
    var authenticationCodeType: String
}

extension BackOfficeRoutes {
    /// `/rest/v4/auth/verify`.
    static var authVerifyRoutes: [BackOfficeRoute] {
        [
            .typed(V4Path.authVerify, AuthVerifyBodyV4.self) { server, body throws(BackOfficeFailure) in
                try server.verifyAuthenticationCodeV4(body)
            }
        ]
    }
}

extension BackOfficeService {
    /// `auth/verify` for a 4.0 activation; a 3.x activation (qrauth's back office has no `/rest/v3/signature/verify`)
    /// or an unknown code type is `ERR0024`, an unknown activation `ERR0009`.
    func verifyAuthenticationCodeV4(_ body: AuthVerifyBodyV4) throws(BackOfficeFailure) -> OfflineVerifyResponseV4 {
        guard !body.authenticationCode.isEmpty else { throw .missing("authenticationCode") }
        guard let type = PowerAuthV4.AuthenticationCode.CodeType(rawValue: body.authenticationCodeType.lowercased())
        else {
            throw BackOfficeFailure(
                .invalidRequest,
                "requestObject.authenticationCodeType must be POSSESSION, POSSESSION_KNOWLEDGE or POSSESSION_BIOMETRY")
        }
        let request = try BackOfficeOfflineService.signedRequest(parsing: body.data)
        return try store.backOfficeTransaction {
            (state, changed) throws(BackOfficeFailure) -> OfflineVerifyResponseV4 in
            guard let index = state.activations.firstIndex(where: { $0.activationId == body.activationId }) else {
                throw BackOfficeFailure(.activationNotFound, "no activation \(body.activationId)")
            }
            var activation = state.activations[index]
            guard activation.v4 != nil else {
                throw BackOfficeFailure(.invalidRequest, "activation \(body.activationId) is not a 4.0 activation")
            }
            if let key = body.applicationKey, key != activation.applicationKey {
                throw BackOfficeFailure(.invalidApplication, "the application key is not the activation's")
            }
            let valid: Bool
            do throws(PowerAuthError) {
                let verdict = try activation.verifyV4(
                    body.authenticationCode, type: type,
                    normalizedData: request.normalizedData(applicationSecret: activation.applicationSecret),
                    allowed: Set(PowerAuthV4.AuthenticationCode.CodeType.allCases), nowMillis: clock.nowMillis)
                if case .valid = verdict { valid = true } else { valid = false }
            } catch  where error.code == .activationMismatch || error.code == .factorNotAllowed {
                // Not ACTIVE, or biometry the activation does not have: not valid, nothing counted.
                valid = false
            } catch {
                throw BackOfficeFailure(.invalidInputFormat, error.reason)
            }
            state.activations[index] = activation
            changed = true
            let counters = activation.counters
            return OfflineVerifyResponseV4(
                BackOffice.VerifyOfflineSignatureResponse(
                    signatureValid: valid, activationStatus: counters.status,
                    blockedReason: activation.reportedBlockedReason, activationId: body.activationId,
                    userId: activation.backOfficeUserId, applicationId: activation.backOfficeApplicationId,
                    signatureType: valid ? SignatureType(rawValue: type.rawValue) : nil,
                    remainingAttempts: Int64(max(0, counters.maxFailedAttempts - counters.failedAttempts)),
                    applicationRoles: [], activationFlags: []))
        }
    }
}

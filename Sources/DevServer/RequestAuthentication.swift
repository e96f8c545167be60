import FoundationEssentials
import Hummingbird
import Logging
import MobileTokenAPI
import OfflineOperations
import PowerAuth

/// Checks the PowerAuth headers of a request against the store: `X-PowerAuth-Token` (`ServerTokenAuthentication`)
/// and `X-PowerAuth-Authorization` (`ServerSignatureAuthentication`, with the look-ahead). The Mobile Token API and
/// the enrollment API share it.
struct RequestAuthentication: Sendable {
    let store: DevServerStore
    let clock: EmulatorClock
    let logger: Logger
}

/// The outcome of a verified signature: who signed and with which factors.
struct SignedCaller {
    var activationId: String
    var signatureType: SignatureType
}

extension RequestAuthentication {

    /// Checks `X-PowerAuth-Token` with `ServerTokenAuthentication` against the store's tokens and nonces. Returns
    /// the activation id.
    func authenticateToken(_ request: Request) throws(APIFailure) -> String {
        if PowerAuthV4.isVersion4Header(request.header(TokenHeader.name)) { return try authenticateTokenV4(request) }
        let now = clock.nowMillis
        let authentication = ServerTokenAuthentication(
            pastValidityMillis: DevServer.tokenPastValidityMillis,
            futureValidityMillis: DevServer.tokenFutureValidityMillis)
        do {
            return try authentication.authenticate(
                headerValue: request.header(TokenHeader.name), nowMillis: now,
                token: { id in
                    store.token(id: id).map {
                        .init(secret: $0.secret, activationId: $0.activationId, status: $0.status)
                    }
                },
                recordNonce: { header, timestamp in
                    store.recordNonce(
                        tokenId: header.tokenId, nonce: header.nonce, timestampMillis: timestamp,
                        horizonMillis: now - DevServer.tokenPastValidityMillis)
                }
            ).activationId
        } catch {
            throw APIFailure(.powerAuthFailed, error.reason)
        }
    }

    /// Parses `X-PowerAuth-Authorization` without checking the signature.
    func authorizationHeader(_ request: Request) throws(APIFailure) -> AuthorizationHeader {
        if PowerAuthV4.isVersion4Header(request.header(AuthorizationHeader.name)) {
            return try authorizationHeaderV4(request)
        }
        do {
            return try ServerSignatureAuthentication.header(request.header(AuthorizationHeader.name))
        } catch {
            throw APIFailure(.powerAuthFailed, error.reason)
        }
    }

    /// Checks `X-PowerAuth-Authorization` of `request` over the exact body (`context.body`) with
    /// `ServerSignatureAuthentication`: a type in `allowed`, the activation's application key, then the look-ahead
    /// check, whose counters and failed attempts are persisted whatever the outcome. A 4.0 header goes to
    /// `authenticateSignatureV4` (never mixed with 3.x). Throws `POWERAUTH_AUTH_FAIL` when it does not verify.
    func authenticateSignature(
        _ request: Request, body: Data, header: AuthorizationHeader, uriId: String, allowed: Set<SignatureType>
    ) throws(APIFailure) -> SignedCaller {
        if PowerAuthV4.isVersion4Header(request.header(AuthorizationHeader.name)) {
            return try authenticateSignatureV4(request, body: body, uriId: uriId, allowed: allowed)
        }
        let authentication = ServerSignatureAuthentication(uriId: uriId, allowed: allowed)
        do {
            try authentication.checkAllowed(header)
        } catch {
            throw APIFailure(.powerAuthFailed, error.reason)
        }
        guard let known = store.activation(id: header.activationId) else {
            throw APIFailure(.powerAuthFailed, "unknown activation")
        }
        guard known.hasDeviceKey else {
            throw APIFailure(.powerAuthFailed, "the activation is \(known.counters.status.rawValue)")
        }
        let keys: FactorKeys
        do {
            keys = try store.factorKeys(for: known)
        } catch {
            throw APIFailure(.generic, "the activation's keys are unusable: \(error.reason)")
        }
        return try store.transaction { (state, changed) throws(APIFailure) -> SignedCaller in
            guard let index = state.activations.firstIndex(where: { $0.activationId == header.activationId }) else {
                throw APIFailure(.powerAuthFailed, "unknown activation")
            }
            let before = state.activations[index]
            let result: SignatureVerification
            do throws(ServerAuthenticationError) {
                result = try authentication.verify(
                    header, body: body, activation: &state.activations[index], keys: keys,
                    nowMillis: clock.nowMillis)
            } catch {
                throw APIFailure(.powerAuthFailed, error.reason)
            }
            if state.activations[index] != before { changed = true }
            guard result.isValid else {
                if result.blockedNow {
                    logger.warning("activation blocked", metadata: ["activation": "\(before.activationId)"])
                }
                throw APIFailure(.powerAuthFailed, result.refusal ?? "the signature does not verify")
            }
            return SignedCaller(activationId: before.activationId, signatureType: result.signatureType)
        }
    }
}

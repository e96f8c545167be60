import Foundation
import Logging
import MobileTokenAPI
import PowerAuth

extension DevServer {
    /// The outcome of a verified signature: who signed and with which factors.
    struct SignedCaller {
        var activationId: String
        var signatureType: SignatureType
    }

    /// Checks `X-PowerAuth-Token`: header syntax, known token of an ACTIVE activation, digest, the
    /// timestamp window, then the nonce (a replay is refused). Returns the activation id.
    func authenticateToken(_ request: ServerRequest) throws(APIFailure) -> String {
        guard let value = request.header(TokenHeader.name) else {
            throw APIFailure(.powerAuthFailed, "the request has no \(TokenHeader.name) header")
        }
        let header: TokenHeader
        do {
            header = try TokenHeader(parsing: value)
        } catch {
            throw APIFailure(.powerAuthFailed, "\(TokenHeader.name): \(error.reason)")
        }
        guard let token = store.token(id: header.tokenId) else {
            throw APIFailure(.powerAuthFailed, "unknown token_id")
        }
        guard token.status == .active else {
            throw APIFailure(.powerAuthFailed, "the activation is \(token.status.rawValue)")
        }
        let now = clock.nowMillis
        let verdict: TokenDigest.Verdict
        do {
            verdict = try TokenDigest.verify(
                header, tokenSecret: token.secret, nowMillis: now, pastValidityMillis: Self.tokenPastValidityMillis,
                futureValidityMillis: Self.tokenFutureValidityMillis)
        } catch {
            throw APIFailure(.powerAuthFailed, "\(TokenHeader.name): \(error.reason)")
        }
        switch verdict {
        case .valid: break
        case .digestMismatch: throw APIFailure(.powerAuthFailed, "the token digest does not match")
        case .expired: throw APIFailure(.powerAuthFailed, "the token timestamp is older than 2 hours")
        case .fromFuture: throw APIFailure(.powerAuthFailed, "the token timestamp is more than 30 minutes ahead")
        }
        let recorded = store.recordNonce(
            tokenId: header.tokenId, nonce: header.nonce, timestampMillis: Int64(header.timestamp) ?? now,
            horizonMillis: now - Self.tokenPastValidityMillis)
        guard recorded else { throw APIFailure(.powerAuthFailed, "the token nonce was used before (replay)") }
        return token.activationId
    }

    /// Parses `X-PowerAuth-Authorization` without checking the signature.
    func authorizationHeader(_ request: ServerRequest) throws(APIFailure) -> AuthorizationHeader {
        guard let value = request.header(AuthorizationHeader.name) else {
            throw APIFailure(.powerAuthFailed, "the request has no \(AuthorizationHeader.name) header")
        }
        do {
            return try AuthorizationHeader(parsing: value)
        } catch {
            throw APIFailure(.powerAuthFailed, "\(AuthorizationHeader.name): \(error.reason)")
        }
    }

    /// Checks `X-PowerAuth-Authorization` over the exact body with `uriId`: a type in `allowed`, the
    /// activation's application key, then the look-ahead check, whose counters and failed attempts are
    /// persisted whatever the outcome. Throws `POWERAUTH_AUTH_FAIL` when it does not verify.
    func authenticateSignature(
        _ request: ServerRequest, header: AuthorizationHeader, uriId: String, allowed: Set<SignatureType>
    ) throws(APIFailure) -> SignedCaller {
        guard allowed.contains(header.signatureType) else {
            let names = allowed.map(\.rawValue).sorted().joined(separator: ", ")
            throw APIFailure(
                .powerAuthFailed, "signature type \(header.signatureType.rawValue) is not allowed here (\(names))")
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
            do {
                result = try state.activations[index].verifySignature(
                    header, uriId: uriId, body: request.body, keys: keys)
            } catch let error as PowerAuthError {
                throw APIFailure(.powerAuthFailed, error.reason)
            } catch {
                throw APIFailure(.generic, "the signature check failed")
            }
            if state.activations[index].registration != nil {
                if result.isValid {
                    state.activations[index].registration?.lastUsedMillis = clock.nowMillis
                } else if result.blockedNow {
                    state.activations[index].registration?.blockedReason = "MAX_FAILED_ATTEMPTS"
                    state.activations[index].registration?.lastChangeMillis = clock.nowMillis
                }
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

import FoundationEssentials
import Hummingbird
import MobileTokenAPI
import OfflineOperations
import PowerAuth

/// Why a 4.0 `X-PowerAuth-Authorization` was refused, with the reason for the log; `/pa/v4` and the Mobile Token
/// API answer each kind their own way.
enum AuthorizationRefusalV4: Error {
    case headerMissing(String)
    case signature(String)
    case signatureType(String)
    /// The signed action itself failed after the code verified.
    case action(String)
    /// The server could not do its part (the state could not be stored): answered as it is.
    case server(APIFailure)

    /// As the Mobile Token API answers refusals: `POWERAUTH_AUTH_FAIL` (401), like 3.x.
    var mobileTokenFailure: APIFailure {
        switch self {
        case .headerMissing(let reason), .signature(let reason), .signatureType(let reason), .action(let reason):
            APIFailure(.powerAuthFailed, reason)
        case .server(let failure): failure
        }
    }
}

/// The 4.0 headers (spec powerauth-v4.md §18) beside the 3.x ones: `RequestAuthentication` sends a header whose
/// version field is 4.0 here, and a 4.0 header only ever verifies against the `v4` part of an activation.
extension RequestAuthentication {
    /// `X-PowerAuth-Token` of 4.0: the digest against the activation's 4.0 tokens, the time window and the nonce
    /// store of 3.x. Returns the activation id.
    func authenticateTokenV4(_ request: Request) throws(APIFailure) -> String {
        let now = clock.nowMillis
        let header: PowerAuthV4.TokenHeader
        do {
            header = try PowerAuthV4.TokenHeader(parsing: request.header(PowerAuthV4.TokenHeader.name) ?? "")
        } catch {
            throw APIFailure(.powerAuthFailed, error.reason)
        }
        guard
            let activation = store.snapshot.activations.first(where: { $0.v4?.tokens[header.tokenId] != nil }),
            let secret = activation.v4?.tokens[header.tokenId]
        else { throw APIFailure(.powerAuthFailed, "unknown token_id") }
        guard activation.counters.status == .active else {
            throw APIFailure(.powerAuthFailed, "the activation is \(activation.counters.status.rawValue)")
        }
        let verdict: TokenDigest.Verdict
        do {
            verdict = try ServerActivationServiceV4.checkToken(
                header, secret: secret, nowMillis: now,
                window: ServerTokenAuthentication(
                    pastValidityMillis: DevServer.tokenPastValidityMillis,
                    futureValidityMillis: DevServer.tokenFutureValidityMillis))
        } catch {
            throw APIFailure(.powerAuthFailed, error.reason)
        }
        guard verdict == .valid else { throw APIFailure(.powerAuthFailed, "the 4.0 token is \(verdict.rawValue)") }
        guard
            store.recordNonce(
                tokenId: header.tokenId, nonce: header.nonce, timestampMillis: Int64(header.timestamp) ?? now,
                horizonMillis: now - DevServer.tokenPastValidityMillis)
        else { throw APIFailure(.powerAuthFailed, "the token nonce was used before (replay)") }
        return activation.activationId
    }

    /// A 3.x-shaped view of a 4.0 `X-PowerAuth-Authorization` (activation id, type; no code), for the callers that
    /// read the header before `authenticateSignature` checks it.
    func authorizationHeaderV4(_ request: Request) throws(APIFailure) -> AuthorizationHeader {
        let header: PowerAuthV4.AuthorizationHeader
        do throws(AuthorizationRefusalV4) {
            header = try parsedAuthorizationV4(request)
        } catch {
            throw error.mobileTokenFailure
        }
        return AuthorizationHeader(
            version: .v33, activationId: header.activationId, applicationKey: header.applicationKey,
            nonce: header.nonce, signatureType: Self.signatureType(header.codeType), signature: "")
    }

    /// `X-PowerAuth-Authorization` of 4.0 on a Mobile Token API call: a 4.0 activation, an allowed type, the
    /// look-ahead check over `body` (counters and failed attempts persisted whatever the outcome).
    func authenticateSignatureV4(
        _ request: Request, body: Data, uriId: String, allowed: Set<SignatureType>
    ) throws(APIFailure) -> SignedCaller {
        let codeTypes = Set(
            PowerAuthV4.AuthenticationCode.CodeType.allCases.filter { allowed.contains(Self.signatureType($0)) })
        var type = SignatureType.possession
        do throws(AuthorizationRefusalV4) {
            let id = try signedActivationV4(request, body: body, uriId: uriId, allowed: codeTypes, confirm: false) {
                header, _ in
                type = Self.signatureType(header.codeType)
            }
            return SignedCaller(activationId: id, signatureType: type)
        } catch {
            throw error.mobileTokenFailure
        }
    }

    /// The 4.0 `X-PowerAuth-Authorization` of `request`, parsed.
    func parsedAuthorizationV4(_ request: Request) throws(AuthorizationRefusalV4) -> PowerAuthV4.AuthorizationHeader {
        guard let value = request.header(PowerAuthV4.AuthorizationHeader.name) else {
            throw .headerMissing("no \(PowerAuthV4.AuthorizationHeader.name) header")
        }
        do {
            return try PowerAuthV4.AuthorizationHeader(parsing: value)
        } catch {
            throw .signature(error.reason)
        }
    }

    /// Checks the 4.0 authorization of `request` over `body` in one store transaction (counters and failed
    /// attempts kept whatever the outcome), calls `action` with the verified header, keeps what it changed, and
    /// returns the activation id.
    func signedActivationV4(
        _ request: Request, body: Data, uriId: String, allowed: Set<PowerAuthV4.AuthenticationCode.CodeType>,
        confirm: Bool,
        _ action: (PowerAuthV4.AuthorizationHeader, inout ServerActivation) throws(PowerAuthError) -> Void
    ) throws(AuthorizationRefusalV4) -> String {
        let header = try parsedAuthorizationV4(request)
        let now = clock.nowMillis
        var refusal: AuthorizationRefusalV4?
        do {
            return try store.transaction { (state, changed) throws(APIFailure) -> String in
                func refuse(_ reason: AuthorizationRefusalV4) -> APIFailure {
                    refusal = reason
                    return APIFailure(.powerAuthFailed, "refused")
                }
                guard let index = state.activations.firstIndex(where: { $0.activationId == header.activationId }),
                    state.activations[index].v4 != nil
                else { throw refuse(.signature("unknown 4.0 activation")) }
                var activation = state.activations[index]
                let verdict: ServerActivation.V4Verdict
                do throws(PowerAuthError) {
                    verdict = try activation.verifyV4(
                        header, method: request.method.rawValue, uriId: uriId, body: body, allowed: allowed,
                        confirm: confirm, nowMillis: now)
                } catch {
                    throw refuse(
                        error.code == .factorNotAllowed ? .signatureType(error.reason) : .signature(error.reason))
                }
                if activation != state.activations[index] {
                    state.activations[index] = activation
                    changed = true
                }
                guard case .valid = verdict else {
                    throw refuse(.signature("the 4.0 authentication code does not verify"))
                }
                do throws(PowerAuthError) {
                    try action(header, &activation)
                } catch {
                    throw refuse(.action(error.reason))
                }
                state.activations[index] = activation
                changed = true
                return activation.activationId
            }
        } catch {
            throw refusal ?? .server(error)
        }
    }

    /// The 3.x signature type of a 4.0 code type (the same factors).
    static func signatureType(_ type: PowerAuthV4.AuthenticationCode.CodeType) -> SignatureType {
        switch type {
        case .possession: .possession
        case .possessionKnowledge: .possessionKnowledge
        case .possessionBiometry: .possessionBiometry
        }
    }
}

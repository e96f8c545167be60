/// The `/pa/v3` endpoints of the enrollment server (spec: activation, status, remove, tokens, keystore): paths under
/// the base URL, how each is signed, and the uriIds.
package enum EnrollmentEndpoints {
    /// `POST /pa/v3/keystore/create`: a 3.3 temporary encryption key; unsigned.
    package static let keystoreCreate = Endpoint(.post, "/pa/v3/keystore/create")
    /// `POST /pa/v3/activation/create`: ECIES application scope, `X-PowerAuth-Encryption`; unsigned.
    package static let activationCreate = Endpoint(.post, "/pa/v3/activation/create")
    /// `POST /pa/v3/activation/status`: plain, unsigned.
    package static let activationStatus = Endpoint(.post, "/pa/v3/activation/status")

    /// `POST /pa/v3/activation/remove`, signed with uriId `/pa/activation/remove` (2FA only).
    package static func activationRemove(factor: Endpoint.FactorCombination) -> Endpoint {
        Endpoint(.post, "/pa/v3/activation/remove", kind: .signed(uriId: "/pa/activation/remove", factor: factor))
    }

    /// `POST /pa/v3/token/create`, signed with uriId `/pa/token/create` over the encrypted body.
    package static func tokenCreate(factor: Endpoint.FactorCombination) -> Endpoint {
        Endpoint(.post, "/pa/v3/token/create", kind: .signed(uriId: "/pa/token/create", factor: factor))
    }

    /// `POST /pa/v3/token/remove`, signed with uriId `/pa/token/remove`.
    package static func tokenRemove(factor: Endpoint.FactorCombination) -> Endpoint {
        Endpoint(.post, "/pa/v3/token/remove", kind: .signed(uriId: "/pa/token/remove", factor: factor))
    }
}

/// The Mobile Token API endpoints (spec §6.3): paths under the base URL, auth kind, uriIds.
public enum MobileTokenEndpoints {
    /// The token used by list, detail and claim.
    public static let tokenName = "possession_universal"

    /// `POST /api/auth/token/app/operation/list`, token.
    public static let list = Endpoint(
        .post, "/api/auth/token/app/operation/list", kind: .tokenSigned(tokenName: tokenName))
    /// `POST /api/auth/token/app/operation/detail`, token.
    public static let detail = Endpoint(
        .post, "/api/auth/token/app/operation/detail", kind: .tokenSigned(tokenName: tokenName))
    /// `POST /api/auth/token/app/operation/detail/claim`, token.
    public static let claim = Endpoint(
        .post, "/api/auth/token/app/operation/detail/claim", kind: .tokenSigned(tokenName: tokenName))

    /// `POST /api/auth/token/app/operation/history`, signature with uriId `/operation/history`.
    public static func history(factor: Endpoint.SignatureFactor) -> Endpoint {
        Endpoint(
            .post, "/api/auth/token/app/operation/history", kind: .signed(uriId: "/operation/history", factor: factor))
    }

    /// `POST /api/auth/token/app/operation/authorize`, signature with uriId `/operation/authorize`.
    public static func authorize(factor: Endpoint.SignatureFactor) -> Endpoint {
        Endpoint(
            .post, "/api/auth/token/app/operation/authorize",
            kind: .signed(uriId: "/operation/authorize", factor: factor))
    }

    /// `POST /api/auth/token/app/operation/cancel`, possession signature with uriId `/operation/cancel`.
    public static let reject = Endpoint(
        .post, "/api/auth/token/app/operation/cancel", kind: .signed(uriId: "/operation/cancel", factor: .possession))
}

import MobileTokenAPI

/// The Mobile Token API endpoints (spec §6.3): paths under the base URL, auth kind, uriIds.
package enum MobileTokenEndpoints {
    /// The token used by list, detail and claim.
    package static let tokenName = "possession_universal"

    /// `POST /api/auth/token/app/operation/list`, token.
    package static let list = Endpoint(
        .post, EndpointPaths.MobileToken.operationList, kind: .tokenSigned(tokenName: tokenName))
    /// `POST /api/auth/token/app/operation/detail`, token.
    package static let detail = Endpoint(
        .post, EndpointPaths.MobileToken.operationDetail, kind: .tokenSigned(tokenName: tokenName))
    /// `POST /api/auth/token/app/operation/detail/claim`, token.
    package static let claim = Endpoint(
        .post, EndpointPaths.MobileToken.operationClaim, kind: .tokenSigned(tokenName: tokenName))

    /// `POST /api/auth/token/app/operation/history`, signature with uriId `/operation/history`.
    package static func history(factor: Endpoint.FactorCombination) -> Endpoint {
        Endpoint(
            .post, EndpointPaths.MobileToken.operationHistory,
            kind: .signed(uriId: EndpointPaths.MobileToken.historyURIId, factor: factor))
    }

    /// `POST /api/auth/token/app/operation/authorize`, signature with uriId `/operation/authorize`.
    package static func authorize(factor: Endpoint.FactorCombination) -> Endpoint {
        Endpoint(
            .post, EndpointPaths.MobileToken.operationAuthorize,
            kind: .signed(uriId: EndpointPaths.MobileToken.authorizeURIId, factor: factor))
    }

    /// `POST /api/auth/token/app/operation/cancel`, possession signature with uriId `/operation/cancel`.
    package static let reject = Endpoint(
        .post, EndpointPaths.MobileToken.operationCancel,
        kind: .signed(uriId: EndpointPaths.MobileToken.cancelURIId, factor: .possession))

    /// `POST /api/inbox/count`, token.
    package static let inboxCount = Endpoint(
        .post, EndpointPaths.MobileToken.inboxCount, kind: .tokenSigned(tokenName: tokenName))
    /// `POST /api/inbox/message/list`, token.
    package static let inboxMessageList = Endpoint(
        .post, EndpointPaths.MobileToken.inboxMessageList, kind: .tokenSigned(tokenName: tokenName))
    /// `POST /api/inbox/message/detail`, token.
    package static let inboxMessageDetail = Endpoint(
        .post, EndpointPaths.MobileToken.inboxMessageDetail, kind: .tokenSigned(tokenName: tokenName))
    /// `POST /api/inbox/message/read`, token.
    package static let inboxMessageRead = Endpoint(
        .post, EndpointPaths.MobileToken.inboxMessageRead, kind: .tokenSigned(tokenName: tokenName))
    /// `POST /api/inbox/message/read-all`, token.
    package static let inboxMessageReadAll = Endpoint(
        .post, EndpointPaths.MobileToken.inboxMessageReadAll, kind: .tokenSigned(tokenName: tokenName))
    /// `POST /api/push/device/register/token`, token (what the SDKs call).
    package static let pushRegisterToken = Endpoint(
        .post, EndpointPaths.MobileToken.pushRegisterToken, kind: .tokenSigned(tokenName: tokenName))
    /// `POST /api/push/device/register`, possession signature with uriId `/push/device/register` (older SDKs).
    package static let pushRegisterSigned = Endpoint(
        .post, EndpointPaths.MobileToken.pushRegister,
        kind: .signed(uriId: EndpointPaths.MobileToken.pushRegisterURIId, factor: .possession))

    /// `POST /api/activation/code`, 2FA signature with uriId `/api/activation/code`, activation-scope encryption.
    package static func activationCode(factor: Endpoint.FactorCombination) -> Endpoint {
        Endpoint(
            .post, EndpointPaths.MobileToken.activationCode,
            kind: .signed(uriId: EndpointPaths.MobileToken.activationCodeURIId, factor: factor),
            encryption: .activationScope)
    }
}

import HTTPTypes
import MobileTokenAPI
package import OfflineOperations

/// The Mobile Token API endpoints (spec §6.3): paths under the base URL, auth kind, uriIds.
package enum MobileTokenEndpoints {
    /// The token used by list, detail and claim.
    package static let tokenName = "possession_universal"

    /// A `POST` to `path` signed with the `possession_universal` token.
    private static func tokenSigned(_ path: String) -> Endpoint {
        Endpoint(.post, path, kind: .tokenSigned(tokenName: tokenName))
    }

    /// A `POST` to `path` signed with a PowerAuth signature of `factor` over `uriId`.
    private static func signed(
        _ path: String, uriId: String, factor: SignatureType, encryption: Endpoint.Encryption? = nil
    ) -> Endpoint {
        Endpoint(.post, path, kind: .signed(uriId: uriId, factor: factor), encryption: encryption)
    }

    /// `POST /api/auth/token/app/operation/list`, token.
    package static let list = tokenSigned(EndpointPaths.MobileToken.operationList)
    /// `POST /api/auth/token/app/operation/detail`, token.
    package static let detail = tokenSigned(EndpointPaths.MobileToken.operationDetail)
    /// `POST /api/auth/token/app/operation/detail/claim`, token.
    package static let claim = tokenSigned(EndpointPaths.MobileToken.operationClaim)

    /// `POST /api/auth/token/app/operation/history`, signature with uriId `/operation/history`.
    package static func history(factor: SignatureType) -> Endpoint {
        signed(
            EndpointPaths.MobileToken.operationHistory, uriId: EndpointPaths.MobileToken.historyURIId, factor: factor)
    }

    /// `POST /api/auth/token/app/operation/authorize`, signature with uriId `/operation/authorize`.
    package static func authorize(factor: SignatureType) -> Endpoint {
        signed(
            EndpointPaths.MobileToken.operationAuthorize, uriId: EndpointPaths.MobileToken.authorizeURIId,
            factor: factor)
    }

    /// `POST /api/auth/token/app/operation/cancel`, possession signature with uriId `/operation/cancel`.
    package static let reject = signed(
        EndpointPaths.MobileToken.operationCancel, uriId: EndpointPaths.MobileToken.cancelURIId, factor: .possession)

    /// `POST /api/inbox/count`, token.
    package static let inboxCount = tokenSigned(EndpointPaths.MobileToken.inboxCount)
    /// `POST /api/inbox/message/list`, token.
    package static let inboxMessageList = tokenSigned(EndpointPaths.MobileToken.inboxMessageList)
    /// `POST /api/inbox/message/detail`, token.
    package static let inboxMessageDetail = tokenSigned(EndpointPaths.MobileToken.inboxMessageDetail)
    /// `POST /api/inbox/message/read`, token.
    package static let inboxMessageRead = tokenSigned(EndpointPaths.MobileToken.inboxMessageRead)
    /// `POST /api/inbox/message/read-all`, token.
    package static let inboxMessageReadAll = tokenSigned(EndpointPaths.MobileToken.inboxMessageReadAll)
    /// `POST /api/push/device/register/token`, token (what the SDKs call).
    package static let pushRegisterToken = tokenSigned(EndpointPaths.MobileToken.pushRegisterToken)
    /// `POST /api/push/device/register`, possession signature with uriId `/push/device/register` (older SDKs).
    package static let pushRegisterSigned = signed(
        EndpointPaths.MobileToken.pushRegister, uriId: EndpointPaths.MobileToken.pushRegisterURIId, factor: .possession)

    /// `POST /api/activation/code`, 2FA signature with uriId `/api/activation/code`, activation-scope encryption.
    package static func activationCode(factor: SignatureType) -> Endpoint {
        signed(
            EndpointPaths.MobileToken.activationCode, uriId: EndpointPaths.MobileToken.activationCodeURIId,
            factor: factor, encryption: .activationScope)
    }
}

import HTTPTypes
import MobileTokenAPI
package import OfflineOperations
import PowerAuth

/// The `/pa/v3` endpoints of the enrollment server (spec: activation, status, remove, tokens, keystore): paths under
/// the base URL, how each is signed, and the uriIds.
package enum EnrollmentEndpoints {
    /// `POST /pa/v3/keystore/create`: a 3.3 temporary encryption key; unsigned.
    package static let keystoreCreate = Endpoint(.post, EndpointPaths.PowerAuth.v3.keystoreCreate)
    /// `POST /pa/v3/activation/create`: ECIES application scope, `X-PowerAuth-Encryption`; unsigned.
    package static let activationCreate = Endpoint(.post, EndpointPaths.PowerAuth.v3.activationCreate)
    /// `POST /pa/v3/activation/status`: plain, unsigned.
    package static let activationStatus = Endpoint(.post, EndpointPaths.PowerAuth.v3.activationStatus)

    /// `POST /pa/v3/activation/remove`, signed with uriId `/pa/activation/remove` (2FA only).
    package static func activationRemove(factor: SignatureType) -> Endpoint {
        Endpoint(
            .post, EndpointPaths.PowerAuth.v3.activationRemove,
            kind: .signed(uriId: EndpointPaths.PowerAuth.activationRemoveURIId, factor: factor))
    }

    /// `POST /pa/v3/token/create`, signed with uriId `/pa/token/create` over the encrypted body.
    package static func tokenCreate(factor: SignatureType) -> Endpoint {
        Endpoint(
            .post, EndpointPaths.PowerAuth.v3.tokenCreate, kind: .signed(uriId: DeviceTokenFlow.uriId, factor: factor))
    }

    /// `POST /pa/v3/token/remove`, signed with uriId `/pa/token/remove`.
    package static func tokenRemove(factor: SignatureType) -> Endpoint {
        Endpoint(
            .post, EndpointPaths.PowerAuth.v3.tokenRemove,
            kind: .signed(uriId: EndpointPaths.PowerAuth.tokenRemoveURIId, factor: factor))
    }
}

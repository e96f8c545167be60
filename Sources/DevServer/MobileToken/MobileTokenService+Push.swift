import FoundationEssentials
import Hummingbird
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import QRAuthEncoding

extension MobileTokenService {
    /// The longest push token the emulated push server accepts.
    static let maximumPushTokenLength = 4096

    /// `push/device/register/token` (token) and `push/device/register` (possession signature, uriId
    /// `/push/device/register`): stores the activation's push token, replacing an earlier one. An empty token is
    /// `INVALID_REQUEST`; a token the push services would refuse (longer than 4096 characters, or with whitespace
    /// or control characters) is `PUSH_REGISTRATION_FAILED`; an activation that is not ACTIVE is
    /// `INVALID_ACTIVATION`.
    func registerPush(
        _ request: Request, _ context: DevServerContext, signed: Bool
    ) async throws(APIFailure) -> Response {
        let activationId: String
        if signed {
            let header = try authentication.authorizationHeader(request)
            activationId = try authentication.authenticateSignature(
                request, body: context.body, header: header, uriId: EndpointPaths.MobileToken.pushRegisterURIId,
                allowed: ServerSignatureAuthentication.anyPossessionFactor
            ).activationId
        } else {
            activationId = try authentication.authenticateToken(request)
        }
        let body = try await context.requestObject(request, as: PushRegistration.self)
        guard !body.token.isEmpty else { throw APIFailure(.invalidRequest, "requestObject.token is empty") }
        guard body.token.count <= Self.maximumPushTokenLength,
            !body.token.unicodeScalars.contains(where: {
                $0.isFoundationWhitespaceOrNewline || $0.isFoundationControl
            })
        else {
            throw APIFailure(
                .pushRegistrationFailed,
                "the push service refuses the token (at most \(Self.maximumPushTokenLength) characters, no spaces)")
        }
        let now = clock.now
        try store.transaction { (state, changed) throws(APIFailure) in
            guard let activation = state.activations.first(where: { $0.activationId == activationId }),
                activation.counters.status == .active
            else {
                throw APIFailure(.invalidActivation, "the activation is not active")
            }
            state.register(
                PushRegistrationRecord(
                    activationId: activationId, userId: DevServerState.inboxUser(of: activation),
                    platform: body.platform, token: body.token, environment: body.environment,
                    authentication: signed ? "signature" : "token", registered: now))
            changed = true
        }
        return Envelope.okEmpty()
    }
}

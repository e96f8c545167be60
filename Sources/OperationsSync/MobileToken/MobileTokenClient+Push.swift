public import MobileTokenAPI

extension MobileTokenClient {
    /// How a push registration is authenticated.
    public enum PushRegistrationAuthentication: String, Sendable, Hashable, CaseIterable {
        /// `X-PowerAuth-Token` on `/api/push/device/register/token` (what the SDKs call).
        case token
        /// A possession signature on `/api/push/device/register` (older SDKs).
        case signature
    }

    /// Registers the device's push token (`push/device/register/token` with the token, or the signed
    /// `push/device/register`). The server refuses with `PUSH_REGISTRATION_FAILED`, `INVALID_REQUEST`,
    /// `INVALID_ACTIVATION` or `POWERAUTH_AUTH_FAIL`.
    public func registerPush(
        _ registration: PushRegistration, authentication: PushRegistrationAuthentication = .token
    ) async throws(MobileTokenError) {
        let endpoint =
            authentication == .token ? MobileTokenEndpoints.pushRegisterToken : MobileTokenEndpoints.pushRegisterSigned
        let _: EmptyPayload = try await send(endpoint, requestObject: registration)
    }
}

public import MobileTokenAPI

extension MobileTokenClient {
    /// Activation spawn: asks the server for a new activation code that a second device of the same user (for
    /// `request.applicationId`) activates with, presenting `request.otp` (`/api/activation/code`, 2FA signature,
    /// activation-scope encryption: the configuration needs an `encryptor`).
    public func activationCode(
        _ request: ActivationCodeRequest, authentication: MobileTokenAuthentication
    ) async throws(MobileTokenError) -> ActivationCodeResponse {
        let factor = try Self.twoFactor(authentication, for: "an activation code")
        // The encrypted payloads are whole envelopes: `{"requestObject":…}` in, `{"status","responseObject"}` out.
        let endpoint = MobileTokenEndpoints.activationCode(factor: factor)
        let envelope = try await send(
            endpoint, requestObject: RequestEnvelope(requestObject: request),
            expecting: ResponseEnvelope<ActivationCodeResponse>.self, authentication: authentication)
        switch envelope.outcome {
        case .ok(let response):
            return response
        case .error(let body):
            throw MobileTokenError(
                MobileTokenError.code(forServerCode: body.code),
                "\(endpoint.path) failed: \(body.code): \(body.message.prefix(300))", serverCode: body.code,
                serverMessage: body.message)
        }
    }
}

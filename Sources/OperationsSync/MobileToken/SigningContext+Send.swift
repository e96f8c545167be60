extension SigningContext {
    /// Why `send` failed: the signer's own typed failure when signing failed, else the transport's error.
    enum SendFailure: Error {
        /// The request signer refused (wrong password, missing factor key, counter not saved); nothing was sent.
        case signer(MobileTokenError)
        /// The HTTP client failed (or failed to sign without saying why).
        case transport(HTTPClientError)
    }

    /// Sends `request` over `http` with a fresh context for `authentication` bound for the request signer: the one
    /// signed exchange of the Mobile Token and enrollment clients.
    static func send(
        _ request: HTTPRequest, over http: any HTTPClient, authentication: MobileTokenAuthentication
    ) async -> Result<HTTPResponse, SendFailure> {
        let context = SigningContext(authentication: authentication)
        let outcome: Result<HTTPResponse, HTTPClientError> = await $current.withValue(context) {
            do {
                return .success(try await http.send(request))
            } catch let error as HTTPClientError {
                return .failure(error)
            } catch {
                return .failure(HTTPClientError(.network, "the request failed"))
            }
        }
        return outcome.mapError { error in
            if error.code == .signingFailed, let failure = context.failure { return .signer(failure) }
            return .transport(error)
        }
    }
}

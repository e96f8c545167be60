/// The one exchange of the Mobile Token, enrollment and back-office clients: the call's authentication goes with
/// the request (`HTTPExchange.Request.signing`) to the HTTP client's signer, and a typed signer failure comes back as such.
enum SignedExchange {
    /// Why `send` failed: the signer's own typed failure when signing failed, else the transport's error.
    enum Failure: Error {
        /// The request signer refused (wrong password, missing factor key, counter not saved); nothing was sent.
        case signer(MobileTokenError)
        /// The HTTP client failed (or failed to sign without saying why).
        case transport(HTTPClientError)
    }

    /// Sends `request` over `http`; a signed or token-signed one carries `authentication` for the request signer
    /// (nil: the request's kind is `basic`, nothing is signed).
    static func send(
        _ request: HTTPExchange.Request, over http: any HTTPClient, authentication: MobileTokenAuthentication?
    ) async -> Result<HTTPExchange.Response, Failure> {
        var request = request
        let context = authentication.map(SigningContext.init(authentication:))
        request.signing = context
        do {
            return .success(try await http.send(request))
        } catch {
            if error.code == .signingFailed, let failure = context?.failure { return .failure(.signer(failure)) }
            return .failure(.transport(error))
        }
    }
}

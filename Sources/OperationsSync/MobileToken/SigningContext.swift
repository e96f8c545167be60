import NIOConcurrencyHelpers

/// The authentication of one signed call, handed explicitly from the API client (`MobileTokenClient`,
/// `EnrollmentClient`) through the request (`HTTPExchange.Request.signing`) and the HTTP client to its request signer
/// (`RequestSigningInput.signing`), with a slot where the signer leaves its typed failure.
public final class SigningContext: Sendable {
    /// The authentication of this call.
    public let authentication: MobileTokenAuthentication
    // A lock-protected box: the signer writes, the client reads after the request failed.
    private let failureBox = NIOLockedValueBox<MobileTokenError?>(nil)

    /// Makes a context.
    public init(authentication: MobileTokenAuthentication) {
        self.authentication = authentication
    }

    /// The password of a `.password` authentication.
    public var password: String? {
        if case .password(let password) = authentication { return password }
        return nil
    }

    /// Records why signing failed (the client rethrows it instead of a generic signing error).
    public func recordFailure(_ error: MobileTokenError) {
        failureBox.withLockedValue { $0 = error }
    }

    /// The recorded failure.
    public var failure: MobileTokenError? { failureBox.withLockedValue { $0 } }
}

public import QRAuthEncoding

/// A screen shown after the approval: a review, a merchant redirect or a generic payload.
public struct PostApprovalScreen: Sendable, Hashable {
    /// What the screen carries.
    public enum Payload: Sendable, Hashable {
        /// `REVIEW`: attributes to review (empty when any failed to decode).
        case review(attributes: [OperationAttribute])
        /// `MERCHANT_REDIRECT`: a redirect with a countdown in seconds.
        case merchantRedirect(text: String, url: String, countdown: Int)
        /// `GENERIC`: any JSON.
        case generic(JSONValue)
    }

    /// The heading.
    public var heading: String
    /// The message.
    public var message: String
    /// The typed payload.
    public var payload: Payload

    /// Makes a screen.
    public init(heading: String, message: String, payload: Payload) {
        self.heading = heading
        self.message = message
        self.payload = payload
    }

    /// `REVIEW`, `MERCHANT_REDIRECT` or `GENERIC`.
    public var typeName: String {
        switch payload {
        case .review: "REVIEW"
        case .merchantRedirect: "MERCHANT_REDIRECT"
        case .generic: "GENERIC"
        }
    }
}

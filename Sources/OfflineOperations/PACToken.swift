/// A parsed Proximity Anti-fraud Check payload: the operation to claim and its proximity TOTP.
public struct PACToken: Equatable, Hashable, Sendable {
    /// How the payload carried the operation.
    public enum Form: String, Equatable, Hashable, Sendable {
        /// A deeplink with `oid` (and `potp`/`totp`) query items.
        case deeplink
        /// A deeplink whose first query item (e.g. `code=`) holds a JWT.
        case deeplinkJWT
        /// A bare JWT.
        case jwt
    }

    /// The operation id (`oid`); may be empty, as in the SDK.
    public let operationId: String
    /// The proximity TOTP (`potp`, or the older `totp`), nil for an anonymous operation.
    public let totp: String?
    /// How the payload carried the values.
    public let form: Form
    /// The JWT, for the JWT forms: its parts are views of the original text; never verified.
    public let jwt: PACJWT?

    /// Makes a token from its parts.
    public init(operationId: String, totp: String?, form: Form, jwt: PACJWT? = nil) {
        self.operationId = operationId
        self.totp = totp
        self.form = form
        self.jwt = jwt
    }
}

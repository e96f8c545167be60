import FoundationEssentials

/// HTTP Basic credentials of a `restrictAccess` PowerAuth server (an integration's name and secret).
///
/// The description never shows the password; the header it makes is redacted by the HTTP logger.
public struct BackOfficeCredentials: Sendable, Hashable, CustomStringConvertible {
    /// The user (integration) name.
    public let user: String
    let password: String

    /// Makes credentials; a user name with `:` cannot be sent in Basic and is refused.
    public init(user: String, password: String) throws(BackOfficeError) {
        guard !user.contains(":") else {
            throw BackOfficeError(.invalidRequest, "a Basic user name cannot contain ':'")
        }
        self.user = user
        self.password = password
    }

    /// The `Authorization` header value: `Basic base64(user:password)`.
    var authorization: String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// `user (password hidden)`.
    public var description: String { "\(user) (password hidden)" }
}

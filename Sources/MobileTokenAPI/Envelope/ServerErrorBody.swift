/// The `responseObject` of an error envelope: `{code, message}`, plus `localizedMessage` from the back-office API.
package struct ServerErrorBody: Codable, Sendable, Hashable {
    /// The error code (`ServerErrorCode` / `BackOfficeErrorCode` raw values, or one this package does not know).
    package let code: String
    /// The server's message.
    package let message: String
    /// The back-office API's localised message; nil elsewhere.
    package let localizedMessage: String?

    /// Makes a body.
    package init(code: String, message: String, localizedMessage: String? = nil) {
        self.code = code
        self.message = message
        self.localizedMessage = localizedMessage
    }
}

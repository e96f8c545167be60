/// The `responseObject` of an error envelope: `{code, message}`.
package struct ServerErrorBody: Codable, Sendable {
    /// The error code (`ServerErrorCode` raw values, or one this package does not know).
    package let code: String
    /// The server's message.
    package let message: String

    /// Makes a body.
    package init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

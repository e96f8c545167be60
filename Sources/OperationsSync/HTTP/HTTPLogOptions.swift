/// Logging of the client: the level, the per-message character limit and extra names to redact.
public struct HTTPLogOptions: Sendable, Hashable {
    /// How much is logged.
    public var level: HTTPLogLevel
    /// The most characters one message may have before it is cut (a marker says how many were dropped).
    public var messageLimit: Int
    /// Extra header, query, form and JSON field names whose values are replaced by `<redacted>`.
    ///
    /// Matched case-insensitively, ignoring `-` and `_`. The built-in list covers passwords, keys, secrets,
    /// tokens, and the `Authorization`, `Cookie`, `X-PowerAuth-Authorization` and `X-PowerAuth-Token` headers.
    public var redactedNames: Set<String>

    /// Makes options; the defaults log warnings and errors, 12 000 characters per message.
    public init(level: HTTPLogLevel = .warnings, messageLimit: Int = 12_000, redactedNames: Set<String> = []) {
        self.level = level
        self.messageLimit = messageLimit
        self.redactedNames = redactedNames
    }
}

public import QRAuthEncoding

/// A configuration, state-file or start-up problem of the development server; `code` is stable.
public struct DevServerError: QRAuthError {
    /// Stable, machine-readable cases.
    public enum Code: String, Sendable {
        /// The options contradict each other or a value is out of range.
        case configuration = "serve.configuration"
        /// A state, activation, list, key or certificate file cannot be read or is malformed.
        case file = "serve.file"
        /// The state file cannot be written.
        case persistence = "serve.persistence"
        /// The listener could not be started (address in use, TLS set-up).
        case startup = "serve.startup"
        /// A certificate could not be issued.
        case certificate = "serve.certificate"
    }

    /// The stable case.
    public let code: Code
    /// One human sentence naming what is wrong.
    public let reason: String

    /// Makes an error with a code and a human reason.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

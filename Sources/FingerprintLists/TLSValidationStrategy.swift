/// How the store's own download of the list validates the server's TLS certificate.
public enum TLSValidationStrategy: String, Sendable, Codable {
    /// The system's standard chain and host-name validation.
    case `default`
    /// No validation at all (development servers only; the list's signature still protects it).
    case noValidation
}

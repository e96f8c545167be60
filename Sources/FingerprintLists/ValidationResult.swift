/// The store's answer for a server certificate.
public enum ValidationResult: String, Sendable, Codable {
    /// A non-expired entry for the common name has this fingerprint.
    case trusted
    /// Entries for the name exist but none matches, or the name is not expected.
    case untrusted
    /// The store holds nothing usable for this name: update now. Treat it like untrusted.
    case empty
}

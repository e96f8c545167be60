/// One problem the linter found in a list.
public struct LintFinding: Sendable, Equatable, Codable {
    /// Whether the finding should fail a release.
    public enum Severity: String, Sendable, Codable {
        /// Fails the gate.
        case error
        /// Reported; does not fail the gate.
        case warning
    }

    /// What kind of problem (stable strings for scripts).
    public enum Kind: String, Sendable, Codable {
        /// `expires` is in the past.
        case expired
        /// `expires` falls within the warning window.
        case expiringSoon = "expiring-soon"
        /// The same name and fingerprint appear more than once.
        case duplicate
        /// The entry's fingerprint is a given certificate's, but its name is not that certificate's CN.
        case nameMismatch = "name-mismatch"
        /// The entry's name is a given certificate's CN, but its fingerprint matches no given certificate.
        case fingerprintMismatch = "fingerprint-mismatch"
        /// A given certificate has no entry.
        case certificateNotPinned = "certificate-not-pinned"
        /// A field no signature covers (`depth`, `domainsConfig`).
        case forbiddenField = "forbidden-field"
        /// A field a static list does not use (`timestamp`, `verifyVersionResult`, unknown keys).
        case unexpectedField = "unexpected-field"
        /// `expires` looks like milliseconds.
        case millisecondExpiry = "millisecond-expiry"
        /// `expires` is fractional, negative or not a number.
        case nonIntegerExpiry = "non-integer-expiry"
        /// The entry is malformed otherwise (missing field, bad Base64, 64-byte raw signature...).
        case invalidEntry = "invalid-entry"
        /// The name has characters outside `[A-Za-z0-9.*-]`.
        case unsafeName = "unsafe-name"
    }

    /// Error or warning.
    public let severity: Severity
    /// The kind of problem.
    public let kind: Kind
    /// The entry's index in `fingerprints`, or nil for the whole list.
    public let index: Int?
    /// One human sentence.
    public let message: String

    /// Makes a finding.
    public init(_ severity: Severity, _ kind: Kind, index: Int?, _ message: String) {
        self.severity = severity
        self.kind = kind
        self.index = index
        self.message = message
    }
}

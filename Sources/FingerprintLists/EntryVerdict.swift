/// What a verifier concluded about one entry of a list.
public struct EntryVerdict: Sendable, Equatable {
    /// The signature check.
    public enum Signature: String, Sendable, Codable {
        /// The DER signature verifies over `name&fingerprint&expires`.
        case valid
        /// It does not (wrong key, wrong field order, altered field...).
        case invalid
        /// The entry carries none.
        case missing
    }

    /// The expiry check.
    public enum Expiry: String, Sendable, Codable {
        /// Valid beyond the warning window.
        case valid
        /// Still valid, but expires within the window.
        case expiringSoon = "expiring-soon"
        /// `expires < now`.
        case expired
    }

    /// The entry's position in the list.
    public let index: Int
    /// The entry.
    public let entry: FingerprintEntry
    /// The signature verdict.
    public let signature: Signature
    /// The expiry verdict.
    public let expiry: Expiry

    /// Makes a verdict.
    public init(index: Int, entry: FingerprintEntry, signature: Signature, expiry: Expiry) {
        self.index = index
        self.entry = entry
        self.signature = signature
        self.expiry = expiry
    }
}

public import FingerprintLists

/// What `/app/init` serves: the fingerprint entries and the key that signs `challenge&body`.
public struct PinningConfiguration: Sendable {
    /// The entries served (their per-entry signatures are dropped, as MUS does).
    public var entries: [FingerprintEntry]
    /// The challenge-signing key.
    public var signingKey: PinningSigningKey
    /// The only `appName` answered; nil answers any name.
    public var appName: String?

    /// Makes a configuration.
    public init(entries: [FingerprintEntry], signingKey: PinningSigningKey, appName: String? = nil) {
        self.entries = entries.map {
            FingerprintEntry(name: $0.name, fingerprint: $0.fingerprint, expires: $0.expires, depth: $0.depth)
        }
        self.signingKey = signingKey
        self.appName = appName
    }
}

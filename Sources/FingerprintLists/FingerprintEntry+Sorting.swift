extension FingerprintEntry {
    /// The clients' order: common name ascending, then the latest expiry first (as the SDKs sort before validating);
    /// fingerprint bytes break the remaining ties so the order is deterministic.
    public static func clientOrder(_ lhs: FingerprintEntry, _ rhs: FingerprintEntry) -> Bool {
        if lhs.name != rhs.name { return lhs.name < rhs.name }
        if lhs.expires != rhs.expires { return lhs.expires > rhs.expires }
        if lhs.chainDepth != rhs.chainDepth { return lhs.chainDepth < rhs.chainDepth }
        return lhs.fingerprint.lexicographicallyPrecedes(rhs.fingerprint)
    }

    /// Equality as the clients see it (name, fingerprint, expiry, depth); the signature does not count.
    func isSamePin(as other: FingerprintEntry) -> Bool {
        name == other.name && fingerprint == other.fingerprint && expires == other.expires
            && chainDepth == other.chainDepth
    }
}

public import FoundationEssentials
public import QRAuthCrypto

extension CertStore {
    /// Validates a certificate given by its common name and SHA-256 fingerprint (depth 0 pins).
    public func validate(commonName: String, fingerprint: Data, depth: Int = 0) -> ValidationResult {
        evaluate(commonName: commonName) { entry in
            entry.chainDepth == depth ? entry.fingerprint == fingerprint : nil
        }
    }

    /// Validates a leaf certificate: its subject CN and the SHA-256 of its DER.
    public func validate(commonName: String, certificate: X509Certificate) -> ValidationResult {
        validate(commonName: commonName, fingerprint: certificate.fingerprintSHA256)
    }

    /// Validates a presented chain (leaf first): the leaf CN selects entries; each entry is
    /// compared with the chain certificate at its depth; entries deeper than the chain are skipped.
    public func validate(chain: [X509Certificate]) -> ValidationResult {
        guard let leaf = chain.first, let commonName = leaf.subjectCommonName else { return .untrusted }
        return evaluate(commonName: commonName) { entry in
            let depth = entry.chainDepth
            guard depth < chain.count else { return nil }
            return chain[depth].fingerprintSHA256 == entry.fingerprint
        }
    }

    /// The SDKs' validation rules. `match` answers nil when an entry does not apply, else whether it matches.
    private func evaluate(commonName: String, match: (FingerprintEntry) -> Bool?) -> ValidationResult {
        loadIfNeeded()
        let now = clock()
        if let expected = configuration.expectedCommonNames, !expected.contains(commonName) {
            return .untrusted
        }
        if let domains = cache?.domainsConfig, !domains.isPinningRequired(for: commonName) {
            return .trusted
        }
        let entries = (cache?.entries ?? []) + configuration.fallbackCertificates
        guard !entries.isEmpty else { return .empty }
        var attempts = 0
        for entry in entries where !entry.isExpired(at: now) && entry.name == commonName {
            guard let matched = match(entry) else { continue }
            if matched { return .trusted }
            attempts += 1
        }
        return attempts > 0 ? .untrusted : .empty
    }
}

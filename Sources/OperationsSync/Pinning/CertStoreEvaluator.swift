public import FingerprintLists
import QRAuthCrypto

/// Certificate pinning with a `CertStore`: the leaf's common name and SHA-256 fingerprint must be `trusted`;
/// `untrusted` and `empty` abort the handshake, before any request byte is sent.
///
/// With `updateWhenEmpty` an `empty` answer triggers one blocking store update and a second look.
public struct CertStoreEvaluator: PeerCertificateEvaluator {
    /// The store.
    public let store: CertStore
    /// Update the store once when it has nothing for the name.
    public let updateWhenEmpty: Bool

    /// Makes an evaluator.
    public init(store: CertStore, updateWhenEmpty: Bool = false) {
        self.store = store
        self.updateWhenEmpty = updateWhenEmpty
    }

    /// Trusts only what the store calls trusted.
    public func evaluate(_ certificate: PeerCertificate) async -> PeerTrustDecision {
        let leaf: X509Certificate
        do {
            leaf = try X509Certificate(derRepresentation: certificate.derRepresentation)
        } catch {
            return .deny(reason: "the certificate of \(certificate.host) cannot be read")
        }
        guard let commonName = leaf.subjectCommonName else {
            return .deny(reason: "the certificate of \(certificate.host) has no common name")
        }
        var result = await store.validate(commonName: commonName, certificate: leaf)
        if result == .empty, updateWhenEmpty {
            _ = await store.update(mode: .forced)
            result = await store.validate(commonName: commonName, certificate: leaf)
        }
        switch result {
        case .trusted:
            return .trust
        case .untrusted:
            return .deny(reason: "the certificate of \(commonName) is not in the fingerprint list")
        case .empty:
            return .deny(reason: "the fingerprint list has no valid entry for \(commonName)")
        }
    }
}

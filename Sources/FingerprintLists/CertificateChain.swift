public import FoundationEssentials
public import QRAuthCrypto

/// Certificates read from a file (PEM, one or many; or one DER) or fetched from a TLS server
/// (`OperationsSync.TLSCertificateFetcher`), leaf first.
public struct CertificateChain: Sendable, Equatable {
    /// The certificates, leaf first.
    public let certificates: [X509Certificate]

    /// Wraps certificates (leaf first); at least one.
    public init(_ certificates: [X509Certificate]) throws(FingerprintListError) {
        guard !certificates.isEmpty else {
            throw FingerprintListError(.invalidCertificate, "no certificate was given")
        }
        self.certificates = certificates
    }

    /// Parses PEM (every CERTIFICATE block, in order) or a single DER certificate.
    public init(data: Data, source: String = "the certificate") throws(FingerprintListError) {
        do {
            if let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN") {
                certificates = try X509Certificate.chain(pemRepresentation: text)
            } else {
                certificates = [try X509Certificate(derRepresentation: data)]
            }
        } catch {
            throw FingerprintListError(.invalidCertificate, "\(source): \(error.reason)")
        }
    }

    /// The leaf (depth 0).
    public var leaf: X509Certificate { certificates[0] }

    /// The certificate at `depth` (0 = leaf).
    public func certificate(atDepth depth: Int) throws(FingerprintListError) -> X509Certificate {
        guard depth >= 0, depth < certificates.count else {
            throw FingerprintListError(
                .invalidCertificate, "depth \(depth) is beyond the chain of \(certificates.count) certificate(s)")
        }
        return certificates[depth]
    }

    /// An unsigned entry for the certificate at `depth`: `name` defaults to the **leaf** CN (the
    /// clients match the leaf CN even for deeper pins), `expires` to that certificate's notAfter.
    public func entry(
        depth: Int = 0, name: String? = nil, expires: Int64? = nil
    ) throws(FingerprintListError)
        -> FingerprintEntry
    {
        let pinned = try certificate(atDepth: depth)
        guard let commonName = name ?? leaf.subjectCommonName else {
            throw FingerprintListError(
                .invalidCertificate, "the leaf certificate has no subject common name; give a name")
        }
        return FingerprintEntry(
            name: commonName, fingerprint: pinned.fingerprintSHA256, expires: expires ?? pinned.notAfter,
            depth: depth == 0 ? nil : depth)
    }
}

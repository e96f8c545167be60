/// The pinning hook: judges the server's leaf certificate during the TLS handshake.
///
/// It runs after the standard checks passed (chain to a trusted root and hostname, done by OpenSSL through
/// NIOSSL) and before any request byte is sent; `deny` aborts the connection with `pinningDenied`.
public protocol PeerCertificateEvaluator: Sendable {
    /// Trusts or denies the certificate.
    func evaluate(_ certificate: PeerCertificate) async -> PeerTrustDecision
}

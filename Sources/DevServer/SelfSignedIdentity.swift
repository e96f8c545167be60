public import FoundationEssentials
import QRAuthCrypto

/// A test TLS identity for `--self-signed`: a test authority and a leaf for the loopback
/// names it signs, plus the leaf's pin (Base64 SHA-256 of its DER, as fingerprint lists carry it).
/// With `--state` it is kept in the state file and reused while it suits (`suits(host:now:)`), so the CA
/// and the pin stay the same across restarts.
public struct SelfSignedIdentity: Sendable, Equatable, Codable {
    /// The authority certificate (PEM) clients trust.
    public let authorityPEM: String
    /// The leaf certificate chain (leaf, then authority) the server presents.
    public let certificateChainPEM: String
    /// The leaf private key (PKCS#8 PEM).
    public let privateKeyPEM: String
    /// The leaf certificate DER.
    public let leafDER: Data
    /// The leaf's subject common name.
    public let commonName: String
    /// When the leaf expires (Unix seconds).
    public let expires: Int64
    /// The `host` it was issued for (besides `localhost`, `127.0.0.1` and `::1`).
    public let host: String

    /// Whether a server on `host` can keep presenting this identity: issued for the same host, and valid for
    /// at least one more day at `now` (a kept leaf must not expire under a running server).
    public func suits(host: String, now: Date = Date()) -> Bool {
        self.host == host && expires - 86_400 > Int64(now.timeIntervalSince1970)
    }

    /// Base64 SHA-256 of the leaf DER: the pin.
    public var leafPin: String { SHA256Hash.hash(data: leafDER).base64EncodedString() }

    /// Issues an authority and a leaf for `localhost`, `127.0.0.1`, `::1` and `host`, valid `days`.
    public static func make(
        host: String, days: Int = 30, now: Date = Date()
    ) throws(DevServerError) -> SelfSignedIdentity {
        do {
            let authorityKey = NISTP256.Signing.PrivateKey()
            let authority = try X509CertificateIssuer.authority(
                commonName: "qrauth serve test CA", key: authorityKey, days: days, now: now)
            let leafKey = NISTP256.Signing.PrivateKey()
            var dnsNames = ["localhost"]
            var addresses = ["127.0.0.1", "::1"]
            let isAddress =
                host.allSatisfy { $0.isHexDigit || $0 == "." || $0 == ":" }
                && host.contains(where: { $0 == "." || $0 == ":" })
            if isAddress {
                if !addresses.contains(host) { addresses.append(host) }
            } else if !dnsNames.contains(host) {
                dnsNames.append(host)
            }
            let commonName = isAddress ? "localhost" : host
            let leaf = try X509CertificateIssuer.serverCertificate(
                commonName: commonName, dnsNames: dnsNames, ipAddresses: addresses, key: leafKey,
                authority: authority, authorityKey: authorityKey, days: days, now: now)
            let start = Int64(now.timeIntervalSince1970) - 3600
            return SelfSignedIdentity(
                authorityPEM: authority.pemRepresentation,
                certificateChainPEM: leaf.pemRepresentation + authority.pemRepresentation,
                privateKeyPEM: leafKey.pemRepresentation, leafDER: leaf.derRepresentation, commonName: commonName,
                expires: start + Int64(days) * 86_400 + 3600, host: host)
        } catch {
            throw DevServerError(.certificate, "cannot issue the self-signed certificates: \(error.reason)")
        }
    }
}

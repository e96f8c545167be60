internal import COpenSSL
public import FoundationEssentials
import QRAuthEncoding

/// An X.509 certificate, parsed once into plain values (no C handle is kept).
///
/// The fingerprint Wultra's pinning uses is `fingerprintSHA256`: SHA-256 over the whole DER
/// certificate, not over the public key.
public struct X509Certificate: Sendable, Equatable {
    /// The certificate's DER encoding, exactly as parsed.
    public let derRepresentation: Data
    /// SHA-256 of `derRepresentation` (the pinning fingerprint).
    public let fingerprintSHA256: Data
    /// SHA-256 of the SubjectPublicKeyInfo DER (the HPKP-style view; not what Wultra pins).
    public let subjectPublicKeyInfoSHA256: Data
    /// The first subject common name, as UTF-8, or nil when the subject has none.
    public let subjectCommonName: String?
    /// The DNS names of the subjectAltName extension, in order.
    public let subjectAlternativeDNSNames: [String]
    /// notBefore in Unix seconds.
    public let notBefore: Int64
    /// notAfter in Unix seconds.
    public let notAfter: Int64
    /// The SubjectPublicKeyInfo DER.
    public let publicKeyDER: Data

    /// The largest certificate accepted, a bound for hostile input.
    static let maximumLength = 1 << 20

    /// Parses one DER certificate; trailing bytes are refused.
    public init(derRepresentation: some DataProtocol) throws(CryptoError) {
        let bytes = [UInt8](derRepresentation)
        guard !bytes.isEmpty else { throw CryptoError(.malformedDER, "the certificate is empty") }
        guard bytes.count <= Self.maximumLength else {
            throw CryptoError(.malformedDER, "the certificate is larger than \(Self.maximumLength) bytes")
        }
        guard bytes[0] == 0x30 else {
            throw CryptoError(.malformedDER, "the certificate is not DER (it does not start with a SEQUENCE)")
        }
        let handle = try Handle(der: bytes)
        let certificate = try handle.certificate()
        // OpenSSL reads some encodings DER forbids (a BIT STRING's unused bits set, say) and writes them back
        // canonically; a pin is the SHA-256 of the bytes a server sends, so such a certificate is refused rather
        // than fingerprinted as bytes it was not.
        guard certificate.derRepresentation.elementsEqual(bytes) else {
            throw CryptoError(.malformedDER, "the certificate is not canonical DER (it re-encodes to other bytes)")
        }
        self = certificate
    }

    /// Parses the first `CERTIFICATE` block of a PEM text.
    public init(pemRepresentation: String) throws(CryptoError) {
        let chain = try Self.chain(pemRepresentation: pemRepresentation)
        self = chain[0]
    }

    /// Parses every `CERTIFICATE` block of a PEM text, in order (a chain: leaf first).
    public static func chain(pemRepresentation: String) throws(CryptoError) -> [X509Certificate] {
        let blocks: [Data]
        do {
            blocks = try PEMBlock.bodies(in: pemRepresentation, label: "CERTIFICATE")
        } catch {
            throw CryptoError(.malformedPEM, error.reason)
        }
        guard !blocks.isEmpty else {
            throw CryptoError(.malformedPEM, "no -----BEGIN CERTIFICATE----- block found")
        }
        var result: [X509Certificate] = []
        for (index, block) in blocks.enumerated() {
            do {
                result.append(try X509Certificate(derRepresentation: block))
            } catch {
                throw CryptoError(error.code, "certificate \(index + 1) of the PEM text: \(error.reason)")
            }
        }
        return result
    }

    /// The certificate as PEM (`-----BEGIN CERTIFICATE-----`, 64-character lines).
    public var pemRepresentation: String {
        PEMBlock.encode(label: "CERTIFICATE", der: derRepresentation)
    }

    init(
        der: Data, spki: Data, commonName: String?, dnsNames: [String], notBefore: Int64, notAfter: Int64
    ) {
        self.derRepresentation = der
        self.fingerprintSHA256 = SHA256Hash.hash(data: der)
        self.publicKeyDER = spki
        self.subjectPublicKeyInfoSHA256 = SHA256Hash.hash(data: spki)
        self.subjectCommonName = commonName
        self.subjectAlternativeDNSNames = dnsNames
        self.notBefore = notBefore
        self.notAfter = notAfter
    }

    /// Certificates are equal when their DER encodings are.
    public static func == (lhs: X509Certificate, rhs: X509Certificate) -> Bool {
        lhs.derRepresentation == rhs.derRepresentation
    }
}

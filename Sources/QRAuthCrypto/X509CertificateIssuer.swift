internal import COpenSSL
public import FoundationEssentials
import QRAuthEncoding

/// Issues X.509 certificates with OpenSSL for test set-ups: a self-signed authority and leaf
/// certificates it signs (ECDSA P-256 with SHA-256). Not a CA product: no revocation, no policies.
public enum X509CertificateIssuer {
    /// An issued certificate.
    public struct Issued: Sendable, Equatable {
        /// The DER encoding.
        public let derRepresentation: Data

        /// The certificate as PEM.
        public var pemRepresentation: String { PEMBlock.encode(label: "CERTIFICATE", der: derRepresentation) }
    }

    /// A self-signed authority certificate (`CA:TRUE`, keyCertSign) for `key`, valid from an hour
    /// before `now` for `days`.
    public static func authority(
        commonName: String, key: NISTP256.Signing.PrivateKey, days: Int = 30, now: Date = Date()
    ) throws(CryptoError) -> Issued {
        try issue(
            commonName: commonName, subjectKey: key, issuer: nil, issuerKey: key, days: days, now: now,
            extensions: [
                (NID_basic_constraints, "critical,CA:TRUE"), (NID_key_usage, "critical,keyCertSign,cRLSign"),
                (NID_subject_key_identifier, "hash"),
            ])
    }

    /// A TLS server certificate for `key`, signed by `authority` with `authorityKey`, naming the DNS
    /// names and IP addresses in subjectAltName.
    public static func serverCertificate(
        commonName: String, dnsNames: [String], ipAddresses: [String], key: NISTP256.Signing.PrivateKey,
        authority: Issued, authorityKey: NISTP256.Signing.PrivateKey, days: Int = 30, now: Date = Date()
    ) throws(CryptoError) -> Issued {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:*")
        for name in dnsNames + ipAddresses where name.isEmpty || !name.allSatisfy({ allowed.contains($0) }) {
            throw CryptoError(.invalidParameter, "'\(name)' is not a DNS name or IP address")
        }
        let names = dnsNames.map { "DNS:\($0)" } + ipAddresses.map { "IP:\($0)" }
        var extensions: [(Int32, String)] = [
            (NID_basic_constraints, "critical,CA:FALSE"), (NID_key_usage, "critical,digitalSignature"),
            (NID_ext_key_usage, "serverAuth"), (NID_subject_key_identifier, "hash"),
            (NID_authority_key_identifier, "keyid:always"),
        ]
        if !names.isEmpty { extensions.append((NID_subject_alt_name, names.joined(separator: ","))) }
        return try issue(
            commonName: commonName, subjectKey: key, issuer: authority, issuerKey: authorityKey, days: days, now: now,
            extensions: extensions)
    }

    private static func issue(
        commonName: String, subjectKey: NISTP256.Signing.PrivateKey, issuer: Issued?,
        issuerKey: NISTP256.Signing.PrivateKey,
        days: Int, now: Date, extensions: [(Int32, String)]
    ) throws(CryptoError) -> Issued {
        guard (1...3650).contains(days) else {
            throw CryptoError(.invalidParameter, "a certificate lifetime must be 1 to 3650 days, not \(days)")
        }
        guard !commonName.isEmpty, commonName.utf8.count <= 64 else {
            throw CryptoError(.invalidParameter, "the common name must be 1 to 64 bytes")
        }
        guard let certificate = X509_new() else { throw CryptoError(.openSSLFailure, "X509_new failed") }
        defer { X509_free(certificate) }
        var issuerCertificate: OpaquePointer?
        defer { X509_free(issuerCertificate) }
        if let issuer {
            issuerCertificate = issuer.derRepresentation.withUnsafeBytes { raw -> OpaquePointer? in
                var pointer = raw.bindMemory(to: UInt8.self).baseAddress
                return d2i_X509(nil, &pointer, raw.count)
            }
            guard issuerCertificate != nil else {
                throw CryptoError(.malformedDER, "the authority certificate does not parse")
            }
        }
        let start = time_t(now.timeIntervalSince1970) - 3600
        let serial = SecureRandom.bytes(count: 8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } >> 1
        var ok =
            X509_set_version(certificate, 2) == 1
            && ASN1_INTEGER_set_uint64(X509_get_serialNumber(certificate), serial) == 1
            && ASN1_TIME_set(X509_getm_notBefore(certificate), start) != nil
            && ASN1_TIME_set(X509_getm_notAfter(certificate), start + time_t(days) * 86_400 + 3600) != nil
        let subject = X509_get_subject_name(certificate)
        ok =
            ok
            && X509_NAME_add_entry_by_NID(
                subject, NID_commonName, MBSTRING_UTF8, Array(commonName.utf8), Int32(commonName.utf8.count), -1, 0)
                == 1
        if let issuerCertificate {
            ok = ok && X509_set_issuer_name(certificate, X509_get_subject_name(issuerCertificate)) == 1
        } else {
            ok = ok && X509_set_issuer_name(certificate, subject) == 1
        }
        ok = ok && X509_set_pubkey(certificate, subjectKey.key.pointer) == 1
        guard ok else { throw CryptoError.openSSL(.openSSLFailure, "cannot fill in the certificate") }
        var context = X509V3_CTX()
        X509V3_set_ctx(&context, issuerCertificate ?? certificate, certificate, nil, nil, 0)
        for (nid, value) in extensions {
            guard let extensionPointer = X509V3_EXT_conf_nid(nil, &context, nid, value) else {
                throw CryptoError.openSSL(.openSSLFailure, "cannot make the extension \(value)")
            }
            defer { X509_EXTENSION_free(extensionPointer) }
            guard X509_add_ext(certificate, extensionPointer, -1) == 1 else {
                throw CryptoError(.openSSLFailure, "cannot add the extension \(value)")
            }
        }
        guard X509_sign(certificate, issuerKey.key.pointer, EVP_sha256()) > 0 else {
            throw CryptoError.openSSL(.openSSLFailure, "cannot sign the certificate")
        }
        let der = try OpenSSLDER.encode(.openSSLFailure, "cannot encode the certificate") { i2d_X509(certificate, $0) }
        return Issued(derRepresentation: der)
    }
}

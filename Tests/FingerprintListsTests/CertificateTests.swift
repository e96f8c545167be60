import FingerprintLists
import Foundation
import QRAuthCrypto
import Testing

@Suite("Certificates: fingerprint, CN, notAfter, chains")
struct CertificateTests {
    @Test func toolTestCertificate() throws {
        let vector = try ExtractedVectors.load().certificate_fingerprint
        let pem = try Fixtures.text("ssl-pinning-tool-test-www.google.com.pem")
        let certificate = try X509Certificate(pemRepresentation: pem)
        #expect(certificate.fingerprintSHA256 == Fixtures.hex(vector.expected_fingerprint_hex))
        #expect(certificate.fingerprintSHA256.base64EncodedString() == vector.expected_fingerprint_b64)
        #expect(
            certificate.subjectPublicKeyInfoSHA256.base64EncodedString() == vector.NOT_the_fingerprint_sha256_spki_b64)
        #expect(certificate.subjectCommonName == vector.expected_common_name)
        #expect(certificate.notAfter == vector.expected_expires)
        #expect(certificate.notBefore < certificate.notAfter)
        #expect(certificate.subjectAlternativeDNSNames == ["www.google.com"])
        let entry = try CertificateChain([certificate]).entry()
        #expect(entry.signedString == vector.expected_signed_string)
    }

    @Test func derAndPEMAgree() throws {
        let pem = try Fixtures.text("ssl-pinning-tool-test-www.google.com.pem")
        let fromPEM = try X509Certificate(pemRepresentation: pem)
        let fromDER = try CertificateChain(data: fromPEM.derRepresentation)
        #expect(fromDER.leaf == fromPEM)
        #expect(try X509Certificate(pemRepresentation: fromPEM.pemRepresentation) == fromPEM)
    }

    @Test func chainsKeepOrderAndDepthPicksTheCertificate() throws {
        let pem = try Fixtures.text("ssl-pinning-tool-test-www.google.com.pem")
        let other = try CertStoreTests.selfSigned()
        let chain = try CertificateChain(data: Data((pem + other.pemRepresentation).utf8))
        #expect(chain.certificates.count == 2)
        let deep = try chain.entry(depth: 1)
        #expect(deep.name == "www.google.com")
        #expect(deep.fingerprint == other.fingerprintSHA256)
        #expect(deep.depth == 1)
        #expect(throws: FingerprintListError(.invalidCertificate, "")) { try chain.entry(depth: 2) }
    }

    @Test func badCertificatesThrow() throws {
        let pem = try Fixtures.text("ssl-pinning-tool-test-www.google.com.pem")
        let der = try X509Certificate(pemRepresentation: pem).derRepresentation
        #expect(throws: FingerprintListError.self) { try CertificateChain(data: der + Data([0])) }
        #expect(throws: FingerprintListError.self) { try CertificateChain(data: der.prefix(100)) }
        #expect(throws: FingerprintListError.self) { try CertificateChain(data: Data()) }
        #expect(throws: FingerprintListError.self) {
            try CertificateChain(data: Data(pem.replacingOccurrences(of: "MIID", with: "!!!!").utf8))
        }
        #expect(throws: FingerprintListError.self) {
            try CertificateChain(data: Data(pem.replacingOccurrences(of: "-----END CERTIFICATE-----", with: "").utf8))
        }
    }
}

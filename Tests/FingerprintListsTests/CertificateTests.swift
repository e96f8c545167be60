import FingerprintLists
import Foundation
import QRAuthCrypto
import Testing

@Suite("Certificates: fingerprint, CN, notAfter, chains")
struct CertificateTests {
    /// FuzzFingerprintLists's crash input (2026-11-24): a certificate whose signature BIT STRING has unused bits
    /// set. OpenSSL read it and wrote it back with those bits cleared, so its "DER" (and its pin fingerprint) was
    /// not the bytes given. Now refused as not canonical DER.
    @Test func aCertificateThatIsNotCanonicalDERIsRefused() throws {
        let hex = [
            "308201a43082014ba00302010202143c599795101261cb798e53b44f9d2eea95b81655300a06082a8648ce3d040302301a31",
            "18301606035504030c0f6170692e6578616d706c652e636f6d301e170d3236313132323036333635395a170d333631313139",
            "3036333635395a301a3118301606035504030c0f6170692e6578616d706c652e636f6d3059301306072a8648ce3d02010608",
            "2a8648ce3d03010703420004f18152cead2a064c6f7ea048f0cec41b43fd364be182bc593e58f5e3183709594a1acf5c6250",
            "e91f5ab5b27974dc7b99a11ebd26003f2f68ed0c76a06c05d5a9a36f306d301d0603551d0e041604144802ec09c00cb3cf83",
            "061bc0ab6857e27d57fd26301f0603551d230418301680144802ec09c00cb3cf83061bc0ab6857e27d57fd26300f0603551d",
            "130101ff040530030101ff301a0603551d1104133011820f6170692e6578616d706c652e636f6d300a06082a8648ce3d0403",
            "0203470530a36f306d301d0603551d8bae6d70aae3c7ac042fa9b2b7c2a3d4fd897b34396a39794a022013b22cee28cf476e",
            "7f4725f6ff5830be0f28d6654ee3c4cf5ea966d27e7ec048",
        ].joined()
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(try #require(UInt8(hex[index..<next], radix: 16)))
            index = next
        }
        #expect(bytes.count == 424)
        let error = #expect(throws: CryptoError.self) { try X509Certificate(derRepresentation: bytes) }
        #expect(error?.reason.contains("not canonical DER") == true, "\(String(describing: error?.reason))")
        // The same certificate with the unused bits cleared is canonical and parses to exactly its bytes.
        var canonical = bytes
        canonical[canonical.count - 1] &= 0xE0
        let certificate = try X509Certificate(derRepresentation: canonical)
        #expect(certificate.derRepresentation == Data(canonical))
    }

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

import FingerprintLists
import Foundation
import QRAuthCrypto
import Testing

@Suite(
    "Cross-checks with the openssl command line", .enabled(if: OpenSSLTool.isAvailable, "openssl is not installed"))
struct OpenSSLCrossCheckTests {
    @Test func opensslSignaturesVerifyHere() throws {
        let directory = try OpenSSLTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyPath = directory.appendingPathComponent("key.pem").path
        try #require(
            try OpenSSLTool.run(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", keyPath])
                .status == 0)
        let key = try PinningSigningKey(pem: String(contentsOfFile: keyPath, encoding: .utf8), password: nil)
        // The client key the spec's recipe gives: last 65 bytes of the SPKI DER.
        let spki = try OpenSSLTool.run(["pkey", "-in", keyPath, "-pubout", "-outform", "DER"]).stdout
        #expect(spki.suffix(65).base64EncodedString() == key.exportedPublicKey)
        let entry = ListFactory.entry("api.example.com", 5, 4_102_444_800)
        let messagePath = directory.appendingPathComponent("message").path
        try entry.signedBytes.write(to: URL(fileURLWithPath: messagePath))
        let signature = try OpenSSLTool.run(["dgst", "-sha256", "-sign", keyPath, messagePath]).stdout
        var signed = entry
        signed.signature = signature
        #expect(FingerprintListVerifier(publicKey: key.publicKey).isValid(signed))
        let list = try FingerprintList.decode(FingerprintList(entries: [signed]).encoded())
        #expect(FingerprintListVerifier(publicKey: key.publicKey).verify(list, now: 0).first?.signature == .valid)
    }

    @Test func ourSignaturesVerifyInOpenSSL() throws {
        let directory = try OpenSSLTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = PinningSigningKey.generate()
        let keyPath = directory.appendingPathComponent("key.pem")
        try Data(try key.pem(password: nil).utf8).write(to: keyPath)
        let publicPath = directory.appendingPathComponent("public.pem").path
        try #require(try OpenSSLTool.run(["pkey", "-in", keyPath.path, "-pubout", "-out", publicPath]).status == 0)
        let signed = try key.sign(ListFactory.entry("*.example.com", 6, 4_102_444_800))
        let messagePath = directory.appendingPathComponent("message")
        let signaturePath = directory.appendingPathComponent("signature")
        try signed.signedBytes.write(to: messagePath)
        try signed.signature!.write(to: signaturePath)
        let good = try OpenSSLTool.run([
            "dgst", "-sha256", "-verify", publicPath, "-signature", signaturePath.path, messagePath.path,
        ])
        #expect(good.status == 0)
        // The README's field order (name&expires&fingerprint) must not verify.
        let readmeOrder = "\(signed.name)&\(signed.expires)&\(signed.fingerprint.base64EncodedString())"
        try Data(readmeOrder.utf8).write(to: messagePath)
        let bad = try OpenSSLTool.run([
            "dgst", "-sha256", "-verify", publicPath, "-signature", signaturePath.path, messagePath.path,
        ])
        #expect(bad.status != 0)
    }

    @Test func keyFilesGoBothWays() throws {
        let directory = try OpenSSLTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Ours (encrypted PKCS#8) → openssl.
        let key = PinningSigningKey.generate()
        let ours = directory.appendingPathComponent("ours.pem")
        try Data(try key.pem(password: "s3cret").utf8).write(to: ours)
        let opened = try OpenSSLTool.run([
            "pkey", "-in", ours.path, "-passin", "pass:s3cret", "-pubout", "-outform", "DER",
        ])
        #expect(opened.status == 0)
        #expect(opened.stdout.suffix(65).base64EncodedString() == key.exportedPublicKey)
        // The README recipe (SEC1 from ecparam, then PKCS#8 PBES2 AES-128) → ours; SEC1 too.
        let sec1 = directory.appendingPathComponent("sec1.pem").path
        try #require(
            try OpenSSLTool.run(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", sec1]).status == 0)
        let pkcs8 = directory.appendingPathComponent("pkcs8.pem").path
        try #require(
            try OpenSSLTool.run([
                "pkcs8", "-topk8", "-v2", "aes-128-cbc", "-in", sec1, "-out", pkcs8, "-passout", "pass:s3cret",
            ]).status == 0)
        let fromSEC1 = try PinningSigningKey(pem: String(contentsOfFile: sec1, encoding: .utf8), password: nil)
        let fromPKCS8 = try PinningSigningKey(pem: String(contentsOfFile: pkcs8, encoding: .utf8), password: "s3cret")
        #expect(fromSEC1.exportedPrivateKey == fromPKCS8.exportedPrivateKey)
        let spki = try OpenSSLTool.run(["pkey", "-in", sec1, "-pubout", "-outform", "DER"]).stdout
        #expect(spki.suffix(65).base64EncodedString() == fromPKCS8.exportedPublicKey)
    }

    @Test func certificateFieldsAgreeWithOpenSSL() throws {
        let directory = try OpenSSLTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try OpenSSLTool.makeCertificate(commonName: "pins.example.org", days: 40, in: directory)
        let certificate = try X509Certificate(pemRepresentation: String(contentsOf: files.cert, encoding: .utf8))
        let fingerprint = try OpenSSLTool.run(["x509", "-in", files.cert.path, "-noout", "-fingerprint", "-sha256"])
        let hex = String(decoding: fingerprint.stdout, as: UTF8.self)
            .split(separator: "=").last!.trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: ":", with: "").lowercased()
        #expect(hex == certificate.fingerprintSHA256.map { String(format: "%02x", $0) }.joined())
        let end = try OpenSSLTool.run(["x509", "-in", files.cert.path, "-noout", "-enddate", "-dateopt", "iso_8601"])
        let text = String(decoding: end.stdout, as: UTF8.self).replacingOccurrences(of: "notAfter=", with: "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withSpaceBetweenDateAndTime, .withTime, .withColonSeparatorInTime]
        if let date = formatter.date(from: text.replacingOccurrences(of: "Z", with: "")) {
            #expect(Int64(date.timeIntervalSince1970) == certificate.notAfter)
        } else {
            let now = Int64(Date().timeIntervalSince1970)
            #expect(abs(certificate.notAfter - (now + 40 * 86_400)) < 600)
        }
        #expect(certificate.subjectCommonName == "pins.example.org")
        #expect(certificate.subjectAlternativeDNSNames == ["pins.example.org"])
    }
}

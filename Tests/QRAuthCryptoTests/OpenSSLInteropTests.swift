import Foundation
import QRAuthCrypto
import QRAuthTestSupport
import Testing

@Suite(
    "Interop with the openssl command line",
    .enabled(if: OpenSSLCommandLine.isAvailable, "skipped: /usr/bin/openssl is not installed"))
struct OpenSSLInteropTests {
    let message = Data("offline operation\nnonce\n0".utf8)

    @Test("Our keys and signatures verify with openssl dgst and pkeyutl")
    func oursVerifyInOpenSSL() throws {
        let cli = try OpenSSLCommandLine()
        defer { cli.remove() }
        let key = NISTP256.Signing.PrivateKey()
        let publicPEM = try cli.write(Data(key.publicKey.pemRepresentation.utf8), to: "pub.pem")
        let messagePath = try cli.write(message, to: "message")
        let signature = try key.signature(for: message)
        let signaturePath = try cli.write(signature.derRepresentation, to: "sig.der")
        let verified = try cli.succeed([
            "dgst", "-sha256", "-verify", publicPEM, "-signature", signaturePath, messagePath,
        ])
        #expect(String(decoding: verified, as: UTF8.self).contains("Verified OK"))
        let digestPath = try cli.write(SHA256Hash.hash(data: message), to: "digest")
        try cli.succeed([
            "pkeyutl", "-verify", "-pubin", "-inkey", publicPEM, "-in", digestPath, "-sigfile", signaturePath,
        ])
        // A tampered message must fail in openssl too (the check above is not vacuous).
        let tampered = try cli.write(message + Data("!".utf8), to: "tampered")
        #expect(
            try cli.run(["dgst", "-sha256", "-verify", publicPEM, "-signature", signaturePath, tampered]).status != 0)
    }

    @Test("openssl reads our private keys: PKCS#8 PEM, encrypted PEM (PBES2 AES-256-CBC, HMAC-SHA256), DER")
    func oursLoadInOpenSSL() throws {
        let cli = try OpenSSLCommandLine()
        defer { cli.remove() }
        let key = NISTP256.Signing.PrivateKey()
        let plain = try cli.write(Data(key.pemRepresentation.utf8), to: "key.pem")
        let encrypted = try cli.write(Data(try key.pemRepresentation(password: "pass phrase").utf8), to: "enc.pem")
        let expectedPublic = key.publicKey.derRepresentation
        #expect(try cli.succeed(["pkey", "-in", plain, "-pubout", "-outform", "DER"]) == expectedPublic)
        #expect(
            try cli.succeed(["pkey", "-in", encrypted, "-passin", "pass:pass phrase", "-pubout", "-outform", "DER"])
                == expectedPublic)
        #expect(try cli.run(["pkey", "-in", encrypted, "-passin", "pass:wrong", "-noout"]).status != 0)
        let structure = String(decoding: try cli.succeed(["asn1parse", "-in", encrypted]), as: UTF8.self)
        for algorithm in ["PBES2", "PBKDF2", "hmacWithSHA256", "aes-256-cbc"] {
            #expect(structure.contains(algorithm), "encrypted PEM lacks \(algorithm)")
        }
        // Our PKCS#8 DER is byte-identical to what openssl writes for the same key.
        #expect(
            try cli.succeed(["pkcs8", "-topk8", "-nocrypt", "-in", plain, "-outform", "DER"]) == key.derRepresentation)
        // And the raw scalar is the one openssl sees.
        let text = String(decoding: try cli.succeed(["pkey", "-in", plain, "-text", "-noout"]), as: UTF8.self)
        let privHex = text.components(separatedBy: "priv:").last?.components(separatedBy: "pub:").first ?? ""
        let digits = privHex.filter { $0.isHexDigit }
        #expect(Data(hex: String(digits.suffix(64)))?.suffix(32) == key.rawRepresentation)
    }

    @Test("openssl's keys and signatures load and verify here: genpkey, pkcs8 -v2 aes-256-cbc, SEC1, encrypted SEC1")
    func opensslsLoadHere() throws {
        let cli = try OpenSSLCommandLine()
        defer { cli.remove() }
        let keyPath = cli.file("key.pem")
        try cli.succeed(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", keyPath])
        let encryptedPath = cli.file("enc.pem")
        try cli.succeed([
            "pkcs8", "-topk8", "-v2", "aes-256-cbc", "-in", keyPath, "-passout", "pass:s3cret", "-out", encryptedPath,
        ])
        let sec1Path = cli.file("sec1.pem")
        try cli.succeed(["pkey", "-in", keyPath, "-traditional", "-out", sec1Path])
        let sec1EncryptedPath = cli.file("sec1-enc.pem")
        try cli.succeed(["ec", "-in", keyPath, "-aes128", "-passout", "pass:s3cret", "-out", sec1EncryptedPath])
        let publicPath = cli.file("pub.pem")
        try cli.succeed(["pkey", "-in", keyPath, "-pubout", "-out", publicPath])
        let messagePath = try cli.write(message, to: "message")
        let signaturePath = cli.file("sig.der")
        try cli.succeed(["dgst", "-sha256", "-sign", keyPath, "-out", signaturePath, messagePath])

        let key = try NISTP256.Signing.PrivateKey(
            pemRepresentation: String(decoding: try cli.read("key.pem"), as: UTF8.self))
        let encrypted = try NISTP256.Signing.PrivateKey(
            pemRepresentation: String(decoding: try cli.read("enc.pem"), as: UTF8.self), password: "s3cret")
        let sec1 = try NISTP256.Signing.PrivateKey(
            pemRepresentation: String(decoding: try cli.read("sec1.pem"), as: UTF8.self))
        let sec1Text = String(decoding: try cli.read("sec1-enc.pem"), as: UTF8.self)
        #expect(sec1Text.contains("Proc-Type: 4,ENCRYPTED"))
        let sec1Encrypted = try NISTP256.Signing.PrivateKey(pemRepresentation: sec1Text, password: "s3cret")
        #expect(throws: CryptoError(.passwordRequired, "")) {
            try NISTP256.Signing.PrivateKey(pemRepresentation: sec1Text)
        }
        #expect(throws: CryptoError(.wrongPassword, "")) {
            try NISTP256.Signing.PrivateKey(pemRepresentation: sec1Text, password: "S3CRET")
        }
        let publicKey = try NISTP256.Signing.PublicKey(
            pemRepresentation: String(decoding: try cli.read("pub.pem"), as: UTF8.self))
        for other in [encrypted, sec1, sec1Encrypted] {
            #expect(other.rawRepresentation == key.rawRepresentation)
        }
        #expect(key.publicKey == publicKey)
        let signature = try NISTP256.Signing.ECDSASignature(derRepresentation: try cli.read("sig.der"))
        #expect(publicKey.isValidSignature(signature, for: message))
        #expect(!publicKey.isValidSignature(signature, for: message.dropLast()))
    }

    @Test("ECDH: openssl pkeyutl -derive gives our shared secret")
    func keyAgreement() throws {
        let cli = try OpenSSLCommandLine()
        defer { cli.remove() }
        let ours = NISTP256.KeyAgreement.PrivateKey()
        let theirs = NISTP256.KeyAgreement.PrivateKey()
        let ourKey = try cli.write(Data(ours.pemRepresentation.utf8), to: "ours.pem")
        let theirPublic = try cli.write(Data(theirs.publicKey.pemRepresentation.utf8), to: "theirs.pub.pem")
        let derived = try cli.succeed(["pkeyutl", "-derive", "-inkey", ourKey, "-peerkey", theirPublic])
        #expect(derived == (try ours.sharedSecretFromKeyAgreement(with: theirs.publicKey)))
    }

    @Test("An RSA key from openssl is an unsupported key, as PEM and as DER")
    func rsaKey() throws {
        let cli = try OpenSSLCommandLine()
        defer { cli.remove() }
        let keyPath = cli.file("rsa.pem")
        try cli.succeed(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", keyPath])
        let der = try cli.succeed(["pkcs8", "-topk8", "-nocrypt", "-in", keyPath, "-outform", "DER"])
        let publicDER = try cli.succeed(["pkey", "-in", keyPath, "-pubout", "-outform", "DER"])
        let pem = String(decoding: try cli.read("rsa.pem"), as: UTF8.self)
        #expect(throws: CryptoError(.unsupportedKey, "")) { try NISTP256.Signing.PrivateKey(pemRepresentation: pem) }
        #expect(throws: CryptoError(.unsupportedKey, "")) { try NISTP256.Signing.PrivateKey(derRepresentation: der) }
        #expect(throws: CryptoError(.unsupportedKey, "")) {
            try NISTP256.Signing.PublicKey(derRepresentation: publicDER)
        }
    }
}

import Crypto
import Foundation
import QRAuthCrypto
import QRAuthTestSupport
import Testing

/// The primitives PowerAuth 4.0 adds: SHA3, ML-KEM-768 (upstream vectors), KMAC-256, AES-256-CTR, P-384 and
/// DHKEM(P-384) (cross-checked by the `openssl` command line and swift-crypto's HPKE).
@Suite struct V4PrimitiveTests {
    struct DigestItem: Decodable {
        let msg: String
        let digest: String
    }

    struct SHA3File: Decodable {
        let sha3_256_test_vectors: [DigestItem]?
        let sha3_384_test_vectors: [DigestItem]?
    }

    struct MLKEMItem: Decodable {
        let pqcClientPrivateKey: String
        let pqcCiphertext: String
        let sharedSecret: String
    }

    struct MLKEMFile: Decodable {
        let mlkem_test_vectors: [MLKEMItem]
    }

    @Test func sha3_256MatchesEveryUpstreamVector() throws {
        let items = try #require(
            JSONDecoder().decode(SHA3File.self, from: Fixtures.data("v4/SHA3_256_Test_Vectors.json"))
                .sha3_256_test_vectors)
        #expect(items.count == 237)
        var passed = 0
        for item in items {
            let message = try #require(Data(hex: item.msg))
            if SHA3.hash256(message).hex == item.digest.lowercased() { passed += 1 }
        }
        #expect(passed == items.count)
    }

    @Test func sha3_384MatchesEveryUpstreamVector() throws {
        let items = try #require(
            JSONDecoder().decode(SHA3File.self, from: Fixtures.data("v4/SHA3_384_Test_Vectors.json"))
                .sha3_384_test_vectors)
        #expect(items.count == 205)
        var passed = 0
        for item in items {
            let message = try #require(Data(hex: item.msg))
            if SHA3.hash384(message).hex == item.digest.lowercased() { passed += 1 }
        }
        #expect(passed == items.count)
    }

    @Test func mlkem768DecapsulatesEveryUpstreamVector() throws {
        let items = try JSONDecoder().decode(MLKEMFile.self, from: Fixtures.data("v4/MLKEM_768_Test_Vectors.json"))
            .mlkem_test_vectors
        #expect(items.count == 100)
        var passed = 0
        for item in items {
            let key = try MLKEM768Key(
                pkcs8DERRepresentation: try #require(Data(base64Encoded: item.pqcClientPrivateKey)))
            let secret = try key.decapsulate(try #require(Data(base64Encoded: item.pqcCiphertext)))
            if secret == Data(base64Encoded: item.sharedSecret) { passed += 1 }
        }
        #expect(passed == items.count)
    }

    @Test func mlkem768RoundTripsAndRejectsBadInput() throws {
        let key = try MLKEM768Key()
        #expect(key.publicKeySPKI.base64EncodedString().hasPrefix("MIIEsjAL"))
        #expect(key.publicKeySPKI.count == 1206)
        let sent = try MLKEM768Key.encapsulate(to: key.publicKeySPKI)
        #expect(try key.decapsulate(sent.ciphertext) == sent.sharedSecret)
        let again = try MLKEM768Key(seed: key.seed)
        #expect(again.publicKeyRawRepresentation == key.publicKeyRawRepresentation)
        #expect(throws: CryptoError(.invalidLength, "")) { try key.decapsulate(sent.ciphertext.dropLast()) }
        #expect(throws: CryptoError(.malformedDER, "")) { try MLKEM768Key(pkcs8DERRepresentation: Data(count: 86)) }
        // Implicit rejection: a flipped ciphertext gives another secret, not an error.
        var flipped = sent.ciphertext
        flipped[0] ^= 1
        #expect(try key.decapsulate(flipped) != sent.sharedSecret)
    }

    @Test func kmac256MatchesTheOpenSSLCommandLine() throws {
        try #require(OpenSSLCommandLine.isAvailable)
        let openssl = try OpenSSLCommandLine()
        defer { openssl.remove() }
        var generator = SystemRandomNumberGenerator()
        for (index, (keyLength, messageLength, length)) in [(4, 0, 16), (32, 1, 32), (16, 200, 64), (48, 77, 48)]
            .enumerated()
        {
            let key = Data((0..<keyLength).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let message = Data((0..<messageLength).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let custom = ["PA4KDF", "PA4CODE", "", "KDF"][index]
            let path = try openssl.write(message, to: "m\(index)")
            var arguments = ["mac", "-macopt", "hexkey:\(key.hex)", "-macopt", "size:\(length)"]
            if !custom.isEmpty { arguments += ["-macopt", "custom:\(custom)"] }
            let output = try openssl.succeed(arguments + ["-in", path, "KMAC256"])
            let expected = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let ours = try KMAC256.authenticationCode(for: message, key: key, length: length, customization: custom)
            #expect(ours.hex == expected.lowercased(), "KMAC case \(index)")
        }
    }

    @Test func kmac256RejectsOutOfRangeInput() {
        #expect(throws: CryptoError(.invalidLength, "")) {
            try KMAC256.authenticationCode(for: Data(), key: Data(count: 3), length: 32, customization: "PA4KDF")
        }
        #expect(throws: CryptoError(.invalidParameter, "")) {
            try KMAC256.authenticationCode(for: Data(), key: Data(count: 32), length: 0, customization: "PA4KDF")
        }
    }

    @Test func aes256CTRMatchesTheOpenSSLCommandLine() throws {
        try #require(OpenSSLCommandLine.isAvailable)
        let openssl = try OpenSSLCommandLine()
        defer { openssl.remove() }
        let key = SecureRandom.bytes(count: 32)
        // A counter block near the 32-bit wrap shows the whole block counts up, as OpenSSL does.
        let iv = SecureRandom.bytes(count: 12) + Data([0xFF, 0xFF, 0xFF, 0xFE])
        let plaintext = SecureRandom.bytes(count: 100)
        let path = try openssl.write(plaintext, to: "p")
        let expected = try openssl.succeed([
            "enc", "-aes-256-ctr", "-K", key.hex, "-iv", iv.hex, "-nosalt", "-in", path,
        ])
        let ours = try AES256CTR.crypt(plaintext, key: key, counterBlock: iv)
        #expect(ours == expected)
        #expect(try AES256CTR.crypt(ours, key: key, counterBlock: iv) == plaintext)
    }

    /// `SubjectPublicKeyInfo` DER of a P-384 point (id-ecPublicKey, secp384r1).
    static func spki(_ point: Data) -> Data {
        Data(hex: "3076301006072a8648ce3d020106052b81040022036200")! + point
    }

    @Test func p384SignaturesInteroperateWithTheOpenSSLCommandLine() throws {
        try #require(OpenSSLCommandLine.isAvailable)
        let openssl = try OpenSSLCommandLine()
        defer { openssl.remove() }
        let message = Data("0\n1\nnonce\n0".utf8)
        let messagePath = try openssl.write(message, to: "msg")
        // Ours → openssl.
        let key = NISTP384.PrivateKey()
        let publicPath = try openssl.write(Self.spki(key.publicKey.x963Representation), to: "ours.pub")
        let signaturePath = try openssl.write(try key.signature(for: message), to: "ours.sig")
        let verified = try openssl.run([
            "dgst", "-sha384", "-verify", publicPath, "-keyform", "DER", "-signature", signaturePath, messagePath,
        ])
        #expect(verified.status == 0)
        // openssl → ours.
        try openssl.succeed([
            "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384", "-outform", "DER", "-out",
            openssl.file("theirs.der"),
        ])
        let theirs = try NISTP384.PrivateKey(pkcs8DERRepresentation: try openssl.read("theirs.der"))
        let theirSignature = try openssl.succeed([
            "dgst", "-sha384", "-sign", openssl.file("theirs.der"), "-keyform", "DER", messagePath,
        ])
        #expect(theirs.publicKey.isValidSignature(derRepresentation: theirSignature, for: message))
        let raw = try NISTP384.rawSignature(fromDER: theirSignature)
        #expect(raw.count == 96)
        #expect(theirs.publicKey.isValidSignature(rawRepresentation: raw, for: message))
        #expect(try NISTP384.derSignature(fromRaw: raw) == theirSignature)
        #expect(!theirs.publicKey.isValidSignature(derRepresentation: theirSignature, for: message + Data([0])))
        #expect(!key.publicKey.isValidSignature(derRepresentation: theirSignature, for: message))
        // ECDH both ways.
        let theirPublicPath = try openssl.write(Self.spki(theirs.publicKey.x963Representation), to: "theirs.pub")
        try openssl.write(Self.pkcs8(key), to: "ours.der")
        let derived = try openssl.succeed([
            "pkeyutl", "-derive", "-inkey", openssl.file("ours.der"), "-keyform", "DER", "-peerkey", theirPublicPath,
            "-peerform", "DER",
        ])
        #expect(try key.sharedSecretFromKeyAgreement(with: theirs.publicKey) == derived)
        #expect(try theirs.sharedSecretFromKeyAgreement(with: key.publicKey) == derived)
    }

    /// A PKCS#8 DER of a P-384 key (RFC 5915 ECPrivateKey inside, with the public key).
    static func pkcs8(_ key: NISTP384.PrivateKey) -> Data {
        let ecPrivateKey =
            Data(hex: "3081a40201010430")! + key.rawRepresentation + Data(hex: "a00706052b81040022a164036200")!
            + key.publicKey.x963Representation
        return Data(hex: "3081bf020100301006072a8648ce3d020106052b810400220481a7")! + ecPrivateKey
    }

    @Test func p384RejectsBadKeysAndSignatures() throws {
        #expect(throws: CryptoError(.invalidPublicKey, "")) {
            try NISTP384.PublicKey(x963Representation: Data([4]) + Data(count: 96))
        }
        #expect(throws: CryptoError(.invalidPrivateKey, "")) {
            try NISTP384.PrivateKey(rawRepresentation: Data(count: 48))
        }
        #expect(throws: CryptoError(.invalidLength, "")) { try NISTP384.derSignature(fromRaw: Data(count: 64)) }
        let key = NISTP384.PrivateKey()
        let signature = try key.signature(for: Data("x".utf8))
        #expect(key.publicKey.isValidSignature(derRepresentation: signature, for: Data("x".utf8)))
        #expect(!key.publicKey.isValidSignature(derRepresentation: signature + Data([0]), for: Data("x".utf8)))
        #expect(
            try NISTP384.PrivateKey(rawRepresentation: key.rawRepresentation).publicKey.x963Representation
                == key.publicKey.x963Representation)
        #expect(!"\(key)".contains(key.rawRepresentation.hex))
    }

    @Test func dhkemP384ExportMatchesSwiftCryptoHPKE() throws {
        let info = Data("DHKEM-P384".utf8)
        for _ in 0..<4 {
            let recipient = NISTP384.PrivateKey()
            let theirKey = try P384.KeyAgreement.PublicKey(x963Representation: recipient.publicKey.x963Representation)
            let suite = HPKE.Ciphersuite(kem: .P384_HKDF_SHA384, kdf: .HKDF_SHA384, aead: .exportOnly)
            let sender = try HPKE.Sender(recipientKey: theirKey, ciphersuite: suite, info: info)
            let expected = try sender.exportSecret(context: info, outputByteCount: 48).withUnsafeBytes { Data($0) }
            let ours = try DHKEMP384.receiverExport(
                privateKey: recipient, encapsulatedKey: sender.encapsulatedKey, info: info, exporterContext: info,
                length: 48)
            #expect(ours == expected)
            // And our sender against swift-crypto's recipient.
            let mine = try DHKEMP384.senderExport(
                recipient: recipient.publicKey, info: info, exporterContext: info, length: 48)
            let theirRecipientKey = try P384.KeyAgreement.PrivateKey(rawRepresentation: recipient.rawRepresentation)
            let receiver = try HPKE.Recipient(
                privateKey: theirRecipientKey, ciphersuite: suite, info: info, encapsulatedKey: mine.encapsulatedKey)
            #expect(
                try receiver.exportSecret(context: info, outputByteCount: 48).withUnsafeBytes { Data($0) }
                    == mine.secret)
        }
    }
}

import Foundation
import QRAuthCrypto
import Testing

struct PrivateKeyPEMExpectation: Decodable, Sendable, CustomTestStringConvertible {
    let file: String
    let password: String?
    let publicKeyX963Base64: String
    let privateKeyJavaBase64: String?
    var testDescription: String { file }
}

struct PublicKeyPEMExpectation: Decodable, Sendable, CustomTestStringConvertible {
    let file: String
    let publicKeyX963Base64: String?
    let errorCode: String?
    var testDescription: String { file }
}

@Suite("P-256 key formats")
struct P256KeyFormatTests {
    @Test(
        "Private-key PEM fixtures load and give the published public key",
        arguments: Fixtures.items("pem-key-expectations.json", as: PrivateKeyPEMExpectation.self))
    func privateKeyPEM(expectation: PrivateKeyPEMExpectation) throws {
        let pem = try Fixtures.text(expectation.file)
        let key = try NISTP256.Signing.PrivateKey(pemRepresentation: pem, password: expectation.password)
        #expect(key.publicKey.x963Representation.base64EncodedString() == expectation.publicKeyX963Base64)
        if let java = expectation.privateKeyJavaBase64 {
            #expect(key.javaRepresentation.base64EncodedString() == java)
        }
        if expectation.password != nil {
            #expect(throws: CryptoError(.passwordRequired, "")) {
                try NISTP256.Signing.PrivateKey(pemRepresentation: pem)
            }
            #expect(throws: CryptoError(.wrongPassword, "")) {
                try NISTP256.Signing.PrivateKey(pemRepresentation: pem, password: "wrong")
            }
        }
    }

    @Test(
        "Public-key PEM fixtures: compressed and explicit-parameter P-256 accepted, other curves and key types rejected",
        arguments: Fixtures.items("public-key-pem-expectations.json", as: PublicKeyPEMExpectation.self))
    func publicKeyPEM(expectation: PublicKeyPEMExpectation) throws {
        let pem = try Fixtures.text(expectation.file)
        if let x963 = expectation.publicKeyX963Base64 {
            let key = try NISTP256.Signing.PublicKey(pemRepresentation: pem)
            #expect(key.x963Representation.base64EncodedString() == x963)
        } else {
            let error = try #require(throws: CryptoError.self) {
                try NISTP256.Signing.PublicKey(pemRepresentation: pem)
            }
            #expect(error.code.rawValue == expectation.errorCode)
        }
    }

    @Test("Fixture inventory")
    func inventory() {
        #expect(Fixtures.items("pem-key-expectations.json", as: PrivateKeyPEMExpectation.self).count == 4)
        #expect(Fixtures.items("public-key-pem-expectations.json", as: PublicKeyPEMExpectation.self).count == 5)
    }

    @Test("Private key round trip: raw ↔ Java ↔ PKCS#8 DER ↔ PEM ↔ encrypted PEM")
    func privateRoundTrip() throws {
        for _ in 0..<8 {
            let key = NISTP256.Signing.PrivateKey()
            let raw = key.rawRepresentation
            #expect(raw.count == 32)
            let fromRaw = try NISTP256.Signing.PrivateKey(rawRepresentation: raw)
            let fromJava = try NISTP256.Signing.PrivateKey(javaRepresentation: key.javaRepresentation)
            let fromDER = try NISTP256.Signing.PrivateKey(derRepresentation: key.derRepresentation)
            let fromPEM = try NISTP256.Signing.PrivateKey(pemRepresentation: key.pemRepresentation)
            let encrypted = try key.pemRepresentation(password: "correct horse")
            #expect(encrypted.hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----\n"))
            let fromEncrypted = try NISTP256.Signing.PrivateKey(pemRepresentation: encrypted, password: "correct horse")
            for other in [fromRaw, fromJava, fromDER, fromPEM, fromEncrypted] {
                #expect(other.rawRepresentation == raw)
                #expect(other.publicKey == key.publicKey)
            }
            #expect(key.pemRepresentation.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
            #expect(key.pemRepresentation.hasSuffix("-----END PRIVATE KEY-----\n"))
        }
    }

    @Test("Java form: leading 0x00 exactly when the high bit is set; short forms are left-padded")
    func javaForm() throws {
        var high = [UInt8](repeating: 0x11, count: 32)
        high[0] = 0x80
        let highKey = try NISTP256.Signing.PrivateKey(rawRepresentation: high)
        #expect(highKey.javaRepresentation == Data([0] + high))
        var low = [UInt8](repeating: 0x11, count: 32)
        low[0] = 0x00
        low[1] = 0x7F
        let lowKey = try NISTP256.Signing.PrivateKey(rawRepresentation: low)
        #expect(lowKey.javaRepresentation == Data(low.dropFirst()))
        #expect(
            try NISTP256.Signing.PrivateKey(javaRepresentation: Data(low.dropFirst())).rawRepresentation == Data(low))
        #expect(
            try NISTP256.Signing.PrivateKey(javaRepresentation: Data([1])).rawRepresentation == Data(count: 31) + [1])
        // A 32-byte value with the high bit set and no 0x00 is negative to Java: rejected.
        #expect(throws: CryptoError(.invalidPrivateKey, "")) {
            try NISTP256.Signing.PrivateKey(javaRepresentation: high)
        }
        #expect(throws: CryptoError(.invalidLength, "")) { try NISTP256.Signing.PrivateKey(javaRepresentation: Data()) }
        #expect(throws: CryptoError(.invalidLength, "")) {
            try NISTP256.Signing.PrivateKey(javaRepresentation: Data(count: 34))
        }
        #expect(throws: CryptoError(.invalidPrivateKey, "")) {
            try NISTP256.Signing.PrivateKey(javaRepresentation: Data([1] + high))
        }
    }

    @Test("Public key round trip: x963 ↔ compressed ↔ SPKI DER ↔ PEM")
    func publicRoundTrip() throws {
        for _ in 0..<8 {
            let key = NISTP256.Signing.PrivateKey().publicKey
            #expect(key.x963Representation.count == 65)
            #expect(key.compressedRepresentation.count == 33)
            #expect(key.derRepresentation.count == 91)
            let copies = [
                try NISTP256.Signing.PublicKey(x963Representation: key.x963Representation),
                try NISTP256.Signing.PublicKey(compressedRepresentation: key.compressedRepresentation),
                try NISTP256.Signing.PublicKey(derRepresentation: key.derRepresentation),
                try NISTP256.Signing.PublicKey(pemRepresentation: key.pemRepresentation),
            ]
            for copy in copies { #expect(copy == key) }
            #expect(key.pemRepresentation.hasPrefix("-----BEGIN PUBLIC KEY-----\n"))
        }
    }

    @Test("Private keys never print their material")
    func redactedDescription() throws {
        let key = try NISTP256.Signing.PrivateKey(rawRepresentation: Data(repeating: 0x42, count: 32))
        for text in [String(describing: key), String(reflecting: key), "\(key)"] {
            #expect(!text.contains("42424242"))
            #expect(!text.contains(key.rawRepresentation.base64EncodedString()))
            #expect(text.contains("redacted"))
        }
    }

    @Test("ECDH: both sides agree, and match PowerAuth's master-secret vectors after folding")
    func keyAgreement() throws {
        let alice = NISTP256.KeyAgreement.PrivateKey()
        let bob = NISTP256.KeyAgreement.PrivateKey()
        let ab = try alice.sharedSecretFromKeyAgreement(with: bob.publicKey)
        let ba = try bob.sharedSecretFromKeyAgreement(with: alice.publicKey)
        #expect(ab.count == 32)
        #expect(ab == ba)
        #expect(try alice.sharedSecretFromKeyAgreement(with: alice.publicKey) != ab)
    }

    @Test(
        "ECDH against compute-master-secret-key.json",
        arguments: Fixtures.items("compute-master-secret-key.json", as: MasterSecretVector.self))
    func masterSecret(vector: MasterSecretVector) throws {
        let device = try NISTP256.Signing.PrivateKey(
            javaRepresentation: try #require(Data(base64Encoded: vector.input.devicePrivateKey)))
        let server = try NISTP256.Signing.PrivateKey(
            javaRepresentation: try #require(Data(base64Encoded: vector.input.serverPrivateKey)))
        let devicePublic = try NISTP256.Signing.PublicKey(
            x963Representation: try #require(Data(base64Encoded: vector.input.devicePublicKey)))
        let serverPublic = try NISTP256.Signing.PublicKey(
            x963Representation: try #require(Data(base64Encoded: vector.input.serverPublicKey)))
        #expect(device.publicKey == devicePublic)
        #expect(server.publicKey == serverPublic)
        let clientSide = try device.sharedSecretFromKeyAgreement(with: serverPublic)
        let serverSide = try server.sharedSecretFromKeyAgreement(with: devicePublic)
        #expect(clientSide == serverSide)
        // KEY_MASTER_SECRET = the two 16-byte halves XORed (spec/powerauth-crypto.md §1.1).
        let folded = Data((0..<16).map { clientSide[$0] ^ clientSide[$0 + 16] })
        #expect(folded.base64EncodedString() == vector.output.masterSecretKey)
    }
}

struct MasterSecretVector: Decodable, Sendable, CustomTestStringConvertible {
    struct Input: Decodable, Sendable {
        let devicePrivateKey: String
        let devicePublicKey: String
        let serverPrivateKey: String
        let serverPublicKey: String
    }
    struct Output: Decodable, Sendable {
        let masterSecretKey: String
    }
    let input: Input
    let output: Output
    var testDescription: String { output.masterSecretKey }
}

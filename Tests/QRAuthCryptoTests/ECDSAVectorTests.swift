import Foundation
import QRAuthCrypto
import Testing

struct CompressedKeyVector: Decodable, Sendable, CustomTestStringConvertible {
    let dataHex: String
    let signatureDerHex: String
    let publicKeyHex: String
    let expectedValid: Bool
    var testDescription: String { "\(publicKeyHex.prefix(10))… valid=\(expectedValid)" }
}

/// An item of `verify-activation-data-signature*.json`: v3 signs the activation code, v2 signs
/// `activationIdShort + "-" + activationOtp` (spec/powerauth-crypto.md §4.5).
struct ActivationSignatureVector: Decodable, Sendable, CustomTestStringConvertible {
    struct Input: Decodable, Sendable {
        let activationCode: String?
        let activationIdShort: String?
        let activationOtp: String?
        let masterPrivateKey: String
        let masterPublicKey: String
    }
    struct Output: Decodable, Sendable {
        let activationSignature: String
    }
    let input: Input
    let output: Output
    var file = ""

    enum CodingKeys: String, CodingKey { case input, output }

    var signedText: String {
        input.activationCode ?? "\(input.activationIdShort ?? "")-\(input.activationOtp ?? "")"
    }
    var testDescription: String { "\(file): \(signedText)" }

    static let all: [ActivationSignatureVector] = [
        "verify-activation-data-signature-v3.json", "verify-activation-data-signature-v2.json",
        "verify-activation-data-signature.json",
    ].flatMap { name in
        Fixtures.items(name, as: ActivationSignatureVector.self).map { item in
            var item = item
            item.file = name
            return item
        }
    }
}

@Suite("ECDSA P-256 known answers")
struct ECDSAVectorTests {
    @Test(
        "Compressed-key vectors (PowerAuth mobile SDK)",
        arguments: Fixtures.items("ecdsa-compressed-key-vectors.json", as: CompressedKeyVector.self))
    func compressedKeyVector(vector: CompressedKeyVector) throws {
        let key = try NISTP256.Signing.PublicKey(compressedRepresentation: try #require(Data(hex: vector.publicKeyHex)))
        let signature = try NISTP256.Signing.ECDSASignature(
            derRepresentation: try #require(Data(hex: vector.signatureDerHex)))
        let data = try #require(Data(hex: vector.dataHex))
        #expect(key.isValidSignature(signature, for: data) == vector.expectedValid)
        // The same key through its uncompressed form and the same signature through r||s agree.
        let uncompressed = try NISTP256.Signing.PublicKey(x963Representation: key.x963Representation)
        #expect(uncompressed.compressedRepresentation.hex == vector.publicKeyHex.lowercased())
        let viaRaw = try NISTP256.Signing.ECDSASignature(rawRepresentation: signature.rawRepresentation)
        #expect(viaRaw == signature)
        #expect(uncompressed.isValidSignature(viaRaw, for: data) == vector.expectedValid)
    }

    @Test("Activation data signatures (PowerAuth upstream vectors)", arguments: ActivationSignatureVector.all)
    func activationSignature(vector: ActivationSignatureVector) throws {
        let publicKey = try NISTP256.Signing.PublicKey(
            x963Representation: try #require(Data(base64Encoded: vector.input.masterPublicKey)))
        let signature = try NISTP256.Signing.ECDSASignature(
            derRepresentation: try #require(Data(base64Encoded: vector.output.activationSignature)))
        let message = Data(vector.signedText.utf8)
        #expect(publicKey.isValidSignature(signature, for: message))
        #expect(!publicKey.isValidSignature(signature, for: message + Data("x".utf8)))

        // The Java-encoded private key belongs to the public key, and signs verifiably.
        let javaPrivate = try #require(Data(base64Encoded: vector.input.masterPrivateKey))
        let privateKey = try NISTP256.Signing.PrivateKey(javaRepresentation: javaPrivate)
        #expect(privateKey.publicKey == publicKey)
        #expect(privateKey.javaRepresentation == javaPrivate)
        #expect(publicKey.isValidSignature(try privateKey.signature(for: message), for: message))
    }

    @Test("Every vector file loaded")
    func inventory() {
        #expect(Fixtures.items("ecdsa-compressed-key-vectors.json", as: CompressedKeyVector.self).count == 5)
        #expect(ActivationSignatureVector.all.count == 60)
    }
}

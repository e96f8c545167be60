import Foundation
import QRAuthCrypto
import Testing

@Suite("P-256 malformed input gives typed errors")
struct P256NegativeTests {
    static let order = Data(hex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551") ?? Data()

    @Test("Raw private keys: wrong length, zero, n and above")
    func rawPrivateKey() {
        #expect(throws: CryptoError(.invalidLength, "")) {
            try NISTP256.Signing.PrivateKey(rawRepresentation: Data(count: 31))
        }
        #expect(throws: CryptoError(.invalidLength, "")) {
            try NISTP256.Signing.PrivateKey(rawRepresentation: Data(count: 33))
        }
        #expect(throws: CryptoError(.invalidPrivateKey, "")) {
            try NISTP256.Signing.PrivateKey(rawRepresentation: Data(count: 32))
        }
        #expect(throws: CryptoError(.invalidPrivateKey, "")) {
            try NISTP256.Signing.PrivateKey(rawRepresentation: Self.order)
        }
        #expect(throws: CryptoError(.invalidPrivateKey, "")) {
            try NISTP256.Signing.PrivateKey(rawRepresentation: Data(repeating: 0xFF, count: 32))
        }
        var belowOrder = [UInt8](Self.order)
        belowOrder[31] -= 1
        #expect((try? NISTP256.Signing.PrivateKey(rawRepresentation: belowOrder)) != nil)
    }

    @Test("Public points: wrong length, wrong prefix, off the curve, X with no Y")
    func publicPoints() throws {
        let good = NISTP256.Signing.PrivateKey().publicKey
        #expect(throws: CryptoError(.invalidLength, "")) {
            try NISTP256.Signing.PublicKey(x963Representation: good.x963Representation.dropLast())
        }
        #expect(throws: CryptoError(.invalidLength, "")) {
            try NISTP256.Signing.PublicKey(compressedRepresentation: good.x963Representation)
        }
        #expect(throws: CryptoError(.invalidPublicKey, "")) {
            try NISTP256.Signing.PublicKey(x963Representation: Data([0x02]) + good.x963Representation.dropFirst())
        }
        #expect(throws: CryptoError(.invalidPublicKey, "")) {
            try NISTP256.Signing.PublicKey(
                compressedRepresentation: Data([0x04]) + good.compressedRepresentation.dropFirst())
        }
        var offCurve = [UInt8](good.x963Representation)
        offCurve[64] ^= 0x01
        let error = try #require(throws: CryptoError.self) {
            try NISTP256.Signing.PublicKey(x963Representation: offCurve)
        }
        #expect(error.code == .invalidPublicKey)
        #expect(error.reason.contains("OpenSSL"))
        #expect(throws: CryptoError(.invalidPublicKey, "")) {
            try NISTP256.Signing.PublicKey(x963Representation: Data([0x04]) + Data(count: 64))
        }
        // X = p - 1 is not the X coordinate of any P-256 point with a valid Y? Try X values until one has none.
        var rejected = 0
        for x in 1...20 {
            var compressed = [UInt8](repeating: 0, count: 33)
            compressed[0] = 0x02
            compressed[32] = UInt8(x)
            if (try? NISTP256.Signing.PublicKey(compressedRepresentation: compressed)) == nil { rejected += 1 }
        }
        #expect(rejected > 0)
    }

    @Test("SPKI DER: truncated, trailing bytes, garbage")
    func publicDER() {
        let der = NISTP256.Signing.PrivateKey().publicKey.derRepresentation
        #expect(throws: CryptoError(.malformedDER, "")) {
            try NISTP256.Signing.PublicKey(derRepresentation: der.dropLast())
        }
        #expect(throws: CryptoError(.malformedDER, "")) { try NISTP256.Signing.PublicKey(derRepresentation: der + [0]) }
        #expect(throws: CryptoError(.malformedDER, "")) { try NISTP256.Signing.PublicKey(derRepresentation: Data()) }
        #expect(throws: CryptoError(.malformedDER, "")) {
            try NISTP256.Signing.PublicKey(derRepresentation: Data("not a key".utf8))
        }
    }

    @Test("PKCS#8 DER: truncated, trailing bytes, a public key instead")
    func privateDER() {
        let key = NISTP256.Signing.PrivateKey()
        let der = key.derRepresentation
        #expect(throws: CryptoError(.malformedDER, "")) {
            try NISTP256.Signing.PrivateKey(derRepresentation: der.dropLast(5))
        }
        #expect(throws: CryptoError(.malformedDER, "")) {
            try NISTP256.Signing.PrivateKey(derRepresentation: der + [0])
        }
        #expect(throws: CryptoError(.malformedDER, "")) {
            try NISTP256.Signing.PrivateKey(derRepresentation: key.publicKey.derRepresentation)
        }
    }

    @Test("PEM: garbage, wrong block type, bad Base64, truncated body")
    func pem() throws {
        #expect(throws: CryptoError(.malformedPEM, "")) {
            try NISTP256.Signing.PrivateKey(pemRepresentation: "garbage")
        }
        #expect(throws: CryptoError(.malformedPEM, "")) { try NISTP256.Signing.PublicKey(pemRepresentation: "") }
        let key = NISTP256.Signing.PrivateKey()
        #expect(throws: CryptoError(.malformedPEM, "")) {
            try NISTP256.Signing.PrivateKey(pemRepresentation: key.publicKey.pemRepresentation)
        }
        #expect(throws: CryptoError(.malformedPEM, "")) {
            try NISTP256.Signing.PublicKey(pemRepresentation: key.pemRepresentation)
        }
        let badBase64 = "-----BEGIN PUBLIC KEY-----\nMFkw*&^%\n-----END PUBLIC KEY-----\n"
        #expect(throws: CryptoError(.malformedPEM, "")) { try NISTP256.Signing.PublicKey(pemRepresentation: badBase64) }
        // Cut the body short by whole 4-character groups so the Base64 stays valid: the DER is truncated.
        var lines = key.pemRepresentation.split(separator: "\n").map(String.init)
        lines[1] = String(lines[1].prefix(40))
        lines.remove(at: 2)
        let truncated = lines.joined(separator: "\n")
        let error = try #require(throws: CryptoError.self) {
            try NISTP256.Signing.PrivateKey(pemRepresentation: truncated)
        }
        #expect(error.code == .malformedDER)
    }

    @Test("Encrypted PEM: wrong password, missing password, empty password on write")
    func encryptedPEM() throws {
        let key = NISTP256.Signing.PrivateKey()
        let pem = try key.pemRepresentation(password: "s3cret")
        #expect(throws: CryptoError(.wrongPassword, "")) {
            try NISTP256.Signing.PrivateKey(pemRepresentation: pem, password: "S3cret")
        }
        #expect(throws: CryptoError(.passwordRequired, "")) { try NISTP256.Signing.PrivateKey(pemRepresentation: pem) }
        #expect(throws: CryptoError(.invalidParameter, "")) { try key.pemRepresentation(password: "") }
        let error = try #require(throws: CryptoError.self) {
            try NISTP256.Signing.PrivateKey(pemRepresentation: pem, password: "nope")
        }
        #expect(!error.reason.contains("s3cret"))
        #expect(!error.reason.contains("nope"))
    }

    @Test("ECDSA signatures: strict DER only")
    func signatureDER() throws {
        let key = NISTP256.Signing.PrivateKey()
        let signature = try key.signature(for: Data("x".utf8))
        let der = [UInt8](signature.derRepresentation)
        let malformed: [[UInt8]] = [
            [],
            Array(der.dropLast()),
            der + [0],
            [0x31] + der.dropFirst(),  // SET, not SEQUENCE
            [0x30, 0x81, UInt8(der.count - 2)] + der.dropFirst(2),  // long-form length
            [0x30, 0x06, 0x02, 0x01, 0x80, 0x02, 0x01, 0x01],  // negative r
            [0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x01],  // non-minimal r
            [0x30, 0x26, 0x02, 0x21, 0x01] + [UInt8](repeating: 0, count: 32) + [0x02, 0x01, 0x01],  // r > 256 bits
            [0x30, 0x03, 0x02, 0x01, 0x01],  // s missing
        ]
        for bytes in malformed {
            #expect(throws: CryptoError(.malformedSignature, "")) {
                try NISTP256.Signing.ECDSASignature(derRepresentation: bytes)
            }
        }
        #expect(throws: CryptoError(.invalidLength, "")) {
            try NISTP256.Signing.ECDSASignature(rawRepresentation: Data(count: 63))
        }
    }

    @Test("Signatures that do not verify are false, never an error")
    func notVerifying() throws {
        let key = NISTP256.Signing.PrivateKey()
        let other = NISTP256.Signing.PrivateKey()
        let message = Data("message".utf8)
        let signature = try key.signature(for: message)
        #expect(key.publicKey.isValidSignature(signature, for: message))
        #expect(!other.publicKey.isValidSignature(signature, for: message))
        #expect(!key.publicKey.isValidSignature(signature, for: Data("messagE".utf8)))
        let zero = try NISTP256.Signing.ECDSASignature(rawRepresentation: Data(count: 64))
        #expect(!key.publicKey.isValidSignature(zero, for: message))
        let big = try NISTP256.Signing.ECDSASignature(rawRepresentation: Data(repeating: 0xFF, count: 64))
        #expect(!key.publicKey.isValidSignature(big, for: message))
    }
}

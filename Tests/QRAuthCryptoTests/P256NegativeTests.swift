import Foundation
import QRAuthCrypto
import Testing

@Suite("P-256 malformed input gives typed errors")
struct P256NegativeTests {
    static let order = Data(hex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551") ?? Data()

    @Test("Raw private keys: wrong length, zero, n and above")
    func rawPrivateKey() {
        #expect(throws: CryptoError(.invalidLength, "")) {
            try P256.Signing.PrivateKey(rawRepresentation: Data(count: 31))
        }
        #expect(throws: CryptoError(.invalidLength, "")) {
            try P256.Signing.PrivateKey(rawRepresentation: Data(count: 33))
        }
        #expect(throws: CryptoError(.invalidPrivateKey, "")) {
            try P256.Signing.PrivateKey(rawRepresentation: Data(count: 32))
        }
        #expect(throws: CryptoError(.invalidPrivateKey, "")) {
            try P256.Signing.PrivateKey(rawRepresentation: Self.order)
        }
        #expect(throws: CryptoError(.invalidPrivateKey, "")) {
            try P256.Signing.PrivateKey(rawRepresentation: Data(repeating: 0xFF, count: 32))
        }
        var belowOrder = [UInt8](Self.order)
        belowOrder[31] -= 1
        #expect((try? P256.Signing.PrivateKey(rawRepresentation: belowOrder)) != nil)
    }

    @Test("Public points: wrong length, wrong prefix, off the curve, X with no Y")
    func publicPoints() throws {
        let good = P256.Signing.PrivateKey().publicKey
        #expect(throws: CryptoError(.invalidLength, "")) {
            try P256.Signing.PublicKey(x963Representation: good.x963Representation.dropLast())
        }
        #expect(throws: CryptoError(.invalidLength, "")) {
            try P256.Signing.PublicKey(compressedRepresentation: good.x963Representation)
        }
        #expect(throws: CryptoError(.invalidPublicKey, "")) {
            try P256.Signing.PublicKey(x963Representation: Data([0x02]) + good.x963Representation.dropFirst())
        }
        #expect(throws: CryptoError(.invalidPublicKey, "")) {
            try P256.Signing.PublicKey(
                compressedRepresentation: Data([0x04]) + good.compressedRepresentation.dropFirst())
        }
        var offCurve = [UInt8](good.x963Representation)
        offCurve[64] ^= 0x01
        let error = try #require(throws: CryptoError.self) { try P256.Signing.PublicKey(x963Representation: offCurve) }
        #expect(error.code == .invalidPublicKey)
        #expect(error.reason.contains("OpenSSL"))
        #expect(throws: CryptoError(.invalidPublicKey, "")) {
            try P256.Signing.PublicKey(x963Representation: Data([0x04]) + Data(count: 64))
        }
        // X = p - 1 is not the X coordinate of any P-256 point with a valid Y? Try X values until one has none.
        var rejected = 0
        for x in 1...20 {
            var compressed = [UInt8](repeating: 0, count: 33)
            compressed[0] = 0x02
            compressed[32] = UInt8(x)
            if (try? P256.Signing.PublicKey(compressedRepresentation: compressed)) == nil { rejected += 1 }
        }
        #expect(rejected > 0)
    }

    @Test("SPKI DER: truncated, trailing bytes, garbage")
    func publicDER() {
        let der = P256.Signing.PrivateKey().publicKey.derRepresentation
        #expect(throws: CryptoError(.malformedDER, "")) {
            try P256.Signing.PublicKey(derRepresentation: der.dropLast())
        }
        #expect(throws: CryptoError(.malformedDER, "")) { try P256.Signing.PublicKey(derRepresentation: der + [0]) }
        #expect(throws: CryptoError(.malformedDER, "")) { try P256.Signing.PublicKey(derRepresentation: Data()) }
        #expect(throws: CryptoError(.malformedDER, "")) {
            try P256.Signing.PublicKey(derRepresentation: Data("not a key".utf8))
        }
    }

    @Test("PKCS#8 DER: truncated, trailing bytes, a public key instead")
    func privateDER() {
        let key = P256.Signing.PrivateKey()
        let der = key.derRepresentation
        #expect(throws: CryptoError(.malformedDER, "")) {
            try P256.Signing.PrivateKey(derRepresentation: der.dropLast(5))
        }
        #expect(throws: CryptoError(.malformedDER, "")) { try P256.Signing.PrivateKey(derRepresentation: der + [0]) }
        #expect(throws: CryptoError(.malformedDER, "")) {
            try P256.Signing.PrivateKey(derRepresentation: key.publicKey.derRepresentation)
        }
    }

    @Test("PEM: garbage, wrong block type, bad Base64, truncated body")
    func pem() throws {
        #expect(throws: CryptoError(.malformedPEM, "")) { try P256.Signing.PrivateKey(pemRepresentation: "garbage") }
        #expect(throws: CryptoError(.malformedPEM, "")) { try P256.Signing.PublicKey(pemRepresentation: "") }
        let key = P256.Signing.PrivateKey()
        #expect(throws: CryptoError(.malformedPEM, "")) {
            try P256.Signing.PrivateKey(pemRepresentation: key.publicKey.pemRepresentation)
        }
        #expect(throws: CryptoError(.malformedPEM, "")) {
            try P256.Signing.PublicKey(pemRepresentation: key.pemRepresentation)
        }
        let badBase64 = "-----BEGIN PUBLIC KEY-----\nMFkw*&^%\n-----END PUBLIC KEY-----\n"
        #expect(throws: CryptoError(.malformedPEM, "")) { try P256.Signing.PublicKey(pemRepresentation: badBase64) }
        // Cut the body short by whole 4-character groups so the Base64 stays valid: the DER is truncated.
        var lines = key.pemRepresentation.split(separator: "\n").map(String.init)
        lines[1] = String(lines[1].prefix(40))
        lines.remove(at: 2)
        let truncated = lines.joined(separator: "\n")
        let error = try #require(throws: CryptoError.self) { try P256.Signing.PrivateKey(pemRepresentation: truncated) }
        #expect(error.code == .malformedDER)
    }

    @Test("Encrypted PEM: wrong password, missing password, empty password on write")
    func encryptedPEM() throws {
        let key = P256.Signing.PrivateKey()
        let pem = try key.pemRepresentation(password: "s3cret")
        #expect(throws: CryptoError(.wrongPassword, "")) {
            try P256.Signing.PrivateKey(pemRepresentation: pem, password: "S3cret")
        }
        #expect(throws: CryptoError(.passwordRequired, "")) { try P256.Signing.PrivateKey(pemRepresentation: pem) }
        #expect(throws: CryptoError(.invalidParameter, "")) { try key.pemRepresentation(password: "") }
        let error = try #require(throws: CryptoError.self) {
            try P256.Signing.PrivateKey(pemRepresentation: pem, password: "nope")
        }
        #expect(!error.reason.contains("s3cret"))
        #expect(!error.reason.contains("nope"))
    }

    @Test("ECDSA signatures: strict DER only")
    func signatureDER() throws {
        let key = P256.Signing.PrivateKey()
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
                try P256.Signing.ECDSASignature(derRepresentation: bytes)
            }
        }
        #expect(throws: CryptoError(.invalidLength, "")) {
            try P256.Signing.ECDSASignature(rawRepresentation: Data(count: 63))
        }
    }

    @Test("Signatures that do not verify are false, never an error")
    func notVerifying() throws {
        let key = P256.Signing.PrivateKey()
        let other = P256.Signing.PrivateKey()
        let message = Data("message".utf8)
        let signature = try key.signature(for: message)
        #expect(key.publicKey.isValidSignature(signature, for: message))
        #expect(!other.publicKey.isValidSignature(signature, for: message))
        #expect(!key.publicKey.isValidSignature(signature, for: Data("messagE".utf8)))
        let zero = try P256.Signing.ECDSASignature(rawRepresentation: Data(count: 64))
        #expect(!key.publicKey.isValidSignature(zero, for: message))
        let big = try P256.Signing.ECDSASignature(rawRepresentation: Data(repeating: 0xFF, count: 64))
        #expect(!key.publicKey.isValidSignature(big, for: message))
    }
}

@Suite("P-256 edge cases")
struct P256EdgeCaseTests {
    @Test("An off-curve point inside an SPKI is an invalid public key")
    func offCurveSPKI() throws {
        var der = [UInt8](P256.Signing.PrivateKey().publicKey.derRepresentation)
        der[der.count - 1] ^= 0x01
        #expect(throws: CryptoError(.invalidPublicKey, "")) { try P256.Signing.PublicKey(derRepresentation: der) }
    }

    @Test("PEM with CRLF line ends, surrounding text and other blocks first is read")
    func pemLayout() throws {
        let key = P256.Signing.PrivateKey()
        let crlf = key.pemRepresentation.replacingOccurrences(of: "\n", with: "\r\n")
        let text = "Some comment\r\n" + key.publicKey.pemRepresentation + crlf + "trailing words\n"
        #expect(try P256.Signing.PrivateKey(pemRepresentation: text).rawRepresentation == key.rawRepresentation)
        #expect(try P256.Signing.PublicKey(pemRepresentation: text) == key.publicKey)
    }

    @Test("One public key verifies correctly from many tasks at once")
    func concurrentVerify() async throws {
        let key = P256.Signing.PrivateKey()
        let messages = (0..<8).map { Data("message \($0)".utf8) }
        let signatures = try messages.map { try key.signature(for: $0) }
        let publicKey = key.publicKey
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<16 {
                group.addTask {
                    var allRight = true
                    for round in 0..<20 {
                        let index = (task + round) % messages.count
                        allRight = allRight && publicKey.isValidSignature(signatures[index], for: messages[index])
                        let wrong = (index + 1) % messages.count
                        allRight = allRight && !publicKey.isValidSignature(signatures[wrong], for: messages[index])
                    }
                    return allRight
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.count == 16)
        #expect(outcomes.allSatisfy { $0 })
    }

    @Test("Signing from many tasks at once gives valid signatures")
    func concurrentSign() async throws {
        let key = P256.Signing.PrivateKey()
        let message = Data("shared".utf8)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<10).allSatisfy { _ in
                        (try? key.signature(for: message)).map { key.publicKey.isValidSignature($0, for: message) }
                            ?? false
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }
}

@Suite("P-256 stored public key consistency")
struct P256StoredPublicKeyTests {
    @Test("A PKCS#8 key whose stored public point belongs to another key is rejected")
    func mismatchedStoredPoint() throws {
        let key = P256.Signing.PrivateKey()
        let other = P256.Signing.PrivateKey()
        var der = [UInt8](key.derRepresentation)
        der.replaceSubrange((der.count - 65)..., with: other.publicKey.x963Representation)
        #expect(throws: CryptoError(.invalidPrivateKey, "")) { try P256.Signing.PrivateKey(derRepresentation: der) }
        let pem = "-----BEGIN PRIVATE KEY-----\n\(Data(der).base64EncodedString())\n-----END PRIVATE KEY-----\n"
        #expect(throws: CryptoError(.invalidPrivateKey, "")) { try P256.Signing.PrivateKey(pemRepresentation: pem) }
    }
}

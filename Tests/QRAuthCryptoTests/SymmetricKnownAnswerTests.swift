import Foundation
import QRAuthCrypto
import Testing

struct AESBlockVector: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let keyHex: String
    let plaintextHex: String
    let ciphertextHex: String
    var testDescription: String { name }
}

struct AESCBCVector: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let keyHex: String
    let ivHex: String
    let plaintextHex: String
    let ciphertextHex: String
    var testDescription: String { name }
}

struct AESVectorFile: Decodable {
    let blocks: [AESBlockVector]
    let cbc: [AESCBCVector]

    static let loaded: AESVectorFile? = {
        guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil),
            let data = try? Data(contentsOf: url.appendingPathComponent("aes128-fips197-sp800-38a.json"))
        else { return nil }
        return try? JSONDecoder().decode(AESVectorFile.self, from: data)
    }()
}

struct PBKDF2Vector: Decodable, Sendable, CustomTestStringConvertible {
    let testCase: Int
    let passwordHex: String
    let saltHex: String
    let iterations: Int
    let keyLength: Int
    let derivedKeyHex: String
    var testDescription: String { "RFC 6070 case \(testCase)" }
}

@Suite("AES-128 and PBKDF2 known answers")
struct SymmetricKnownAnswerTests {
    @Test("AES-128 single block (FIPS-197)", arguments: AESVectorFile.loaded?.blocks ?? [])
    func block(vector: AESBlockVector) throws {
        let key = try #require(Data(hex: vector.keyHex))
        let plaintext = try #require(Data(hex: vector.plaintextHex))
        #expect(try AES128.encryptBlock(plaintext, key: key).hex == vector.ciphertextHex)
    }

    @Test("AES-128-CBC without padding (SP 800-38A F.2.1, F.2.2)", arguments: AESVectorFile.loaded?.cbc ?? [])
    func cbc(vector: AESCBCVector) throws {
        let key = try #require(Data(hex: vector.keyHex))
        let iv = try #require(Data(hex: vector.ivHex))
        let plaintext = try #require(Data(hex: vector.plaintextHex))
        let ciphertext = try AES128.encryptCBC(plaintext, key: key, iv: iv, padding: false)
        #expect(ciphertext.hex == vector.ciphertextHex)
        #expect(try AES128.decryptCBC(ciphertext, key: key, iv: iv, padding: false) == plaintext)
    }

    @Test("The vector files are present")
    func inventory() {
        #expect(AESVectorFile.loaded?.blocks.count == 2)
        #expect(AESVectorFile.loaded?.cbc.count == 1)
        #expect(Fixtures.items("pbkdf2-sha1-rfc6070.json", as: PBKDF2Vector.self).count == 5)
        #expect(Fixtures.items("sha256-fips180.json", as: SHA256Vector.self).count == 4)
        #expect(Fixtures.items("hmac-sha256-rfc4231.json", as: HMACVector.self).count == 7)
        #expect(Fixtures.items("hmac-sha1-rfc2202.json", as: HMACVector.self).count == 6)
    }

    @Test("AES-CBC with PKCS#7 padding: round trip for every length 0...48, whole padding block at 16")
    func paddingRoundTrip() throws {
        let key = SecureRandom.bytes(count: 16)
        let iv = SecureRandom.bytes(count: 16)
        for length in 0...48 {
            let plaintext = SecureRandom.bytes(count: length)
            let ciphertext = try AES128.encryptCBC(plaintext, key: key, iv: iv, padding: true)
            #expect(ciphertext.count == (length / 16 + 1) * 16)
            #expect(try AES128.decryptCBC(ciphertext, key: key, iv: iv, padding: true) == plaintext)
        }
    }

    @Test("PKCS#7 padding of the SP 800-38A plaintext matches the unpadded CBC plus one padding block")
    func paddingMatchesManualPadding() throws {
        let vector = try #require(AESVectorFile.loaded?.cbc.first)
        let key = try #require(Data(hex: vector.keyHex))
        let iv = try #require(Data(hex: vector.ivHex))
        let plaintext = try #require(Data(hex: vector.plaintextHex))
        let padded = try AES128.encryptCBC(plaintext, key: key, iv: iv, padding: true)
        let manual = try AES128.encryptCBC(
            plaintext + Data(repeating: 16, count: 16), key: key, iv: iv, padding: false)
        #expect(padded == manual)
        #expect(padded.prefix(64).hex == vector.ciphertextHex)
    }

    @Test("AES rejects bad key, IV and data lengths with crypto.invalid_length")
    func badLengths() {
        let sixteen = Data(count: 16)
        #expect(throws: CryptoError(.invalidLength, "")) { try AES128.encryptBlock(Data(count: 15), key: sixteen) }
        #expect(throws: CryptoError(.invalidLength, "")) { try AES128.encryptBlock(sixteen, key: Data(count: 32)) }
        #expect(throws: CryptoError(.invalidLength, "")) {
            try AES128.encryptCBC(Data(count: 17), key: sixteen, iv: sixteen, padding: false)
        }
        #expect(throws: CryptoError(.invalidLength, "")) {
            try AES128.encryptCBC(sixteen, key: sixteen, iv: Data(count: 8), padding: true)
        }
        #expect(throws: CryptoError(.invalidLength, "")) {
            try AES128.decryptCBC(Data(count: 20), key: sixteen, iv: sixteen, padding: false)
        }
        #expect(throws: CryptoError(.invalidLength, "")) {
            try AES128.decryptCBC(Data(), key: sixteen, iv: sixteen, padding: true)
        }
    }

    @Test("Bad PKCS#7 padding gives crypto.decryption_failed with OpenSSL's reason")
    func badPadding() throws {
        let key = Data(repeating: 1, count: 16)
        let iv = Data(repeating: 2, count: 16)
        // A block whose decryption ends in 0x00 is never valid PKCS#7.
        let ciphertext = try AES128.encryptCBC(Data(count: 16), key: key, iv: iv, padding: false)
        let error = try #require(throws: CryptoError.self) {
            try AES128.decryptCBC(ciphertext, key: key, iv: iv, padding: true)
        }
        #expect(error.code == .decryptionFailed)
        #expect(error.reason.contains("OpenSSL"))
    }

    @Test("PBKDF2-HMAC-SHA1 (RFC 6070)", arguments: Fixtures.items("pbkdf2-sha1-rfc6070.json", as: PBKDF2Vector.self))
    func pbkdf2(vector: PBKDF2Vector) throws {
        let password = try #require(Data(hex: vector.passwordHex))
        let salt = try #require(Data(hex: vector.saltHex))
        let key = try PBKDF2.deriveSHA1(
            password: password, salt: salt, iterations: vector.iterations, keyLength: vector.keyLength)
        #expect(key.hex == vector.derivedKeyHex)
    }

    @Test("PBKDF2 rejects zero iterations and out-of-range key lengths")
    func pbkdf2Parameters() {
        let password = Data("p".utf8)
        #expect(throws: CryptoError(.invalidParameter, "")) {
            try PBKDF2.deriveSHA1(password: password, salt: password, iterations: 0, keyLength: 16)
        }
        #expect(throws: CryptoError(.invalidParameter, "")) {
            try PBKDF2.deriveSHA1(password: password, salt: password, iterations: 1, keyLength: 0)
        }
        #expect(throws: CryptoError(.invalidParameter, "")) {
            try PBKDF2.deriveSHA1(password: password, salt: password, iterations: 1, keyLength: 1025)
        }
    }
}

@Suite("Random bytes and constant-time comparison")
struct RandomAndComparisonTests {
    @Test("SecureRandom gives the requested count and different values")
    func random() {
        #expect(SecureRandom.bytes(count: 0).isEmpty)
        #expect(SecureRandom.bytes(count: -3).isEmpty)
        #expect(SecureRandom.bytes(count: 1000).count == 1000)
        let samples = Set((0..<16).map { _ in SecureRandom.bytes(count: 16) })
        #expect(samples.count == 16)
    }

    @Test("ConstantTime.equals compares length and content")
    func comparison() {
        let a = Data([1, 2, 3, 4])
        #expect(ConstantTime.equals(a, Data([1, 2, 3, 4])))
        #expect(ConstantTime.equals(a, [UInt8]([1, 2, 3, 4])))
        #expect(!ConstantTime.equals(a, Data([1, 2, 3, 5])))
        #expect(!ConstantTime.equals(a, Data([1, 2, 3])))
        #expect(!ConstantTime.equals(a, Data([1, 2, 3, 4, 0])))
        #expect(ConstantTime.equals(Data(), [UInt8]()))
        #expect(!ConstantTime.equals(Data(), Data([0])))
    }
}

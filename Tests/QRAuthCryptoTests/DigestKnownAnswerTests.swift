import Foundation
import QRAuthCrypto
import Testing

struct SHA256Vector: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let dataHex: String
    let `repeat`: Int
    let digestHex: String
    var testDescription: String { name }
}

struct HMACVector: Decodable, Sendable, CustomTestStringConvertible {
    let testCase: Int
    let keyHex: String
    let dataHex: String
    let macHex: String
    var testDescription: String { "test case \(testCase)" }
}

@Suite("Hash and HMAC known answers")
struct DigestKnownAnswerTests {
    @Test("SHA-256 FIPS 180 examples", arguments: Fixtures.items("sha256-fips180.json", as: SHA256Vector.self))
    func sha256(vector: SHA256Vector) throws {
        let unit = try #require(Data(hex: vector.dataHex))
        var message = Data(capacity: unit.count * vector.repeat)
        for _ in 0..<vector.repeat { message.append(unit) }
        #expect(SHA256Hash.hash(data: message).hex == vector.digestHex)
    }

    @Test("SHA-256 of a non-contiguous collection equals that of its bytes")
    func sha256NonContiguous() {
        let repeated = repeatElement(UInt8(ascii: "a"), count: 1000)
        #expect(
            SHA256Hash.hash(data: repeated) == SHA256Hash.hash(data: Data(repeating: UInt8(ascii: "a"), count: 1000)))
        #expect(SHA256Hash.hash(data: EmptyCollection<UInt8>()) == SHA256Hash.hash(data: Data()))
    }

    @Test("HMAC-SHA256 RFC 4231", arguments: Fixtures.items("hmac-sha256-rfc4231.json", as: HMACVector.self))
    func hmacSHA256(vector: HMACVector) throws {
        let key = try #require(Data(hex: vector.keyHex))
        let data = try #require(Data(hex: vector.dataHex))
        let mac = HMACSHA256.authenticationCode(for: data, using: key)
        #expect(mac.count == 32)
        // Test case 5 publishes only the first 128 bits.
        #expect(mac.prefix(vector.macHex.count / 2).hex == vector.macHex)
    }

    @Test("HMAC-SHA1 RFC 2202", arguments: Fixtures.items("hmac-sha1-rfc2202.json", as: HMACVector.self))
    func hmacSHA1(vector: HMACVector) throws {
        let key = try #require(Data(hex: vector.keyHex))
        let data = try #require(Data(hex: vector.dataHex))
        #expect(HMACSHA1.authenticationCode(for: data, using: key).hex == vector.macHex)
    }

    @Test("HMAC with an empty key and empty data is defined")
    func hmacEmpty() {
        // RFC 2104 with K = "" and M = "": a well-known value.
        #expect(
            HMACSHA256.authenticationCode(for: Data(), using: Data()).hex
                == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }
}

import Foundation
import QRAuthCrypto
import Testing

struct X963KDFVector: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let sharedSecretHex: String
    let infoHex: String
    let outputHex: String
    var testDescription: String { name }
}

@Suite("X9.63 KDF")
struct X963KDFTests {
    static let vectors = Fixtures.items("x963kdf-sha256.json", as: X963KDFVector.self)

    @Test func fixtureLoads() {
        #expect(Self.vectors.count == 8)
    }

    @Test(arguments: vectors)
    func knownAnswer(_ vector: X963KDFVector) throws {
        let secret = try #require(Data(hex: vector.sharedSecretHex))
        let info = try #require(Data(hex: vector.infoHex))
        let expected = try #require(Data(hex: vector.outputHex))
        let output = try X963KDF.sha256(sharedSecret: secret, info: info, outputLength: expected.count)
        #expect(output.hex == vector.outputHex)
    }

    @Test func shorterOutputIsAPrefix() throws {
        let secret = Data(repeating: 7, count: 32)
        let long = try X963KDF.sha256(sharedSecret: secret, info: Data([1, 2]), outputLength: 80)
        let short = try X963KDF.sha256(sharedSecret: secret, info: Data([1, 2]), outputLength: 48)
        #expect(long.prefix(48) == short)
    }

    @Test(arguments: [0, -1, X963KDF.maximumOutputLength + 1])
    func outputLengthOutOfRangeIsRefused(_ length: Int) {
        #expect(throws: CryptoError(.invalidParameter, "")) {
            try X963KDF.sha256(sharedSecret: Data(count: 32), info: Data(), outputLength: length)
        }
    }
}

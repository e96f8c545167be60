import Foundation
import OfflineOperations
import Testing

/// Signing keys `2` (a 32-byte KMAC tag) and `0` with a P-384 signature, as PowerAuth 4.0 servers write them. The
/// payloads are copies of qrauth's own 4.0 vectors (PowerAuthTests `derived/v4/own-vectors.json`).
@Suite("Offline operation signing keys of protocol 4.0")
struct OfflineOperationV4KeyTests {
    struct Vector: Decodable {
        var name: String
        var input: String
        var signingKey: String
        var signatureLength: Int
    }

    static let vectors: [Vector] = FixtureLoader.load("v4_signing_keys.json")

    @Test func everyVectorParsesWithItsKey() throws {
        #expect(Self.vectors.count == 4)
        for vector in Self.vectors {
            let operation = try OfflineOperation(vector.input)
            #expect(operation.signingKey.rawValue == vector.signingKey, "\(vector.name)")
            #expect(operation.signature.count == vector.signatureLength)
            #expect(operation.signedData.last == operation.signingKey.indicator.asciiValue)
            #expect(String(decoding: operation.signedData, as: UTF8.self) + operation.signatureBase64 == vector.input)
        }
    }

    @Test func indicatorsRoundTrip() {
        #expect(OfflineOperation.SigningKey.allCases.map(\.indicator) == ["0", "1", "2"])
        for key in OfflineOperation.SigningKey.allCases {
            #expect(OfflineOperation.SigningKey(indicator: key.indicator) == key)
        }
        #expect(OfflineOperation.SigningKey(indicator: "3") == nil)
        #expect(OfflineOperation.SigningKey.personalizedMAC.signatureLengths == 32...32)
        #expect(OfflineOperation.SigningKey.master.signatureLengths == 64...255)
    }

    /// Key 2 takes exactly 32 bytes; an ECDSA-sized signature with key 2, or a 32-byte one with key 0 or 1, is refused.
    /// Open point 8 (docs/powerauth-v4.md): the 64-byte MAC of one server revision is what the other choice would
    /// accept; here it is refused.
    @Test(arguments: [("2", 31), ("2", 33), ("2", 64), ("2", 72), ("0", 32), ("1", 32)])
    func lengthsFollowTheKey(_ indicator: String, _ length: Int) throws {
        let base = try #require(Self.vectors.first { $0.signingKey == "personalized-mac" }).input
        let lines = base.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let text =
            lines.joined(separator: "\n") + "\n" + indicator + Data(repeating: 7, count: length).base64EncodedString()
        do {
            _ = try OfflineOperation(text)
            Issue.record("a \(length)-byte signature with key \(indicator) parsed")
        } catch {
            #expect(error.code == .signatureLength)
            #expect(error.reason.hasSuffix("bytes, got \(length)"), "\(error.reason)")
            #expect(error.reason.contains(indicator == "2" ? "must decode to 32 bytes" : "64-255"))
        }
    }

    @Test func builderWritesKey2() throws {
        let operation = try OfflineOperation(
            try #require(Self.vectors.first { $0.signingKey == "personalized-mac" }).input)
        let builder = OfflineOperationBuilder(operation)
        #expect(
            try builder.operationString(signingKey: .personalizedMAC, signature: operation.signature)
                == operation.rawLines.joined(separator: "\n"))
        #expect(throws: OfflineOperationError.self) {
            try builder.operationString(signingKey: .personalizedMAC, signature: Data(count: 64))
        }
    }
}

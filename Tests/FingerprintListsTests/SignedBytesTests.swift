import Foundation
import QRAuthCrypto
import Testing

@testable import FingerprintLists

/// The signed bytes built into a reused buffer equal the UTF-8 of `signedString` (the spec's definition),
/// and the parallel verifier agrees with verifying entries one by one.
@Suite("Signed bytes and parallel list verification")
struct SignedBytesTests {
    static let expiries: [Int64] = [0, 1, 9, 10, -1, -10, 1_700_000_000, 4_102_444_800, .max, .min]

    @Test(arguments: expiries)
    func signedBytesEqualTheSignedString(_ expires: Int64) {
        for name in ["", "example.com", "*.wültra.com", "a&b", "日本.example"] {
            for length in [0, 1, 2, 3, 31, 32, 33] {
                let fingerprint = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ Int(expires & 0xff)) })
                let entry = FingerprintEntry(name: name, fingerprint: fingerprint, expires: expires)
                #expect(entry.signedBytes == Data(entry.signedString.utf8))
                var buffer: [UInt8] = Array("leftover".utf8)
                buffer.removeAll(keepingCapacity: true)
                entry.appendSignedBytes(to: &buffer)
                #expect(Data(buffer) == Data(entry.signedString.utf8))
            }
        }
    }

    @Test func base64MatchesFoundation() {
        for length in 0..<70 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
            var buffer: [UInt8] = []
            FingerprintEntry.appendBase64(of: bytes, to: &buffer)
            #expect(String(decoding: buffer, as: UTF8.self) == Data(bytes).base64EncodedString())
        }
    }

    @Test func parallelVerdictsEqualOneByOne() throws {
        let key = PinningSigningKey.generate()
        let other = PinningSigningKey.generate()
        var entries: [FingerprintEntry] = []
        for index in 0..<200 {
            let fingerprint = Data((0..<32).map { UInt8(truncatingIfNeeded: $0 &+ index) })
            var entry = try (index % 7 == 3 ? other : key).sign(
                FingerprintEntry(name: "host\(index).example.com", fingerprint: fingerprint, expires: Int64(index)))
            if index % 11 == 5 { entry.signature = nil }
            if index % 13 == 6 { entry.expires += 1 }
            if index % 17 == 8, let signature = entry.signature { entry.signature = signature + Data([0]) }
            entries.append(entry)
        }
        let verifier = FingerprintListVerifier(publicKey: key.publicKey)
        let verdicts = verifier.verify(FingerprintList(entries: entries), now: 100)
        #expect(verdicts.count == entries.count)
        for (index, entry) in entries.enumerated() {
            let expected: EntryVerdict.Signature
            if let signature = entry.signature {
                expected = key.publicKey.isValidSignature(signature, for: entry.signedBytes) ? .valid : .invalid
            } else {
                expected = .missing
            }
            #expect(verdicts[index].signature == expected, "entry \(index)")
            #expect(verifier.isValid(entry) == (expected == .valid))
        }
        #expect(verdicts.contains { $0.signature == .valid })
        #expect(verdicts.contains { $0.signature == .invalid })
        #expect(verdicts.contains { $0.signature == .missing })
    }
}

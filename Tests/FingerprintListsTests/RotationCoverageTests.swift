import Foundation
import Testing

@testable import FingerprintLists

@Suite("Rotation coverage")
struct RotationCoverageTests {
    private func verdict(
        _ index: Int, _ name: String, expires: Int64, _ signature: EntryVerdict.Signature = .valid,
        _ expiry: EntryVerdict.Expiry
    ) -> EntryVerdict {
        let entry = FingerprintEntry(
            name: name, fingerprint: Data(repeating: UInt8(index), count: 32), expires: expires)
        return EntryVerdict(index: index, entry: entry, signature: signature, expiry: expiry)
    }

    @Test func theLatestValidEntryOfTheSameNameCovers() {
        let verdicts = [
            verdict(0, "a.example", expires: 100, .valid, .expiringSoon),
            verdict(1, "a.example", expires: 500, .valid, .valid),
            verdict(2, "a.example", expires: 900, .valid, .valid),
            verdict(3, "a.example", expires: 50, .valid, .expired),
            verdict(4, "b.example", expires: 100, .valid, .expiringSoon),
        ]
        #expect(RotationCoverage.coveringEntries(verdicts) == [0: 2, 3: 2])
    }

    @Test func badSignaturesAndOtherNamesCoverNothing() {
        let verdicts = [
            verdict(0, "a.example", expires: 100, .valid, .expiringSoon),
            verdict(1, "a.example", expires: 900, .invalid, .valid),
            verdict(2, "a.example", expires: 900, .missing, .valid),
            verdict(3, "A.example", expires: 900, .valid, .valid),
        ]
        #expect(RotationCoverage.coveringEntries(verdicts).isEmpty)
    }
}

import Foundation
import Testing

@testable import FingerprintLists

@Suite("Update scheduler (iOS UpdateSchedulerTests vectors)")
struct UpdateSchedulerTests {
    @Test(arguments: try ExtractedVectors.load().update_scheduler.cases.indices)
    func intervals(_ index: Int) throws {
        let vectors = try ExtractedVectors.load().update_scheduler
        let scheduler = UpdateScheduler(
            periodicUpdateInterval: Int64(vectors.params.periodicUpdateInterval),
            expirationUpdateThreshold: Int64(vectors.params.expirationUpdateTreshold))
        let row = vectors.cases[index]
        let entries = row.certs.map {
            FingerprintEntry(name: $0[0].text, fingerprint: Fixtures.repeated($0[1].text), expires: $0[2].number)
        }
        for (now, expected) in row.expected_interval_by_now {
            #expect(scheduler.interval(for: entries, now: Int64(now)!) == Int64(expected), "now \(now)")
        }
    }
}

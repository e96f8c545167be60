import FingerprintLists
import Foundation

/// Decodes and verifies a 10 000-entry static fingerprint list (one operation = the whole list),
/// with the library's parallel verifier: the release-pipeline `qrauth pins verify` hot path.
/// `QRAUTH_BENCH_PINS_ENTRIES=N` changes the list size (smaller lists keep callgrind runs short).
struct PinsVerifyListBenchmark: Benchmark {
    static let entryCount =
        ProcessInfo.processInfo.environment["QRAUTH_BENCH_PINS_ENTRIES"].flatMap(Int.init).map { max(1, $0) } ?? 10_000
    let name = "pins-verify-list"
    let summary = "FingerprintList.decode + FingerprintListVerifier.verify of a 10 000-entry list (1 op = 1 list)"
    let warmUpIterations = 1
    let batchSize = 1

    func prepare() throws -> () -> Int {
        let key = PinningSigningKey.generate()
        var list = FingerprintList()
        for index in 0..<Self.entryCount {
            var fingerprint = Data(count: 32)
            fingerprint[0] = UInt8(index & 0xff)
            fingerprint[1] = UInt8(index >> 8)
            let entry = FingerprintEntry(
                name: "host\(index).example.com", fingerprint: fingerprint, expires: 4_102_444_800)
            list.entries.append(try key.sign(entry))
        }
        let data = list.encoded()
        let verifier = FingerprintListVerifier(publicKey: key.publicKey)
        let check = verifier.verify(try FingerprintList.decode(data), now: 0)
        guard check.count == Self.entryCount, check.allSatisfy({ $0.signature == .valid }) else {
            throw BenchmarkFailure("the generated list does not verify")
        }
        return {
            guard let decoded = try? FingerprintList.decode(data) else { return 0 }
            return verifier.verify(decoded, now: 0).reduce(0) { $0 + ($1.signature == .valid ? 1 : 0) }
        }
    }
}

import Foundation
import QRAuthTestSupport
import Synchronization
import Testing

@testable import QRImaging

@Suite("Scan memory budget: decoders report their real allocation, jobs share one budget")
struct ScanMemoryBudgetTests {
    static func netpbm(_ magic: String, width: Int, height: Int, channels: Int, fill: UInt8 = 255) -> Data {
        Data("\(magic)\n\(width) \(height)\n255\n".utf8) + Data(repeating: fill, count: width * height * channels)
    }

    static func pgm(_ image: GrayImage) -> Data {
        Data("P5\n\(image.width) \(image.height)\n255\n".utf8) + Data(image.pixels)
    }

    /// Records every allocation a decoder reports.
    final class Recorder: Sendable {
        let seen = Mutex<[ImageAllocation]>([])
        var admission: ImageAdmission { { allocation in self.seen.withLock { $0.append(allocation) } } }
    }

    @Test(arguments: [
        // Grey maps keep 16-bit samples and then the grey result; pixel maps three channels of them.
        ("P5", 1, 3), ("P6", 3, 7),
    ])
    func netpbmReportsSamplesAndResult(_ magic: String, _ channels: Int, _ bytesPerPixel: Int) throws {
        let recorder = Recorder()
        let image = try ImageDecoder.decode(
            Self.netpbm(magic, width: 30, height: 20, channels: channels), admit: recorder.admission)
        #expect(image.width == 30)
        #expect(recorder.seen.withLock { $0 } == [ImageAllocation(width: 30, height: 20, bytes: 600 * bytesPerPixel)])
    }

    @Test func anAdmissionThatRefusesStopsTheDecodeWithItsError() {
        let refusal = ImagingError(.tooManyPixels, "no room")
        #expect(throws: refusal) {
            try ImageDecoder.decode(Self.netpbm("P5", width: 8, height: 8, channels: 1)) { _ throws(ImagingError) in
                throw refusal
            }
        }
    }

    @Test func thePixelLimitIsCheckedBeforeAnythingIsAdmitted() {
        let recorder = Recorder()
        #expect(throws: ImagingError(.tooManyPixels, "")) {
            try ImageDecoder.decode(
                Self.netpbm("P5", width: 10, height: 10, channels: 1), pixelLimit: 99, admit: recorder.admission)
        }
        #expect(recorder.seen.withLock { $0 }.isEmpty)
    }

    @Test func aRequestLargerThanTheWholeBudgetFailsAtOnce() {
        let budget = ScanMemoryBudget(capacity: 1000)
        #expect(throws: ImagingError(.tooManyPixels, "")) { try budget.reserve(1001, what: "the image") }
        #expect(budget.peakReserved == 0)
    }

    /// A waiter is served in arrival order: a small request behind a large one waits, although it
    /// would fit, until the large one is served. (Checked while only the small one fits: once both
    /// are served, the order their threads get to record it in is the scheduler's, not the budget's.)
    @Test func waitersAreServedFirstComeFirstServed() async throws {
        let budget = ScanMemoryBudget(capacity: 100)
        try budget.reserve(80, what: "first")
        let served = Mutex<[String]>([])
        // The waiters block in `reserve` on threads of their own; this test only suspends while it watches them.
        let large = Thread {
            try? budget.reserve(50, what: "large")
            served.withLock { $0.append("large") }
        }
        large.start()
        try #require(await OwnThreads.until { budget.queued >= 1 })
        let small = Thread {
            try? budget.reserve(10, what: "small")
            served.withLock { $0.append("small") }
        }
        small.start()
        try #require(await OwnThreads.until { budget.queued >= 2 })
        #expect(served.withLock { $0 }.isEmpty)
        // 40 free: the small request fits, the large one ahead of it does not, so neither is served.
        budget.release(20)
        try await Task.sleep(for: .milliseconds(50))
        #expect(served.withLock { $0 }.isEmpty)
        #expect(budget.queued == 2)
        budget.release(60)
        #expect(await OwnThreads.until { served.withLock { $0.count } >= 2 })
        #expect(Set(served.withLock { $0 }) == ["large", "small"])
        #expect(budget.peakReserved == 80)
    }

    @Test(arguments: [1, 3])
    func batchScansStayWithinTheBudgetAndRefuseOnlyWhatCannotFit(jobs: Int) throws {
        let code = try FixtureMatrix(named: "qrencode-czech-M.txt").image(scale: 3)
        let file = Self.pgm(code)
        let one = ImageAllocation(width: code.width, height: code.height, bytes: 3 * code.width * code.height)
        let needed = one.bytes + QRBatchScanner.scanBytes(for: one) + 2 * file.count
        // Room for one image at a time (not two), so with several jobs they take turns.
        let budget = ScanMemoryBudget(capacity: needed + needed / 2)
        let huge = Self.netpbm("P5", width: 3000, height: 3000, channels: 1)
        let inputs = [file, file, huge, file, file]
        var outcomes: [Result<Int, ImagingError>] = []
        QRBatchScanner(jobs: jobs, options: QRScanOptions(passes: [.plain]), memoryBudget: budget).scan(
            inputs, read: { $0 }
        ) { result in
            outcomes.append(
                result.outcome.map(\.symbols.count).mapError { ($0 as? ImagingError) ?? ImagingError(.corrupt, "") })
        }
        #expect(outcomes.count == 5)
        for (index, outcome) in outcomes.enumerated() where index != 2 { #expect(outcome == .success(1)) }
        #expect(outcomes[2] == .failure(ImagingError(.tooManyPixels, "")))
        #expect(budget.peakReserved == needed)
        #expect(budget.queued == 0)
    }
}

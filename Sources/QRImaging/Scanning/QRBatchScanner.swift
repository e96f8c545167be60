import Foundation

/// Scans many inputs in parallel: `jobs` worker threads, each with its own `QRScanner` (ZBar scanners
/// are not thread-safe), loading and scanning one input at a time. Results are delivered on the
/// calling thread in input order, each as soon as it and every input before it are done.
public struct QRBatchScanner: Sendable {
    /// Number of worker threads (at least 1).
    public var jobs: Int
    /// What each worker's scanner looks for and which passes it tries.
    public var options: QRScanOptions
    /// Per-image time budget (nil: none).
    public var budget: Duration?
    /// The clock budgets are measured with.
    public var clock: ScanClock

    /// The number of active cores, the default for `jobs`.
    public static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Makes a batch scanner; `jobs` defaults to the number of active cores.
    public init(
        jobs: Int = QRBatchScanner.defaultJobs,
        options: QRScanOptions = QRScanOptions(),
        budget: Duration? = QRScanner.defaultBudget,
        clock: ScanClock = .threadCPU
    ) {
        self.jobs = max(1, jobs)
        self.options = options
        self.budget = budget
        self.clock = clock
    }

    /// Loads (on a worker) and scans every input; `onResult` runs on the calling thread, in input order.
    public func scan<Input: Sendable>(
        _ inputs: [Input],
        load: @escaping @Sendable (Input) throws -> GrayImage,
        onResult: (QRBatchResult<Input>) -> Void
    ) {
        guard !inputs.isEmpty else { return }
        let state = QRBatchState<Input>(count: inputs.count)
        let workers = min(jobs, inputs.count)
        let options = options
        let budget = budget
        let clock = clock
        for _ in 0..<workers {
            let thread = Thread {
                let scanner = Result { try QRScanner(options: options, clock: clock) }
                while let index = state.claim() {
                    let input = inputs[index]
                    let outcome = Result<QRScanReport, any Error> {
                        let image = try load(input)
                        return try scanner.get().scanReport(image, budget: budget)
                    }
                    state.finish(QRBatchResult(index: index, input: input, outcome: outcome))
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        for index in 0..<inputs.count {
            onResult(state.wait(for: index))
        }
    }
}

public import FoundationEssentials

/// Scans many inputs in parallel: `jobs` worker threads, each with its own `QRScanner` (ZBar scanners
/// are not thread-safe), loading and scanning one input at a time. Results are delivered on the
/// calling thread in input order, each as soon as it and every input before it are done.
public struct QRBatchScanner: Sendable {
    /// Number of worker threads (at least 1).
    public var jobs: Int
    /// What each worker's scanner looks for and which passes it tries.
    public var options: QRScanOptions
    /// Per-image time budget (nil: none); it is the workers' budget, whatever `options.defaultBudget` says.
    public var budget: Duration?
    /// The clock budgets are measured with.
    public var clock: ScanClock
    /// The memory the images decoded and scanned at once may take (`scan(_:read:pixelLimit:onResult:)`).
    public var memoryBudget: ScanMemoryBudget

    /// The number of active cores, the default for `jobs`.
    public static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Makes a batch scanner; `jobs` defaults to the number of active cores.
    public init(
        jobs: Int = QRBatchScanner.defaultJobs,
        options: QRScanOptions = QRScanOptions(),
        budget: Duration? = QRScanner.defaultBudget,
        clock: ScanClock = .threadCPU,
        memoryBudget: ScanMemoryBudget = ScanMemoryBudget(capacity: ScanMemoryBudget.defaultCapacity)
    ) {
        self.jobs = max(1, jobs)
        self.options = options
        self.budget = budget
        self.clock = clock
        self.memoryBudget = memoryBudget
    }

    /// Decodes and scans every input within `memoryBudget`; `read` (on a worker) gives an input's
    /// file bytes, and `onResult` runs on the calling thread, in input order.
    ///
    /// Before a decoder allocates an image it reserves, in arrival order, the decoder's own allocation
    /// (`ImageAllocation`), what scanning adds (`scanBytes(for:)`) and twice the file (the bytes read and
    /// the decoder's copy); a job waits while others hold too much, and an image that alone exceeds the
    /// budget fails with `ImagingError.tooManyPixels`. What `read` itself holds is bounded by the caller.
    public func scan<Input: Sendable>(
        _ inputs: [Input],
        read: @escaping @Sendable (Input) throws -> Data,
        pixelLimit: Int = ImageDecoder.defaultPixelLimit,
        onResult: (QRBatchResult<Input>) -> Void
    ) {
        let budget = memoryBudget
        run(inputs, onResult: onResult) { input in
            let data = try read(input)
            let fileBytes = data.count.multipliedReportingOverflow(by: 2)
            let reservation = ScanMemoryReservation(budget: budget) { allocation in
                let (sum, overflow) = Self.scanBytes(for: allocation).addingReportingOverflow(fileBytes.partialValue)
                return overflow || fileBytes.overflow ? Int.max : sum
            }
            do {
                let image = try ImageDecoder.decode(data, pixelLimit: pixelLimit) { allocation throws(ImagingError) in
                    try reservation.admit(allocation)
                }
                return (image, reservation)  // released by `run` once the scan is done
            } catch {
                reservation.release()
                throw error
            }
        }
    }

    /// Scans every input as `load` (on a worker) returns it, already decoded; `onResult` runs on the
    /// calling thread, in input order. The memory budget does not apply: the images exist already.
    public func scan<Input: Sendable>(
        _ inputs: [Input],
        load: @escaping @Sendable (Input) throws -> GrayImage,
        onResult: (QRBatchResult<Input>) -> Void
    ) {
        run(inputs, onResult: onResult) { input in (try load(input), nil) }
    }

    /// What scanning an image adds to its decoded pixels, at most: passes work on one transformed copy
    /// at a time (full size up to 1400 px, a reduced copy of about 1000 × 1000 px above) beside the
    /// cached downscaled and working views, and small images are also upscaled 2–3×. Calibrated on
    /// noise images that no pass reads (every pass runs): the peak resident size above an idle scan was
    /// 5 × the pixels at 1400 × 1400 and under 12 MiB for the scan of a 64-megapixel image. Images over
    /// 1400 px up to `PassViews.smallCodeSearchUpTo` also get a full-size finder search where every pass
    /// missed (`PassViews.fullSizeFinders`): a block-binarised copy and its block levels, and where it finds a
    /// group, the image sharpened for its drawings beside that copy (box sums of 2 bytes a pixel and the blur at
    /// the sharpening's peak): just over 4 × the pixels, 5 × reserved.
    public static func scanBytes(for allocation: ImageAllocation) -> Int {
        let pixels = allocation.width * allocation.height
        let longer = max(allocation.width, allocation.height)
        var copies = longer <= PassViews.workingAbove ? 6 * pixels : 6 * 1_000_000
        if longer > PassViews.workingAbove, longer <= PassViews.smallCodeSearchUpTo { copies += 5 * pixels }
        let upscaled = longer <= PassViews.upscaleUpTo ? 9 * pixels : 0
        return copies + upscaled + (8 << 20)
    }

    /// The worker loop both entry points share; `prepare` gives the image and the reservation to drop
    /// once its scan is done.
    private func run<Input: Sendable>(
        _ inputs: [Input],
        onResult: (QRBatchResult<Input>) -> Void,
        prepare: @escaping @Sendable (Input) throws -> (GrayImage, ScanMemoryReservation?)
    ) {
        guard !inputs.isEmpty else { return }
        let state = QRBatchState<Input>(count: inputs.count)
        let workers = min(jobs, inputs.count)
        let options = options
        let budget = budget
        let clock = clock
        for _ in 0..<workers {
            startThread(stackSize: 8 << 20) {
                let scanner = Result { try QRScanner(options: options, clock: clock) }
                while let index = state.claim() {
                    let input = inputs[index]
                    let outcome = Result<QRScanReport, any Error> {
                        let (image, reservation) = try prepare(input)
                        defer { reservation?.release() }
                        return try scanner.get().scanReport(image, budget: budget)
                    }
                    state.finish(QRBatchResult(index: index, input: input, outcome: outcome))
                }
            }
        }
        for index in 0..<inputs.count {
            onResult(state.wait(for: index))
        }
    }
}

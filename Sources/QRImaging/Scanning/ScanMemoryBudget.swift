import FoundationEssentials

/// Memory shared by the images a process decodes and scans at once: each job reserves what its
/// image will take before the decoder allocates it, and waits while other jobs hold too much.
///
/// Waiters are served first come, first served, so a large image is not starved by a stream of small
/// ones. A job never holds a reservation while it waits (growing one releases it first), so jobs
/// cannot wait on each other. One request larger than the whole budget is refused at once.
public final class ScanMemoryBudget: @unchecked Sendable {
    // @unchecked: every stored var is read and written only while holding `condition`.
    private let condition = ConditionLock()
    /// The whole budget in bytes.
    public let capacity: Int
    private var available: Int
    private var nextTicket = 0
    private var serving = 0
    private var peak = 0

    /// A budget of `capacity` bytes (at least 1).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
        self.available = self.capacity
    }

    /// The default for a scan: a quarter of the machine's memory, between 256 MiB and 4 GiB.
    public static var defaultCapacity: Int {
        let quarter = ProcessInfo.processInfo.physicalMemory / 4
        return Int(min(max(quarter, 256 << 20), 4 << 30))
    }

    /// The most bytes held at once so far (for tests and reports).
    public var peakReserved: Int {
        condition.lock()
        defer { condition.unlock() }
        return peak
    }

    /// How many reservations are waiting (for tests).
    var queued: Int {
        condition.lock()
        defer { condition.unlock() }
        return nextTicket - serving
    }

    /// Blocks until `bytes` are free, in arrival order, and takes them.
    /// - Throws: `ImagingError.tooManyPixels` when `bytes` exceed the whole budget (waiting could not help).
    func reserve(_ bytes: Int, what: @autoclosure () -> String) throws(ImagingError) {
        guard bytes <= capacity else {
            throw ImagingError(
                .tooManyPixels,
                "\(what()) needs \(Self.mebibytes(bytes)) MiB to decode and scan, over the scan memory budget of \(Self.mebibytes(capacity)) MiB"
            )
        }
        condition.lock()
        defer { condition.unlock() }
        let ticket = nextTicket
        nextTicket += 1
        while serving != ticket || available < bytes {
            condition.wait()
        }
        serving += 1
        available -= bytes
        peak = max(peak, capacity - available)
        condition.broadcast()
    }

    /// Gives `bytes` back and wakes the waiters.
    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        condition.lock()
        available = min(capacity, available + bytes)
        condition.broadcast()
        condition.unlock()
    }

    static func mebibytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }
}

/// One job's hold on a `ScanMemoryBudget`, sized by what its decoder reports.
final class ScanMemoryReservation: @unchecked Sendable {
    // @unchecked: used by one worker thread at a time (the decoder calls back on the caller's thread).
    private let budget: ScanMemoryBudget
    private let extra: (ImageAllocation) -> Int
    private(set) var held = 0

    /// `extra` is what scanning the decoded image adds to the decoder's own allocation.
    init(budget: ScanMemoryBudget, extra: @escaping (ImageAllocation) -> Int) {
        self.budget = budget
        self.extra = extra
    }

    /// Holds enough for `allocation` plus the scan; a second, larger report (libpng after the direct
    /// PNG reader gave up) releases the first hold and queues again, so no job waits while holding.
    func admit(_ allocation: ImageAllocation) throws(ImagingError) {
        let (sum, overflow) = allocation.bytes.addingReportingOverflow(extra(allocation))
        let needed = overflow ? Int.max : sum
        guard needed > held else { return }
        budget.release(held)
        held = 0
        try budget.reserve(needed, what: "the \(allocation.width) × \(allocation.height) image")
        held = needed
    }

    /// Gives everything back.
    func release() {
        budget.release(held)
        held = 0
    }
}
